package store

import (
	"context"
	"database/sql"
	"fmt"

	"feedlab/store/db"
)

// DashboardData is what the live dashboard is computed from; test participants are never
// in it.
type DashboardData struct {
	Funnel      []FunnelCount     // real participants per condition and furthest stage
	Dropped     []ConditionCount  // of them, per condition, not completed and not seen since
	Engagements []EngagementCount // engagement rows per condition and type
	RecentRows  int64             // rows stored from minute sinceMinute on
	Durations   []BinCount        // times to complete, per DurationBin
}

// FunnelCount is how many real participants of a condition reached stage as their furthest.
type FunnelCount struct {
	Condition int64
	Stage     string
	N         int64
}

// ConditionCount is a count per condition.
type ConditionCount struct {
	Condition int64
	N         int64
}

// EngagementCount is the engagement rows of one type in one condition (ValueSum: the sum
// of the milliseconds of dwell rows).
type EngagementCount struct {
	Condition      int64
	EngagementType string
	N              int64
	ValueSum       int64
}

// BinCount is a histogram bin and its count.
type BinCount struct {
	Bin int64
	N   int64
}

func convertRows[T, R any](rows []R, conv func(R) T) []T {
	out := make([]T, len(rows))
	for i, r := range rows {
		out[i] = conv(r)
	}
	return out
}

// Dashboard reads a study's dashboard counters: participants who did not complete and
// whose last event is before droppedBefore (ms) count as dropped; rows stored from minute
// sinceMinute on are summed.
func (s *Store) Dashboard(ctx context.Context, experimentID string, droppedBefore, sinceMinute int64) (DashboardData, error) {
	var d DashboardData
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return d, fmt.Errorf("store: dashboard: %w", err)
	}
	defer tx.Rollback()
	q := s.rq.WithTx(tx)
	funnel, err := q.DashboardFunnelCounts(ctx, experimentID)
	if err != nil {
		return d, fmt.Errorf("store: dashboard funnel: %w", err)
	}
	d.Funnel = convertRows(funnel, func(r db.DashboardFunnelCountsRow) FunnelCount { return FunnelCount(r) })
	dropped, err := q.DashboardDropped(ctx, db.DashboardDroppedParams{ExperimentID: experimentID, DroppedBefore: sql.NullInt64{Int64: droppedBefore, Valid: true}})
	if err != nil {
		return d, fmt.Errorf("store: dashboard dropped: %w", err)
	}
	d.Dropped = convertRows(dropped, func(r db.DashboardDroppedRow) ConditionCount { return ConditionCount(r) })
	engagements, err := q.DashboardEngagements(ctx, experimentID)
	if err != nil {
		return d, fmt.Errorf("store: dashboard engagements: %w", err)
	}
	d.Engagements = convertRows(engagements, func(r db.DashboardEngagementsRow) EngagementCount { return EngagementCount(r) })
	if d.RecentRows, err = q.DashboardMinutes(ctx, db.DashboardMinutesParams{ExperimentID: experimentID, Minute: sinceMinute}); err != nil {
		return d, fmt.Errorf("store: dashboard minutes: %w", err)
	}
	durations, err := q.DashboardDurations(ctx, experimentID)
	if err != nil {
		return d, fmt.Errorf("store: dashboard durations: %w", err)
	}
	d.Durations = convertRows(durations, func(r db.DashboardDurationsRow) BinCount { return BinCount(r) })
	return d, nil
}

// TimelineSlot is the arrivals and completions of one slot.
type TimelineSlot struct {
	Slot, Arrivals, Completions int64
}

// Timeline answers a study's arrivals and completions per slot of width (SlotMinute or
// SlotHour) from slot since on, and the first slot with any (-1 when none).
func (s *Store) Timeline(ctx context.Context, experimentID string, width, since int64) ([]TimelineSlot, error) {
	rows, err := s.rq.DashboardSlots(ctx, db.DashboardSlotsParams{ExperimentID: experimentID, WidthMs: width, Slot: since})
	if err != nil {
		return nil, fmt.Errorf("store: dashboard timeline: %w", err)
	}
	out := make([]TimelineSlot, len(rows))
	for i, r := range rows {
		out[i] = TimelineSlot(r)
	}
	return out, nil
}

// FirstActivity answers the start (ms) of the first hour with an arrival or completion
// of a real participant, or -1 when there is none.
func (s *Store) FirstActivity(ctx context.Context, experimentID string) (int64, error) {
	h, err := s.rq.DashboardFirstSlot(ctx, experimentID)
	if err != nil {
		return 0, fmt.Errorf("store: dashboard first arrival: %w", err)
	}
	if h < 0 {
		return -1, nil
	}
	return h * SlotHour, nil
}
