package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"

	"feedlab/store/db"
)

// Labelled single-use links (classroom and lab studies): each participant label of a
// study has its own link key; the first participant to open the link holds the label and
// nobody else may use it (the same participant may reload).

// ParticipantLabel is one label of a study's list.
type ParticipantLabel struct {
	Label     string
	Key       string // in the label's link, next to the label
	CreatedAt int64
	UserID    string // the participant holding the label; "" while unused
	UsedAt    sql.NullInt64
}

var (
	// ErrLabelUnknown: the link's key is not one of the study's labels.
	ErrLabelUnknown = errors.New("unknown participant label")
	// ErrLabelUsed: another participant already used the label's link.
	ErrLabelUsed = errors.New("participant label already used")
)

// labelKeyAlphabet has no look-alike characters: a key may be typed from a printed sheet.
const labelKeyAlphabet = "23456789abcdefghjkmnpqrstuvwxyz"

func newLabelKey() string {
	b := make([]byte, 10)
	rand.Read(b)
	for i := range b {
		b[i] = labelKeyAlphabet[int(b[i])%len(labelKeyAlphabet)]
	}
	return string(b)
}

// AddParticipantLabels adds labels to a study's list, in one transaction; labels already
// on the list keep their key and their use.
func (s *Store) AddParticipantLabels(ctx context.Context, experimentID string, labels []string, createdBy string) error {
	now := s.millis()
	err := s.withTx(ctx, func(q *db.Queries) error {
		for i, l := range labels {
			if err := q.AddParticipantLabel(ctx, db.AddParticipantLabelParams{
				ExperimentID: experimentID, Label: l, LinkKey: newLabelKey(), CreatedAt: now + int64(i), CreatedBy: createdBy,
			}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: add participant labels: %w", err)
	}
	return nil
}

// ParticipantLabels lists a study's labels in the order they were added.
func (s *Store) ParticipantLabels(ctx context.Context, experimentID string) ([]ParticipantLabel, error) {
	rows, err := s.rq.ListParticipantLabels(ctx, experimentID)
	if err != nil {
		return nil, fmt.Errorf("store: list participant labels: %w", err)
	}
	out := make([]ParticipantLabel, len(rows))
	for i, r := range rows {
		out[i] = ParticipantLabel{Label: r.Label, Key: r.LinkKey, CreatedAt: r.CreatedAt, UserID: r.UserID.String, UsedAt: r.UsedAt}
	}
	return out, nil
}

// HasParticipantLabels reports whether a study admits only labelled links.
func (s *Store) HasParticipantLabels(ctx context.Context, experimentID string) (bool, error) {
	n, err := s.rq.CountParticipantLabels(ctx, experimentID)
	if err != nil {
		return false, fmt.Errorf("store: count participant labels: %w", err)
	}
	return n > 0, nil
}

// ClaimParticipantLabel gives the label of a link key to a participant: the label, with
// claimed=true when this call took it (false when the participant already held it), or
// ErrLabelUnknown / ErrLabelUsed.
func (s *Store) ClaimParticipantLabel(ctx context.Context, experimentID, key, userID string) (label string, claimed bool, err error) {
	err = s.withTx(ctx, func(q *db.Queries) error {
		row, err := q.GetParticipantLabelByKey(ctx, db.GetParticipantLabelByKeyParams{ExperimentID: experimentID, LinkKey: key})
		if errors.Is(err, sql.ErrNoRows) {
			return ErrLabelUnknown
		} else if err != nil {
			return err
		}
		label = row.Label
		if row.UserID.Valid {
			if row.UserID.String == userID {
				return nil
			}
			return ErrLabelUsed
		}
		n, err := q.ClaimParticipantLabel(ctx, db.ClaimParticipantLabelParams{
			UserID: sql.NullString{String: userID, Valid: true}, UsedAt: sql.NullInt64{Int64: s.millis(), Valid: true},
			ExperimentID: experimentID, LinkKey: key,
		})
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrLabelUsed
		}
		claimed = true
		return nil
	})
	if err != nil {
		return "", false, fmt.Errorf("store: claim participant label: %w", err)
	}
	return label, claimed, nil
}

// ReleaseParticipantLabel frees a label claimed by a registration that then failed (say
// the study was paused meanwhile), so the link still works later.
func (s *Store) ReleaseParticipantLabel(ctx context.Context, experimentID, key, userID string) error {
	err := s.withTx(ctx, func(q *db.Queries) error {
		return q.ReleaseParticipantLabel(ctx, db.ReleaseParticipantLabelParams{
			ExperimentID: experimentID, LinkKey: key, UserID: sql.NullString{String: userID, Valid: true},
		})
	})
	if err != nil {
		return fmt.Errorf("store: release participant label: %w", err)
	}
	return nil
}

// ReconcileParticipant is a participant as reconciliation sees them.
type ReconcileParticipant struct {
	ParticipantID  int64
	ExitState      string
	UserID         string
	Condition      int64
	PlatformIDs    string // JSON object
	StartedAt      int64
	CompletedAt    sql.NullInt64
	CompletionCode string
	IsTest         bool
	Stage          string
	LastSeenAt     sql.NullInt64
}

// ReconcileParticipants lists every participant of a study, test participants included,
// in registration order.
func (s *Store) ReconcileParticipants(ctx context.Context, experimentID string) ([]ReconcileParticipant, error) {
	rows, err := s.rq.ListReconcileParticipants(ctx, experimentID)
	if err != nil {
		return nil, fmt.Errorf("store: list participants to reconcile: %w", err)
	}
	out := make([]ReconcileParticipant, len(rows))
	for i, r := range rows {
		out[i] = ReconcileParticipant{
			ParticipantID: r.ParticipantID, ExitState: r.ExitState, UserID: r.UserID, Condition: r.Condition, PlatformIDs: r.PlatformIds, StartedAt: r.StartedAt,
			CompletedAt: r.CompletedAt, CompletionCode: r.CompletionCode, IsTest: r.IsTest != 0,
			Stage: r.Stage, LastSeenAt: r.LastSeenAt,
		}
	}
	return out, nil
}
