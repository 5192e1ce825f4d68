package store

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"feedlab/store/db"
)

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
// per group (one read of the participants, one update of their last activity, one upsert
// per study, condition and engagement type), plus two per participant whose stage moves
// forward: what a group costs does not grow with its participants' statements.
func touchParticipants(ctx context.Context, q *db.Queries, touches map[int64]*touch, now int64) error {
	if len(touches) == 0 {
		return nil
	}
	ids := make([]int64, 0, len(touches))
	for id := range touches {
		ids = append(ids, id)
	}
	rows, err := q.GetParticipantStages(ctx, jsonIDs(ids))
	if err != nil {
		return fmt.Errorf("touch participants: %w", err)
	}
	if len(rows) != len(ids) {
		return fmt.Errorf("touch participants: %d of %d participants found", len(rows), len(ids))
	}
	stale := ids[:0] // reuses ids' array: ids is not read again
	for _, cur := range rows {
		if cur.LastSeenAt <= now-SeenResolution.Milliseconds() {
			stale = append(stale, cur.ParticipantID)
		}
	}
	if len(stale) > 0 {
		if err := q.TouchParticipants(ctx, db.TouchParticipantsParams{SeenAt: now, ParticipantIds: jsonIDs(stale)}); err != nil {
			return fmt.Errorf("touch participants: %w", err)
		}
	}
	type counterKey struct {
		study     string
		condition int64
		typ       string
	}
	counters := map[counterKey][2]int64{}
	minutes := map[string]int64{}
	for _, cur := range rows {
		t := touches[cur.ParticipantID]
		stage := cur.Stage
		if StageRank(t.stage) > StageRank(stage) {
			stage = t.stage
			if err := q.SetParticipantStage(ctx, db.SetParticipantStageParams{Stage: stage, ParticipantID: cur.ParticipantID}); err != nil {
				return fmt.Errorf("touch participant %d: %w", cur.ParticipantID, err)
			}
		}
		if cur.IsTest != 0 {
			continue
		}
		if stage != cur.Stage {
			if err := moveFunnel(ctx, q, cur.ExperimentID, cur.Condition, cur.Stage, stage); err != nil {
				return err
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
			return fmt.Errorf("dashboard counters: %w", err)
		}
	}
	for study, n := range minutes {
		if n == 0 {
			continue
		}
		if err := q.AddDashboardMinute(ctx, db.AddDashboardMinuteParams{ExperimentID: study, Minute: now / 60000, N: n}); err != nil {
			return fmt.Errorf("dashboard minutes: %w", err)
		}
	}
	return nil
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
			var ms int64
			fmt.Sscan(e.Response, &ms)
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

// ParticipantFilter selects rows of the participant table.
type ParticipantFilter struct {
	Condition     int    // 0: all
	Stage         string // "" all, a stage, or "dropped"
	Query         string // prefix of user_id or of a platform id
	DroppedBefore int64  // ms: not completed and last seen before this is dropped
	Offset, Limit int
	IncludeTest   bool
}

// ParticipantPage is a page of the participant table and how many rows match in all.
type ParticipantPage struct {
	Total int64
	Rows  []Participant
}

// ParticipantTable answers a page of a study's participants, newest first. It is one
// indexed count and one indexed page read, fast at 10,000 participants.
func (s *Store) ParticipantTable(ctx context.Context, experimentID string, f ParticipantFilter) (ParticipantPage, error) {
	where := []string{"experiment_id = ?"}
	args := []any{experimentID}
	if !f.IncludeTest {
		where = append(where, "is_test = 0")
	}
	if f.Condition > 0 {
		where = append(where, "condition = ?")
		args = append(args, f.Condition)
	}
	switch {
	case f.Stage == "dropped":
		where = append(where, "stage <> 'completed' AND coalesce(last_seen_at, 0) < ?")
		args = append(args, f.DroppedBefore)
	case f.Stage != "":
		where = append(where, "stage = ?")
		args = append(args, f.Stage)
	}
	if f.Query != "" {
		// A user_id starting with q (a range on the text), or a platform id value starting
		// with q: platform_ids is a JSON object of short ids, so a value starts right after
		// '":"'. A plain text match over the row is far cheaper than json_each per row.
		where = append(where, `((user_id >= ? AND user_id < ?) OR platform_ids LIKE ? ESCAPE '\')`)
		args = append(args, f.Query, f.Query+"\U0010FFFF", `%":"`+likePrefix(f.Query))
	}
	cond := strings.Join(where, " AND ")
	var page ParticipantPage
	if err := s.read.QueryRowContext(ctx, "SELECT count(*) FROM participants WHERE "+cond, args...).Scan(&page.Total); err != nil {
		return page, fmt.Errorf("store: participant table: count: %w", err)
	}
	rows, err := s.read.QueryContext(ctx, `SELECT participant_id, experiment_id, user_id, condition, seed, platform_ids,
		query_params, started_at, completed_at, completion_code, is_test, stage, last_seen_at, study_version, exit_state
		FROM participants WHERE `+cond+` ORDER BY started_at DESC, participant_id DESC LIMIT ? OFFSET ?`,
		append(args, f.Limit, f.Offset)...)
	if err != nil {
		return page, fmt.Errorf("store: participant table: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var p Participant
		if err := rows.Scan(&p.ParticipantID, &p.ExperimentID, &p.UserID, &p.Condition, &p.Seed, &p.PlatformIds,
			&p.QueryParams, &p.StartedAt, &p.CompletedAt, &p.CompletionCode, &p.IsTest, &p.Stage, &p.LastSeenAt, &p.StudyVersion, &p.ExitState); err != nil {
			return page, fmt.Errorf("store: participant table: %w", err)
		}
		page.Rows = append(page.Rows, p)
	}
	if err := rows.Err(); err != nil {
		return page, fmt.Errorf("store: participant table: %w", err)
	}
	return page, nil
}

// likePrefix escapes LIKE's wildcards in a prefix search.
func likePrefix(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(s) + "%"
}

// ChainProgress tells whether a participant submitted the feed and which questionnaire
// pages (their routes) they finished.
func (s *Store) ChainProgress(ctx context.Context, participantID int64) (submitted bool, formsDone []string, err error) {
	r, err := s.wq.ChainProgress(ctx, participantID)
	if err != nil {
		return false, nil, fmt.Errorf("store: chain progress of %d: %w", participantID, err)
	}
	for _, f := range strings.Fields(r.FormsDone) {
		formsDone = append(formsDone, strings.TrimPrefix(f, FormDoneCheckpoint))
	}
	sort.Strings(formsDone)
	return r.Submitted, formsDone, nil
}
