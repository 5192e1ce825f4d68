package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"feedlab/store/db"
)

// A new participant's registration is committed by the event writer, in the same
// transaction as the events and other arrivals queued with it (issue 28): the writer's
// clocks showed it saturated, most of its time in commits, half of them one arrival's
// fsync each. Durability is unchanged: each arrival is answered only after the commit
// that holds it, as each event is. Each arrival is written in a savepoint of its own,
// so one that fails (the study changed, a conflict) is rolled back alone.

// arrivalJob is one arrival's write, queued for the event writer.
type arrivalJob struct {
	reg  Registration
	plan arrivalPlan // the plan as the caller holds it (read-only here)
	// write stores the arrival; it runs inside the group's transaction and must not
	// depend on the caller's cancellation (an interrupted statement can roll back the
	// whole group).
	write func(q *db.Queries, tx *sql.Tx) error
	// released is set by the writer when it gave the plan's reservation back at the
	// commit (read by the caller after the answer).
	released bool
}

// withReservedTx has fn's writes committed (by the event writer, in its next group) and,
// at that commit, gives the plan's reservation back in the same step, under the
// reservations' lock: a plan made at the same time then sees the new participant either
// as a reservation or as a row, never as both (which would steer it away from that
// condition) and never as neither.
func (s *Store) withReservedTx(ctx context.Context, reg Registration, plan *arrivalPlan, fn func(q *db.Queries, tx *sql.Tx) error) error {
	job := &arrivalJob{reg: reg, plan: *plan, write: fn}
	res := s.events.enqueue(ctx, eventRequest{arrival: job})
	if job.released {
		plan.reserved = false
	}
	return res.err
}

// writeArrival runs one arrival's write in its own savepoint of the group's transaction.
// err is the arrival's own failure (its writes rolled back); failed, a failure of the
// transaction itself.
func (w *eventWriter) writeArrival(tx *sql.Tx, q *db.Queries, job *arrivalJob) (err, failed error) {
	if _, err := tx.Exec("SAVEPOINT arrival"); err != nil {
		return nil, err
	}
	t := time.Now()
	err = job.write(q, tx)
	w.s.clocks.arrivalWrite.add(time.Since(t))
	if err != nil {
		if _, rerr := tx.Exec("ROLLBACK TO arrival"); rerr != nil {
			return nil, fmt.Errorf("roll back an arrival: %w (after %w)", rerr, err)
		}
	}
	if _, rerr := tx.Exec("RELEASE arrival"); rerr != nil {
		return nil, rerr
	}
	return err, nil
}

// commitGroup commits the group's transaction. When the group holds arrivals, the commit
// and their reservations' release are one step under the reservations' lock (see
// withReservedTx).
func (w *eventWriter) commitGroup(tx *sql.Tx, began time.Time, group []eventRequest, results []eventResult) error {
	arrivals := false
	for _, req := range group {
		arrivals = arrivals || req.arrival != nil
	}
	c := &w.s.clocks.events
	if !arrivals {
		return commitTimed(tx, c, began)
	}
	s := w.s
	s.reserved.mu.Lock()
	defer s.reserved.mu.Unlock()
	if err := commitTimed(tx, c, began); err != nil {
		return err
	}
	for i, req := range group {
		job := req.arrival
		if job == nil || results[i].err != nil || !job.plan.reserved {
			continue
		}
		s.reserved.add(job.reg.ExperimentID, job.reg.NConditions, job.plan.condition, -1)
		s.loadCounts.arrived(job.reg.ExperimentID, job.plan.condition, job.reg.Assignment)
		job.released = true
	}
	return nil
}
