package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"feedlab/store/db"
)

// ExplainedItem is one card of a participant's feed with why it is where it is, and the
// card's own columns (what ranking read).
type ExplainedItem struct {
	ItemOrder                                                           int64
	EntityID                                                            int64
	ShownShares, ShownLikes, ShownReadLater, ShownUpvote, ShownDownvote sql.NullInt64
	Algorithm                                                           string
	Score                                                               sql.NullFloat64
	Reason, Inputs                                                      string
	EntitySet                                                           string
	Position                                                            int64
	RetrieveDate, Headline                                              string
	Covariates                                                          string // JSON object; decode with Covariates
}

// ExplainedFeed returns a participant's feed in order with each card's algorithm, score,
// reason and inputs.
func (s *Store) ExplainedFeed(ctx context.Context, participantID int64) ([]ExplainedItem, error) {
	rows, err := s.rq.ListExplainedInventory(ctx, participantID)
	if err != nil {
		return nil, fmt.Errorf("store: explained feed of participant %d: %w", participantID, err)
	}
	out := make([]ExplainedItem, len(rows))
	for i, r := range rows {
		out[i] = ExplainedItem(r)
	}
	return out, nil
}

// CardStat is how many participants of a condition saw a card (any event on it) and how
// many of them liked or shared it.
type CardStat struct{ Impressions, Engaged int64 }

// CardStats returns, per condition and card, the engagement a study has observed so far.
func (s *Store) CardStats(ctx context.Context, experimentID string) (map[int]map[int64]CardStat, error) {
	rows, err := s.rq.CardEngagementStats(ctx, experimentID)
	if err != nil {
		return nil, fmt.Errorf("store: card engagement of %s: %w", experimentID, err)
	}
	out := map[int]map[int64]CardStat{}
	for _, r := range rows {
		c := int(r.Condition)
		if out[c] == nil {
			out[c] = map[int64]CardStat{}
		}
		out[c][r.EntityID] = CardStat{Impressions: r.Impressions, Engaged: r.Engaged}
	}
	return out, nil
}

// EngagedCards returns the cards a participant turned a button on for, first engaged first.
func (s *Store) EngagedCards(ctx context.Context, participantID int64) ([]int64, error) {
	ids, err := s.rq.ListEngagedCards(ctx, participantID)
	if err != nil {
		return nil, fmt.Errorf("store: engaged cards of participant %d: %w", participantID, err)
	}
	return ids, nil
}

// FeedBlock is one block the server ranked for a participant (the preference algorithm).
type FeedBlock struct {
	Block, FirstOrder int64
	Engaged           []int64
	RequestedAt       int64
}

// FeedBlocks returns the blocks ranked for a participant, in order.
func (s *Store) FeedBlocks(ctx context.Context, participantID int64) ([]FeedBlock, error) {
	rows, err := s.rq.ListFeedBlocks(ctx, participantID)
	if err != nil {
		return nil, fmt.Errorf("store: feed blocks of participant %d: %w", participantID, err)
	}
	out := make([]FeedBlock, len(rows))
	for i, r := range rows {
		out[i] = FeedBlock{Block: r.Block, FirstOrder: r.FirstOrder, RequestedAt: r.RequestedAt}
		_ = json.Unmarshal([]byte(r.Engaged), &out[i].Engaged) // written below: always valid
	}
	return out, nil
}

// Reranked is a card's new place in a re-ranked block.
type Reranked struct {
	EntityID       int64
	Score          float64
	Reason, Inputs string
}

// RerankFrom gives the cards from feed position from on their new order (cards must be
// exactly the participant's cards at those positions) and records the block, in one
// transaction. It returns the block's number (2 for the first re-ranked block).
func (s *Store) RerankFrom(ctx context.Context, participantID, from int64, engaged []int64, cards []Reranked) (int64, error) {
	var block int64
	err := s.withTx(ctx, func(q *db.Queries) error {
		n, err := q.CountFeedBlocks(ctx, participantID)
		if err != nil {
			return err
		}
		block = n + 2
		if err := q.ParkInventoryFrom(ctx, db.ParkInventoryFromParams{ParticipantID: participantID, ItemOrder: from}); err != nil {
			return err
		}
		for i, c := range cards {
			if err := q.MoveInventoryItem(ctx, db.MoveInventoryItemParams{
				NewOrder: from + int64(i), Score: sql.NullFloat64{Float64: c.Score, Valid: true},
				Reason: c.Reason, Inputs: c.Inputs, ParticipantID: participantID, EntityID: c.EntityID,
			}); err != nil {
				return err
			}
		}
		if engaged == nil {
			engaged = []int64{}
		}
		list, _ := json.Marshal(engaged)
		return q.CreateFeedBlock(ctx, db.CreateFeedBlockParams{ParticipantID: participantID, Block: block,
			FirstOrder: from, Engaged: string(list), RequestedAt: s.millis()})
	})
	if err != nil {
		return 0, fmt.Errorf("store: rerank feed of participant %d: %w", participantID, err)
	}
	return block, nil
}
