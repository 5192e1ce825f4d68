package store

import (
	"context"
	"fmt"
)

// Speech is one thing a participant said or liked under a card (issue 25): a comment, a
// reply, a like on a comment or a post, as stored; or a like or share of a card (likes,
// shares), which simulated others may react to.
type Speech struct {
	EventID    string // the client's event id, which is also the comment's id
	EntityID   int64
	Type       string // comment, reply, comment_like, post, likes or shares
	Response   string // a comment_like's 1 (liked) or 0 (taken back)
	Text       string
	TargetID   string
	ReceivedAt int64 // the server's clock when stored (the action's acknowledgement), ms
}

// ParticipantSpeech returns what participant id said and liked, oldest first, so a page
// reloaded shows their own comments again.
func (s *Store) ParticipantSpeech(ctx context.Context, participantID int64) ([]Speech, error) {
	rows, err := s.rq.ParticipantSpeech(ctx, participantID)
	if err != nil {
		return nil, fmt.Errorf("store: participant speech: %w", err)
	}
	out := make([]Speech, len(rows))
	for i, r := range rows {
		out[i] = Speech{EventID: r.EventID, EntityID: r.EntityID, Type: r.EngagementType, Response: r.Response, Text: r.Text, TargetID: r.TargetID, ReceivedAt: r.ReceivedAt}
	}
	return out, nil
}
