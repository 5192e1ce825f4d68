package store

import (
	"context"
	"fmt"
)

// Usage is what a participant has sent so far: the rows stored for their events and the
// bytes those rows hold (event id, type or field name, response), not counting the rows
// the server writes itself. The API keeps it in memory per participant and reads it here
// once, the first time it sees the participant after a start (api/budgets.go).
type Usage struct {
	Rows  int64
	Bytes int64
}

// ParticipantUsage reads a participant's Usage from the database: two indexed counts,
// one per table, over that participant's rows only.
func (s *Store) ParticipantUsage(ctx context.Context, participantID int64) (Usage, error) {
	u, err := s.rq.ParticipantUsage(ctx, participantID)
	if err != nil {
		return Usage{}, fmt.Errorf("store: usage of participant %d: %w", participantID, err)
	}
	return Usage{Rows: u.RowsSent, Bytes: u.BytesSent}, nil
}
