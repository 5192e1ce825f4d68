package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"feedlab/store/db"
)

// Assignment is how a study assigns new participants (the recruitment parameters).
type Assignment struct {
	// ByArrivals balances every arrival holding a place (the rule before issue 11);
	// otherwise conditions are balanced by completed plus recently active participants.
	ByArrivals bool
	// ActiveWindow: a participant in progress whose last event is at most this old counts
	// toward balance and quotas; 0 means DefaultActiveWindow, so that the zero Assignment
	// is the default rule.
	ActiveWindow time.Duration
	// CompletedOnly counts completed participants only (assignment-active-minutes 0).
	CompletedOnly bool
	// Quotas[c-1] is condition c's quota of completed participants; 0 (or missing) = none.
	Quotas []int
	// QuotaTotal is the study's quota of completed participants; 0 = none.
	QuotaTotal int
}

// DefaultActiveWindow is the window of the default rule (assignment-active-minutes 30).
const DefaultActiveWindow = 30 * time.Minute

// ErrOverQuota is returned when a new participant arrives and every condition open to
// them is full. When the quotas are reached by completed participants the study is also
// closed (see closeForQuota).
var ErrOverQuota = errors.New("every condition of the study is full")

// The exit states of a participant (participants.exit_state). "" while in progress.
const (
	ExitCompleted        = "completed"
	ExitReturned         = "returned"
	ExitTimedOut         = "timed_out"
	ExitScreenedOut      = "screened_out"
	ExitOverQuota        = "over_quota"
	ExitQualityTerminate = "quality_terminate"
	ExitTerminate        = "terminate"
)

// ExitStates are the exit states SetExitState accepts. Only completed (and in progress)
// hold a place: every other state frees it for balance and quotas.
var ExitStates = []string{ExitCompleted, ExitReturned, ExitTimedOut, ExitScreenedOut, ExitOverQuota, ExitQualityTerminate, ExitTerminate}

// QuotaReachedDetail is the audit log's detail when a study closes itself.
const QuotaReachedDetail = "quota reached"

// SetExitState records how a participant's session ended. An unknown participant gives
// ErrNotFound; an unknown state is an error and changes nothing.
func (s *Store) SetExitState(ctx context.Context, participantID int64, state string) error {
	if !slices.Contains(ExitStates, state) {
		return fmt.Errorf("store: set exit state: %q is not one of %v", state, ExitStates)
	}
	var n int64
	defer s.loadCounts.forget("") // an exit state may free a place (load_cache.go)
	err := s.withTx(ctx, func(q *db.Queries) error {
		var err error
		n, err = q.SetParticipantExitState(ctx, db.SetParticipantExitStateParams{ExitState: state, ParticipantID: participantID})
		return err
	})
	if err != nil {
		return fmt.Errorf("store: set exit state of participant %d: %w", participantID, err)
	}
	if n == 0 {
		return fmt.Errorf("store: set exit state of participant %d: %w", participantID, ErrNotFound)
	}
	return nil
}

// conditionLoad is what the assignment rule reads of one condition.
type conditionLoad struct {
	arrivals, completed, active int64
}

// loads reads, inside the registration transaction, each condition's load at now.
func loads(ctx context.Context, q *db.Queries, experimentID string, n int, a Assignment, now int64) ([]conditionLoad, error) {
	window := a.ActiveWindow
	if window <= 0 {
		window = DefaultActiveWindow
	}
	activeSince := now - window.Milliseconds()
	if a.CompletedOnly {
		activeSince = now + 1 // nobody in progress counts
	}
	rows, err := q.AssignmentCounts(ctx, db.AssignmentCountsParams{ActiveSince: sql.NullInt64{Int64: activeSince, Valid: true}, ExperimentID: experimentID})
	if err != nil {
		return nil, err
	}
	out := make([]conditionLoad, n+1) // 1-based
	for _, r := range rows {
		if r.Condition >= 1 && int(r.Condition) <= n {
			out[r.Condition] = conditionLoad{arrivals: r.Arrivals, completed: r.Completed, active: r.Active}
		}
	}
	return out, nil
}

// chooseCondition picks the condition for a new participant among 1..n: among those not
// full, one with the fewest completed plus active participants (or arrivals under
// ByArrivals), ties at random. ok is false when every condition is full. A condition is
// full when its quota is reached by completed plus active participants (so people still
// in progress do not over-fill it), or the study's total is.
func chooseCondition(n int, l []conditionLoad, a Assignment, rnd func(int) int) (int, bool) {
	var taken int64
	for c := 1; c <= n; c++ {
		taken += l[c].completed + l[c].active
	}
	if a.QuotaTotal > 0 && taken >= int64(a.QuotaTotal) {
		return 0, false
	}
	var least []int
	var min int64
	for c := 1; c <= n; c++ {
		if q := quotaOf(a, c); q > 0 && l[c].completed+l[c].active >= int64(q) {
			continue
		}
		load := l[c].completed + l[c].active
		if a.ByArrivals {
			load = l[c].arrivals
		}
		switch {
		case len(least) == 0 || load < min:
			least, min = []int{c}, load
		case load == min:
			least = append(least, c)
		}
	}
	if len(least) == 0 {
		return 0, false
	}
	return least[rnd(len(least))], true
}

