package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"feedlab/store/db"
)

// Exclusion is why a participant is left out of the analysis, who decided it and when
// (migration 0020). The data stays; exports mark the participant and can leave them out.
type Exclusion struct {
	Reason     string
	ExcludedBy string
	ExcludedAt int64 // Unix ms
}

// ExcludeParticipant excludes participant userID of a study with a reason, and writes the
// audit entry (action exclude) in the same transaction. Excluding again replaces the
// reason. An unknown participant gives ErrNotFound.
func (s *Store) ExcludeParticipant(ctx context.Context, experimentID, userID, reason string, by AuditRecord) error {
	err := s.withTx(ctx, func(q *db.Queries) error {
		p, err := q.GetParticipant(ctx, db.GetParticipantParams{ExperimentID: experimentID, UserID: userID})
		if err != nil {
			return notFound(err)
		}
		if err := q.UpsertExclusion(ctx, db.UpsertExclusionParams{
			ParticipantID: p.ParticipantID, ExperimentID: experimentID, Reason: reason,
			ExcludedBy: by.Researcher, ExcludedAt: s.millis(),
		}); err != nil {
			return err
		}
		return s.auditIn(ctx, q, experimentID, &by, AuditExclude)
	})
	if err != nil {
		return fmt.Errorf("store: exclude participant %s of %s: %w", userID, experimentID, err)
	}
	return nil
}

// IncludeParticipant takes participant userID of a study back into the analysis and writes
// the audit entry (action include) in the same transaction. It reports whether they were
// excluded (nothing is written when they were not). An unknown participant gives
// ErrNotFound.
func (s *Store) IncludeParticipant(ctx context.Context, experimentID, userID string, by AuditRecord) (bool, error) {
	var n int64
	err := s.withTx(ctx, func(q *db.Queries) error {
		p, err := q.GetParticipant(ctx, db.GetParticipantParams{ExperimentID: experimentID, UserID: userID})
		if err != nil {
			return notFound(err)
		}
		if n, err = q.DeleteExclusion(ctx, p.ParticipantID); err != nil || n == 0 {
			return err
		}
		return s.auditIn(ctx, q, experimentID, &by, AuditInclude)
	})
	if err != nil {
		return false, fmt.Errorf("store: include participant %s of %s: %w", userID, experimentID, err)
	}
	return n > 0, nil
}

// ExclusionOf is a participant's exclusion; ok is false when they are not excluded.
func (s *Store) ExclusionOf(ctx context.Context, participantID int64) (e Exclusion, ok bool, err error) {
	r, err := s.rq.GetExclusion(ctx, participantID)
	if errors.Is(err, sql.ErrNoRows) {
		return Exclusion{}, false, nil
	}
	if err != nil {
		return Exclusion{}, false, fmt.Errorf("store: exclusion of participant %d: %w", participantID, err)
	}
	return Exclusion{Reason: r.Reason, ExcludedBy: r.ExcludedBy, ExcludedAt: r.ExcludedAt}, true, nil
}

// StudyExclusions are a study's excluded participants, by participant id: few beside the
// participants, so the exports hold them in a map.
func (s *Store) StudyExclusions(ctx context.Context, experimentID string) (map[int64]Exclusion, error) {
	rows, err := s.rq.StudyExclusions(ctx, experimentID)
	if err != nil {
		return nil, fmt.Errorf("store: exclusions of %s: %w", experimentID, err)
	}
	out := make(map[int64]Exclusion, len(rows))
	for _, r := range rows {
		out[r.ParticipantID] = Exclusion{Reason: r.Reason, ExcludedBy: r.ExcludedBy, ExcludedAt: r.ExcludedAt}
	}
	return out, nil
}

// ExcludedCount is how many real (not test) participants of a study are excluded.
func (s *Store) ExcludedCount(ctx context.Context, experimentID string) (int64, error) {
	n, err := s.rq.CountStudyExclusions(ctx, experimentID)
	if err != nil {
		return 0, fmt.Errorf("store: count exclusions of %s: %w", experimentID, err)
	}
	return n, nil
}

// TimelineAnswer is one answers row of a participant (a questionnaire answer, a checkpoint,
// an arrival parameter or the condition), for their page.
type TimelineAnswer struct {
	EventID               string // a questionnaire page's rows share the id before their last '/'
	Kind, Field, Response string
	ClientTime            sql.NullInt64
	ReceivedAt            int64
}

// TimelineEngagement is one engagements row of a participant (a click, a video event or a
// dwell), for their page.
type TimelineEngagement struct {
	EntityID                          int64
	EngagementType, Response          string
	TimeContentViewed, TimeEngagement sql.NullInt64
	ReceivedAt                        int64
}

// ParticipantTimeline reads at most limit answers rows and limit engagements rows of a
// participant, each in the order the server received them. The bound keeps one page from
// reading a million rows; the caller merges and cuts the two lists.
func (s *Store) ParticipantTimeline(ctx context.Context, participantID int64, limit int) ([]TimelineAnswer, []TimelineEngagement, error) {
	ans, err := s.rq.ParticipantAnswerEvents(ctx, db.ParticipantAnswerEventsParams{ParticipantID: participantID, Limit: int64(limit)})
	if err != nil {
		return nil, nil, fmt.Errorf("store: answers of participant %d: %w", participantID, err)
	}
	eng, err := s.rq.ParticipantEngagementEvents(ctx, db.ParticipantEngagementEventsParams{ParticipantID: participantID, Limit: int64(limit)})
	if err != nil {
		return nil, nil, fmt.Errorf("store: engagements of participant %d: %w", participantID, err)
	}
	return convertRows(ans, func(r db.ParticipantAnswerEventsRow) TimelineAnswer { return TimelineAnswer(r) }),
		convertRows(eng, func(r db.ParticipantEngagementEventsRow) TimelineEngagement { return TimelineEngagement(r) }), nil
}
