package store

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"feedlab/store/db"
)

// The dashboard's counters, kept up to date on the write side: the event writer and the
// arrival and completion paths move each participant's funnel stage, bump the timeline
// slots and the duration histogram, and touch last_seen_at, so the dashboard reads
// counters instead of scanning engagements (docs/dashboard.md).

// Funnel stages, in order (docs/dashboard.md). participants.stage holds the furthest one
// a participant reached; it only moves forward.
const (
	StageArrived        = "arrived"
	StageConsented      = "consented"
	StageFeed           = "feed"
	StageSubmitted      = "submitted"
	StageQuestionnaires = "questionnaires"
	StageCompleted      = "completed"
)

// Stages lists the funnel stages in order.
var Stages = []string{StageArrived, StageConsented, StageFeed, StageSubmitted, StageQuestionnaires, StageCompleted}

// StageRank is a stage's position in Stages (-1 for none).
func StageRank(stage string) int {
	for i, s := range Stages {
		if s == stage {
			return i
		}
	}
	return -1
}

// stageOfAnswer is the stage a stored row shows its participant reached ("" for none):
// the spec's checkpoints (consent-agree, feed-landed, submit-click) and any questionnaire
// answer. Completion is set by CompleteParticipant, not by a row.
func stageOfAnswer(a Answer) string {
	switch a.Kind {
	case AnswerKindAnswer:
		return StageQuestionnaires
	case AnswerKindCheckpoint:
		switch {
		case a.Field == "consent-agree":
			return StageConsented
		case a.Field == "feed-landed":
			return StageFeed
		case a.Field == "submit-click":
			return StageSubmitted
		case strings.HasPrefix(a.Field, FormDoneCheckpoint):
			return StageQuestionnaires
		}
	}
	return ""
}

// FormDoneCheckpoint prefixes the checkpoint a questionnaire page writes when the
// participant submits it (form-done:/form/demographics): the completion check reads them.
const FormDoneCheckpoint = "form-done:"

// touch is what one group commit learnt of one participant.
type touch struct {
	stage       string
	engagements map[string][2]int64 // type → rows, sum of dwell ms
	rows        int64
}

// SeenResolution is how stale participants.last_seen_at may be: the event writer rewrites
// it only when it is older than this. Every rewrite moves the participant in two dashboard
// indexes, which made last activity the costliest write of ingestion for a participant
// sending events every few seconds; the windows that read it are 30 minutes long.
const SeenResolution = 5 * time.Second

// touchParticipants updates last_seen_at and stage of the participants of a committed
// group, and keeps the dashboard counters of real participants (funnel, engagements, rows
// per minute). It runs inside the group's transaction with a fixed number of statements
// per group (at most one read of the participants, one update of their last activity, one upsert
// per study, condition and engagement type), plus two per participant whose stage moves
// forward: what a group costs does not grow with its participants' statements.
//
// The participants' rows come from the writer's memory where it can (knownParticipants);
// the returned rows are what the group leaves them as, for the writer to remember once the
// group commits.
func touchParticipants(ctx context.Context, q *db.Queries, known *knownParticipants, touches map[int64]*touch, now int64) ([]knownRow, error) {
	if len(touches) == 0 {
		return nil, nil
	}
	ids := make([]int64, 0, len(touches))
	for id := range touches {
		ids = append(ids, id)
	}
	rows, err := known.participantsOf(ctx, q, touches, ids)
	if err != nil {
		return nil, fmt.Errorf("touch participants: %w", err)
	}
	after := make([]knownRow, len(rows))
	stale := ids[:0] // reuses ids' array: ids is not read again
	for i, cur := range rows {
		after[i] = knownRow{cur.ParticipantID, knownParticipant{cur.ExperimentID, cur.Condition, cur.IsTest, cur.Stage, cur.LastSeenAt}}
		if cur.LastSeenAt <= now-SeenResolution.Milliseconds() {
			stale = append(stale, cur.ParticipantID)
			after[i].lastSeenAt = now
		}
	}
	if len(stale) > 0 {
		if err := q.TouchParticipants(ctx, db.TouchParticipantsParams{SeenAt: now, ParticipantIds: jsonIDs(stale)}); err != nil {
			return nil, fmt.Errorf("touch participants: %w", err)
		}
	}
	type counterKey struct {
		study     string
		condition int64
		typ       string
	}
	counters := map[counterKey][2]int64{}
	minutes := map[string]int64{}
	for i, cur := range rows {
		t := touches[cur.ParticipantID]
		stage := cur.Stage
		if StageRank(t.stage) > StageRank(stage) {
			stage = t.stage
			after[i].stage = stage
			if err := q.SetParticipantStage(ctx, db.SetParticipantStageParams{Stage: stage, ParticipantID: cur.ParticipantID}); err != nil {
				return nil, fmt.Errorf("touch participant %d: %w", cur.ParticipantID, err)
			}
		}
		if cur.IsTest != 0 {
			continue
		}
		if stage != cur.Stage {
			if err := moveFunnel(ctx, q, cur.ExperimentID, cur.Condition, cur.Stage, stage); err != nil {
				return nil, err
			}
		}
		minutes[cur.ExperimentID] += t.rows
		for typ, c := range t.engagements {
			k := counterKey{cur.ExperimentID, cur.Condition, typ}
			sum := counters[k]
			counters[k] = [2]int64{sum[0] + c[0], sum[1] + c[1]}
		}
	}
	for k, c := range counters {
		if err := q.AddDashboardEngagements(ctx, db.AddDashboardEngagementsParams{
			ExperimentID: k.study, Condition: k.condition, EngagementType: k.typ, N: c[0], ValueSum: c[1],
		}); err != nil {
			return nil, fmt.Errorf("dashboard counters: %w", err)
		}
	}
	for study, n := range minutes {
		if n == 0 {
			continue
		}
		if err := q.AddDashboardMinute(ctx, db.AddDashboardMinuteParams{ExperimentID: study, Minute: now / 60000, N: n}); err != nil {
			return nil, fmt.Errorf("dashboard minutes: %w", err)
		}
	}
	return after, nil
}