func quotaOf(a Assignment, c int) int {
	if c-1 < len(a.Quotas) {
		return a.Quotas[c-1]
	}
	return 0
}

// quotasReached is true when the study's quotas are met by completed participants alone:
// the total, or every condition's own quota (each condition must have one).
func quotasReached(n int, l []conditionLoad, a Assignment) bool {
	var done int64
	for c := 1; c <= n; c++ {
		done += l[c].completed
	}
	if a.QuotaTotal > 0 && done >= int64(a.QuotaTotal) {
		return true
	}
	for c := 1; c <= n; c++ {
		if q := quotaOf(a, c); q == 0 || l[c].completed < int64(q) {
			return false
		}
	}
	return n > 0
}

// closeForQuota closes an open study whose quotas are reached and records it in the audit
// log (researcher "feedlab", action status, detail "quota reached"). It answers whether
// it closed the study now.
func closeForQuota(ctx context.Context, q *db.Queries, experimentID string, at int64) (bool, error) {
	n, err := q.CloseStudyForQuota(ctx, experimentID)
	if err != nil || n == 0 {
		return false, err
	}
	return true, q.InsertAuditEntry(ctx, db.InsertAuditEntryParams{
		ExperimentID: experimentID, At: at, Researcher: AuditSystem, Action: AuditStatus, Detail: QuotaReachedDetail,
	})
}

// AuditSystem is the audit log's researcher for what feedlab does by itself.
const AuditSystem = "feedlab"

// CloseIfQuotasReached closes the study when its quotas are met by completed participants
// (called after a completion). It answers whether it closed the study now.
func (s *Store) CloseIfQuotasReached(ctx context.Context, experimentID string, n int, a Assignment) (bool, error) {
	if !hasQuota(a) {
		return false, nil
	}
	var closed bool
	err := s.withTx(ctx, func(q *db.Queries) error {
		now := s.millis()
		l, err := loads(ctx, q, experimentID, n, a, now)
		if err != nil || !quotasReached(n, l, a) {
			return err
		}
		closed, err = closeForQuota(ctx, q, experimentID, now)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("store: close %s for quota: %w", experimentID, err)
	}
	return closed, nil
}

// tieBreak picks one of n tied conditions at random; tests give a store their own
// (Store.tieBreak) to make it predictable.
func (s *Store) tieBreak(n int) int {
	if s.pickTie != nil {
		return s.pickTie(n)
	}
	return rand.IntN(n)
}

func hasQuota(a Assignment) bool {
	return a.QuotaTotal > 0 || slices.ContainsFunc(a.Quotas, func(q int) bool { return q > 0 })
}

// ExitCount is how many real participants of a condition ended in an exit state.
type ExitCount struct {
	Condition int64
	State     string
	N         int64
}

// ExitCounts counts a study's real participants per condition and exit state (those in
// progress left out), for the dashboard.
func (s *Store) ExitCounts(ctx context.Context, experimentID string) ([]ExitCount, error) {
	rows, err := s.rq.CountExitStates(ctx, experimentID)
	if err != nil {
		return nil, fmt.Errorf("store: exit states of %s: %w", experimentID, err)
	}
	out := make([]ExitCount, len(rows))
	for i, r := range rows {
		out[i] = ExitCount{Condition: r.Condition, State: r.ExitState, N: r.N}
	}
	return out, nil
}

// ExitMark is an exit state to record for one participant.
type ExitMark struct {
	ParticipantID int64
	State         string
}

// MarkExits records several participants' exit states (reconciliation's returns and
// time-outs) and the audit entry that says so (action mark_returns), in one transaction:
// the places are freed and the log says who freed them, or neither. Nothing is written for
// an empty list.
func (s *Store) MarkExits(ctx context.Context, experimentID string, marks []ExitMark, by AuditRecord) error {
	if len(marks) == 0 {
		return nil
	}
	for _, m := range marks {
		if !slices.Contains(ExitStates, m.State) {
			return fmt.Errorf("store: mark exits: %q is not one of %v", m.State, ExitStates)
		}
	}
	err := s.withTx(ctx, func(q *db.Queries) error {
		for _, m := range marks {
			n, err := q.SetParticipantExitState(ctx, db.SetParticipantExitStateParams{ExitState: m.State, ParticipantID: m.ParticipantID})
			if err != nil {
				return err
			}
			if n == 0 {
				return fmt.Errorf("participant %d: %w", m.ParticipantID, ErrNotFound)
			}
		}
		return q.InsertAuditEntry(ctx, db.InsertAuditEntryParams{
			ExperimentID: experimentID, At: s.millis(), Researcher: by.Researcher, Action: AuditMarkReturns, Detail: by.Detail,
		})
	})
	if err != nil {
		return fmt.Errorf("store: mark exits of %s: %w", experimentID, err)
	}
	return nil
}
