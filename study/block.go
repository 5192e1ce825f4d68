package study

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"feedlab/feed"
	"feedlab/params"
	"feedlab/store"
)

// ErrNotAdaptive is a next-block request for a participant whose condition does not adapt
// its feed (every algorithm but preference ranks the whole feed at arrival).
var ErrNotAdaptive = errors.New("study: this condition's feed does not adapt")

// ErrBlockRange is a next-block request starting outside the participant's feed.
var ErrBlockRange = errors.New("study: the next block starts outside the feed")

// Block is the answer to a next-block request: its number and the participant's feed
// from the block's start on, in the (possibly new) order.
type Block struct {
	Number    int64
	From      int
	OrderData []Card
}

// NextBlock ranks the cards of participant p not yet shown (feed positions from shown on)
// toward the covariates of the cards they engaged with so far, stores the new order and
// the block, and answers the feed from shown on. A request that does not start past the
// last ranked block (a retry, or a page reloaded with fewer cards shown) re-ranks nothing
// and answers the stored order, so cards already shown never move.
func (d *Definition) NextBlock(ctx context.Context, st *store.Store, p store.Participant, shown int) (Block, error) {
	c := d.Condition(int(p.Condition))
	if c == nil {
		return Block{}, fmt.Errorf("study: participant %d has condition %d outside study %s", p.ParticipantID, p.Condition, d.ExperimentID)
	}
	if c.Algorithm != feed.Preference {
		return Block{}, ErrNotAdaptive
	}
	items, err := st.ExplainedFeed(ctx, p.ParticipantID)
	if err != nil {
		return Block{}, err
	}
	if shown < 1 || shown > len(items) {
		return Block{}, fmt.Errorf("%w: %d is not from 1 to %d", ErrBlockRange, shown, len(items))
	}
	blocks, err := st.FeedBlocks(ctx, p.ParticipantID)
	if err != nil {
		return Block{}, err
	}
	number := int64(len(blocks) + 1)
	if len(blocks) == 0 || int(blocks[len(blocks)-1].FirstOrder) < shown {
		if number, err = d.rerank(ctx, st, p, *c, items, shown); err != nil {
			return Block{}, err
		}
	}
	cards, err := st.Feed(ctx, p.ParticipantID)
	if err != nil {
		return Block{}, err
	}
	out := orderData(cards[shown:])
	if err := attachComments(ctx, st, *c, cards[shown:], out); err != nil {
		return Block{}, err
	}
	return Block{Number: number, From: shown, OrderData: out}, nil
}

func (d *Definition) rerank(ctx context.Context, st *store.Store, p store.Participant, c params.Condition, items []store.ExplainedItem, shown int) (int64, error) {
	engagedIDs, err := st.EngagedCards(ctx, p.ParticipantID)
	if err != nil {
		return 0, err
	}
	byID := make(map[int64]feed.Card, len(items))
	for _, it := range items {
		byID[it.EntityID] = feed.Card{EntityID: it.EntityID, Set: it.EntitySet, Position: it.Position,
			RetrieveDate: it.RetrieveDate, Covariates: store.Covariates(it.Covariates)}
	}
	var engaged []feed.Card
	var ids []int64
	for _, id := range engagedIDs {
		if card, ok := byID[id]; ok {
			engaged, ids = append(engaged, card), append(ids, id)
		}
	}
	remaining := make([]feed.Card, 0, len(items)-shown)
	for _, it := range items[shown:] {
		remaining = append(remaining, byID[it.EntityID])
	}
	slices.Sort(ids) // NextBlock records them sorted; the block row keeps the same list
	blocks, err := st.FeedBlocks(ctx, p.ParticipantID)
	if err != nil {
		return 0, err
	}
	number := int64(len(blocks) + 2)
	ranked := feed.NextBlock(c.Ranking, remaining, engaged, uint64(p.Seed), int(number))
	out := make([]store.Reranked, len(ranked))
	for i, r := range ranked {
		out[i] = store.Reranked{EntityID: r.EntityID, Score: r.Score, Reason: r.Reason, Inputs: r.Inputs}
	}
	return st.RerankFrom(ctx, p.ParticipantID, int64(shown), ids, out)
}