// jsonIDs is ids as a JSON array, for the queries that take a group's participants
// through json_each.
func jsonIDs(ids []int64) string {
	b := make([]byte, 0, 8*len(ids)+2)
	b = append(b, '[')
	for i, id := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, id, 10)
	}
	return string(append(b, ']'))
}

// moveFunnel moves one real participant between funnel stages ("" from: a new arrival).
func moveFunnel(ctx context.Context, q *db.Queries, study string, condition int64, from, to string) error {
	if from != "" {
		if err := q.AddDashboardFunnel(ctx, db.AddDashboardFunnelParams{ExperimentID: study, Condition: condition, Stage: from, N: -1}); err != nil {
			return fmt.Errorf("dashboard funnel: %w", err)
		}
	}
	if err := q.AddDashboardFunnel(ctx, db.AddDashboardFunnelParams{ExperimentID: study, Condition: condition, Stage: to, N: 1}); err != nil {
		return fmt.Errorf("dashboard funnel: %w", err)
	}
	return nil
}

// Timeline slot widths kept in dashboard_slots.
const (
	SlotMinute = int64(60_000)
	SlotHour   = int64(3_600_000)
)

// countSlot adds an arrival or a completion at ms to the minute and hour slots.
func countSlot(ctx context.Context, q *db.Queries, study string, ms int64, arrival bool) error {
	for _, w := range []int64{SlotMinute, SlotHour} {
		p := db.AddDashboardSlotParams{ExperimentID: study, WidthMs: w, Slot: ms / w}
		if arrival {
			p.Arrivals = 1
		} else {
			p.Completions = 1
		}
		if err := q.AddDashboardSlot(ctx, p); err != nil {
			return fmt.Errorf("dashboard timeline: %w", err)
		}
	}
	return nil
}

// DurationBin is the dashboard_durations bin of a time to complete: bins are 2% wide, so
// a percentile read from them is within 2% of the exact one.
func DurationBin(ms int64) int64 {
	return int64(math.Floor(math.Log(float64(max(ms, 1))) / math.Log(1.02)))
}

// DurationOfBin is the lower edge of a bin, in ms.
func DurationOfBin(bin int64) int64 { return int64(math.Round(math.Pow(1.02, float64(bin)))) }

// noteEvent records in touches what one stored event tells of its participants.
func noteEvent(touches map[int64]*touch, ev Event, stored int) {
	get := func(id int64) *touch {
		t := touches[id]
		if t == nil {
			t = &touch{stage: StageArrived}
			touches[id] = t
		}
		return t
	}
	for _, e := range ev.Engagements {
		t := get(e.ParticipantID)
		if t.engagements == nil {
			t.engagements = map[string][2]int64{}
		}
		c := t.engagements[e.Type]
		c[0]++
		if e.Type == "dwell" {
			ms, err := strconv.ParseInt(e.Response, 10, 64) // what the handlers store
			if err != nil {
				ms = 0
				fmt.Sscan(e.Response, &ms) // any other row: its leading number, as before
			}
			c[1] += ms
		}
		t.engagements[e.Type] = c
	}
	for _, a := range ev.Answers {
		t := get(a.ParticipantID)
		if st := stageOfAnswer(a); StageRank(st) > StageRank(t.stage) {
			t.stage = st
		}
	}
	if stored > 0 {
		var id int64
		if len(ev.Engagements) > 0 {
			id = ev.Engagements[0].ParticipantID
		} else if len(ev.Answers) > 0 {
			id = ev.Answers[0].ParticipantID
		}
		get(id).rows += int64(stored)
	}
}
