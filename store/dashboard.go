package store

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"

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

// touchParticipants updates last_seen_at and stage once per participant of a committed
// group, and adds the group's rows to the dashboard counters of real participants. It runs
// inside the group's transaction: a few statements per participant per commit, never one
// per event.
func touchParticipants(ctx context.Context, q *db.Queries, touches map[int64]*touch, now int64) error {
	minutes := map[string]int64{}
	for id, t := range touches {
		row, err := q.TouchParticipant(ctx, db.TouchParticipantParams{SeenAt: now, StageRank: int64(StageRank(t.stage)), Stage: t.stage, ParticipantID: id})
		if err != nil {
			return fmt.Errorf("touch participant %d: %w", id, err)
		}
		if row.IsTest != 0 {
			continue
		}
		minutes[row.ExperimentID] += t.rows
		for typ, c := range t.engagements {
			if err := q.AddDashboardEngagements(ctx, db.AddDashboardEngagementsParams{
				ExperimentID: row.ExperimentID, Condition: row.Condition, EngagementType: typ, N: c[0], ValueSum: c[1],
			}); err != nil {
				return fmt.Errorf("dashboard counters: %w", err)
			}
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
	Funnel      []db.DashboardFunnelRow // per condition and stage: participants, of them dropped
	Arrivals    []db.DashboardArrivalsRow
	Completions []db.DashboardCompletionsRow
	Engagements []db.DashboardEngagementsRow
	RecentRows  int64 // rows stored since RecentSince (minute buckets)
}

// Dashboard reads a study's dashboard aggregates: participants whose last event is before
// droppedBefore (ms) and who did not complete count as dropped; arrivals are bucketed by
// bucketMs; rows stored from minute sinceMinute on are summed.
func (s *Store) Dashboard(ctx context.Context, experimentID string, droppedBefore, bucketMs, sinceMinute int64) (DashboardData, error) {
	var d DashboardData
	var err error
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return d, fmt.Errorf("store: dashboard: %w", err)
	}
	defer tx.Rollback()
	q := s.rq.WithTx(tx)
	if d.Funnel, err = q.DashboardFunnel(ctx, db.DashboardFunnelParams{DroppedBefore: droppedBefore, ExperimentID: experimentID}); err != nil {
		return d, fmt.Errorf("store: dashboard funnel: %w", err)
	}
	if d.Arrivals, err = q.DashboardArrivals(ctx, db.DashboardArrivalsParams{BucketMs: bucketMs, ExperimentID: experimentID}); err != nil {
		return d, fmt.Errorf("store: dashboard arrivals: %w", err)
	}
	if d.Completions, err = q.DashboardCompletions(ctx, experimentID); err != nil {
		return d, fmt.Errorf("store: dashboard completions: %w", err)
	}
	if d.Engagements, err = q.DashboardEngagements(ctx, experimentID); err != nil {
		return d, fmt.Errorf("store: dashboard engagements: %w", err)
	}
	if d.RecentRows, err = q.DashboardMinutes(ctx, db.DashboardMinutesParams{ExperimentID: experimentID, Minute: sinceMinute}); err != nil {
		return d, fmt.Errorf("store: dashboard minutes: %w", err)
	}
	return d, nil
}

// StartedRange answers the first and last arrival of a study's real participants (0, 0
// when none).
func (s *Store) StartedRange(ctx context.Context, experimentID string) (first, last int64, err error) {
	r, err := s.rq.DashboardStartedRange(ctx, experimentID)
	if err != nil {
		return 0, 0, fmt.Errorf("store: started range: %w", err)
	}
	return r.FirstStarted, r.LastStarted, nil
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
		like := likePrefix(f.Query)
		where = append(where, `(user_id LIKE ? ESCAPE '\' OR EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(platform_ids) THEN platform_ids ELSE '{}' END) j WHERE CAST(j.value AS TEXT) LIKE ? ESCAPE '\'))`)
		args = append(args, like, like)
	}
	cond := strings.Join(where, " AND ")
	var page ParticipantPage
	if err := s.read.QueryRowContext(ctx, "SELECT count(*) FROM participants WHERE "+cond, args...).Scan(&page.Total); err != nil {
		return page, fmt.Errorf("store: participant table: count: %w", err)
	}
	rows, err := s.read.QueryContext(ctx, `SELECT participant_id, experiment_id, user_id, condition, seed, platform_ids,
		query_params, started_at, completed_at, completion_code, is_test, stage, last_seen_at, study_version
		FROM participants WHERE `+cond+` ORDER BY started_at DESC, participant_id DESC LIMIT ? OFFSET ?`,
		append(args, f.Limit, f.Offset)...)
	if err != nil {
		return page, fmt.Errorf("store: participant table: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var p Participant
		if err := rows.Scan(&p.ParticipantID, &p.ExperimentID, &p.UserID, &p.Condition, &p.Seed, &p.PlatformIds,
			&p.QueryParams, &p.StartedAt, &p.CompletedAt, &p.CompletionCode, &p.IsTest, &p.Stage, &p.LastSeenAt, &p.StudyVersion); err != nil {
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
