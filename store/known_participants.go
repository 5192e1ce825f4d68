package store

import (
	"context"
	"database/sql"
	"fmt"
	"sync/atomic"

	"feedlab/store/db"
)

// knownParticipants is what the event writer remembers of the participants of its recent
// groups, so a group reads from the database only the participants it has not seen: every
// group used to read all of its participants (study, condition, test flag, stage, last
// activity) to keep the dashboard's counters, and under a load of whole participants that
// read was a twentieth of the server's CPU (BENCHMARKS.md, "Sixth round"). Only the writer's
// goroutine uses it, outside forget.
//
// What it remembers stays true without being read again:
//   - study, condition and test flag never change while the participant exists;
//   - stage and last activity only move forward (SetParticipantStage is only called for a
//     later stage, CompleteParticipant sets the last one, TouchParticipants keeps the
//     latest time), so what the writer last wrote is at most as far as the row is. A
//     group that would move a participant past the remembered stage reads the row first,
//     as every group did before; last activity older than the row's only costs a touch
//     that changes nothing.
//
// What would make it false, it is emptied on: participants deleted (a deleted study's, whose
// ids a later arrival may be given again), by this process (forget, called inside the
// deleting transaction, so the writer's next group, which can only start after that
// commit, sees it) or by another (a command run beside the server: SQLite's data_version
// moves when another connection commits). Entries are added only after their group
// commits.
type knownParticipants struct {
	m           map[int64]knownParticipant
	dataVersion int64
	forgotten   atomic.Bool
}

type knownParticipant struct {
	experimentID string
	condition    int64
	isTest       int64
	stage        string
	lastSeenAt   int64
}

// maxKnownParticipants bounds the memory: past it the writer starts again from empty (a
// participant is about 100 bytes; the participants of one busy minute fit).
const maxKnownParticipants = 20000

// forget empties the memory before the writer's next group.
func (k *knownParticipants) forget() { k.forgotten.Store(true) }

// check empties the memory if participants may have changed behind the writer; it runs at
// the start of each group, inside its transaction.
func (k *knownParticipants) check(ctx context.Context, tx *sql.Tx) error {
	var v int64
	if err := tx.QueryRowContext(ctx, "PRAGMA data_version").Scan(&v); err != nil {
		return fmt.Errorf("data version: %w", err)
	}
	if k.forgotten.Swap(false) || v != k.dataVersion || len(k.m) > maxKnownParticipants {
		k.m = map[int64]knownParticipant{}
	}
	k.dataVersion = v
	return nil
}

// remember keeps what a committed group wrote of its participants.
func (k *knownParticipants) remember(rows []knownRow) {
	for _, r := range rows {
		k.m[r.id] = r.knownParticipant
	}
}

type knownRow struct {
	id int64
	knownParticipant
}

// participantsOf answers the current rows of ids: from memory, except those not known and
// those the group moves past the stage remembered, which are read.
func (k *knownParticipants) participantsOf(ctx context.Context, q *db.Queries, touches map[int64]*touch, ids []int64) ([]db.GetParticipantStagesRow, error) {
	out := make([]db.GetParticipantStagesRow, 0, len(ids))
	var read []int64
	for _, id := range ids {
		p, ok := k.m[id]
		if !ok || StageRank(touches[id].stage) > StageRank(p.stage) {
			read = append(read, id)
			continue
		}
		out = append(out, db.GetParticipantStagesRow{ParticipantID: id, ExperimentID: p.experimentID, Condition: p.condition,
			IsTest: p.isTest, Stage: p.stage, LastSeenAt: p.lastSeenAt})
	}
	if len(read) == 0 {
		return out, nil
	}
	rows, err := q.GetParticipantStages(ctx, jsonIDs(read))
	if err != nil {
		return nil, err
	}
	if len(rows) != len(read) {
		return nil, fmt.Errorf("%d of %d participants found", len(rows), len(read))
	}
	return append(out, rows...), nil
}
