package store

import (
	"context"
	"database/sql"
	"fmt"
)

// ParticipantEvent is one engagement or dwell of a participant, as the exposures and
// participants exports read it.
type ParticipantEvent struct {
	EngagementPk   int64
	EntityID       int64
	EngagementType string
	Response       string
	ReceivedAt     int64
}

// ParticipantAnswer is one answer, checkpoint or arrival row of a participant.
type ParticipantAnswer struct {
	AnswerPk   int64
	Kind       string
	Field      string
	Response   string
	ClientTime sql.NullInt64
	ReceivedAt int64
	// EntityID and Lure are set for an answer about a feed card (migration 0023).
	EntityID sql.NullInt64
	Lure     sql.NullInt64
}

// AnswerField is one (kind, field) pair a study's answers hold.
type AnswerField struct{ Kind, Field string }

// StudyParticipants returns a study's participants in registration order. It grows with
// participants, never with their events.
func (s *Store) StudyParticipants(ctx context.Context, experimentID string) ([]Participant, error) {
	rows, err := s.rq.ListParticipants(ctx, experimentID)
	if err != nil {
		return nil, fmt.Errorf("store: list participants: %w", err)
	}
	out := make([]Participant, len(rows))
	for i, r := range rows {
		out[i] = Participant(r)
	}
	return out, nil
}

// ParticipantEvents returns one participant's engagements and dwells, oldest first.
func (s *Store) ParticipantEvents(ctx context.Context, participantID int64) ([]ParticipantEvent, error) {
	rows, err := s.rq.ListParticipantEngagements(ctx, participantID)
	if err != nil {
		return nil, fmt.Errorf("store: engagements of participant %d: %w", participantID, err)
	}
	out := make([]ParticipantEvent, len(rows))
	for i, r := range rows {
		out[i] = ParticipantEvent(r)
	}
	return out, nil
}

// ParticipantAnswers returns one participant's answers, checkpoints and arrival rows,
// oldest first.
func (s *Store) ParticipantAnswers(ctx context.Context, participantID int64) ([]ParticipantAnswer, error) {
	rows, err := s.rq.ListParticipantAnswers(ctx, participantID)
	if err != nil {
		return nil, fmt.Errorf("store: answers of participant %d: %w", participantID, err)
	}
	out := make([]ParticipantAnswer, len(rows))
	for i, r := range rows {
		out[i] = ParticipantAnswer(r)
	}
	return out, nil
}

// StudyAnswerFields returns every (kind, field) pair a study's answers hold.
func (s *Store) StudyAnswerFields(ctx context.Context, experimentID string) ([]AnswerField, error) {
	rows, err := s.rq.ListStudyAnswerFields(ctx, experimentID)
	if err != nil {
		return nil, fmt.Errorf("store: answer fields: %w", err)
	}
	out := make([]AnswerField, len(rows))
	for i, r := range rows {
		out[i] = AnswerField(r)
	}
	return out, nil
}
