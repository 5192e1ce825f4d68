package study

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"feedlab/feed"
	"feedlab/store"
)

// Explanation is a participant's feed as they were shown it, card by card with why each
// card is where it is, and whether recomposing it from what is stored gives the same order.
type Explanation struct {
	Participant store.Participant
	Algorithm   string
	Items       []store.ExplainedItem
	Blocks      []store.FeedBlock // the preference algorithm's later blocks
	// Recomposed is the order feed computes again from the stored seed, arrival
	// parameters, per-card inputs (posteriors, observed engagement) and blocks.
	Recomposed []int64
}

// Identical reports whether recomposing gave the stored order.
func (e Explanation) Identical() bool {
	stored := make([]int64, len(e.Items))
	for i, it := range e.Items {
		stored[i] = it.EntityID
	}
	return slices.Equal(stored, e.Recomposed)
}

// Explain returns participant userID's feed with its explanation. An unknown participant
// gives an error matching store.ErrNotFound.
func (d *Definition) Explain(ctx context.Context, st *store.Store, userID string) (Explanation, error) {
	p, err := st.Participant(ctx, d.ExperimentID, userID)
	if err != nil {
		return Explanation{}, err
	}
	c := d.Condition(int(p.Condition))
	if c == nil {
		return Explanation{}, fmt.Errorf("study: participant %s has condition %d outside study %s", userID, p.Condition, d.ExperimentID)
	}
	items, err := st.ExplainedFeed(ctx, p.ParticipantID)
	if err != nil {
		return Explanation{}, err
	}
	blocks, err := st.FeedBlocks(ctx, p.ParticipantID)
	if err != nil {
		return Explanation{}, err
	}
	e := Explanation{Participant: p, Algorithm: c.Algorithm, Items: items, Blocks: blocks}
	var answers map[string]string
	if ReadsAnswers(*c) {
		// Composed from the answers given before the feed (answers_ranking.go).
		if answers, _, err = d.answersBefore(ctx, st, p, *c); err != nil {
			return e, &RecomposeError{UserID: userID, Err: err}
		}
	}
	e.Recomposed, err = recompose(feedCondition(d.ExperimentID, *c), p, answers, items, blocks, st, ctx)
	if err != nil {
		// The stored feed is still worth showing (the participant's page does): it comes
		// back with the error.
		return e, &RecomposeError{UserID: userID, Err: err}
	}
	return e, nil
}

// RecomposeError: the feed could not be composed again (a ranking script's workers busy,
// for one); Explain returns the stored feed with it.
type RecomposeError struct {
	UserID string
	Err    error
}

func (e *RecomposeError) Error() string {
	return fmt.Sprintf("study: recompose feed of %s: %v", e.UserID, e.Err)
}

func (e *RecomposeError) Unwrap() error { return e.Err }

// recompose computes a participant's feed again from what the store kept: the seed, the
// arrival parameters, the answers given before the feed (when its ranking reads them),
// each card's recorded inputs (a Thompson posterior or the observed
// engagement the ranking read) and the preference blocks.
func recompose(c feed.Condition, p store.Participant, answers map[string]string, items []store.ExplainedItem, blocks []store.FeedBlock, st *store.Store, ctx context.Context) ([]int64, error) {
	fp := feed.Participant{Arrival: map[string]string{}, Answers: answers, Stats: map[int64]feed.Stats{}}
	_ = json.Unmarshal([]byte(p.QueryParams), &fp.Arrival) // written by RegisterParticipant
	for _, it := range items {
		var in struct {
			Alpha, Beta          *float64
			Engaged, Impressions *int64
		}
		if json.Unmarshal([]byte(it.Inputs), &in) != nil {
			continue
		}
		switch {
		case in.Alpha != nil && in.Beta != nil:
			fp.Stats[it.EntityID] = feed.Stats{Engaged: int64(*in.Alpha) - 1, Impressions: int64(*in.Alpha+*in.Beta) - 2}
		case in.Engaged != nil && in.Impressions != nil:
			fp.Stats[it.EntityID] = feed.Stats{Engaged: *in.Engaged, Impressions: *in.Impressions}
		}
	}
	seed := uint64(p.Seed)
	composed, err := feed.ComposeFor(ctx, c, seed, func(set string) ([]feed.Card, error) {
		ents, err := st.Entities(ctx, set)
		if err != nil {
			return nil, err
		}
		return feedCards(ents), nil
	}, fp)
	if err != nil {
		return nil, err
	}
	order := make([]int64, len(composed))
	for i, it := range composed {
		order[i] = it.EntityID
	}
	if len(blocks) == 0 {
		return order, nil
	}
	cards := map[int64]feed.Card{}
	for _, it := range items {
		cards[it.EntityID] = feed.Card{EntityID: it.EntityID, Set: it.EntitySet, Position: it.Position,
			RetrieveDate: it.RetrieveDate, Covariates: store.Covariates(it.Covariates)}
	}
	for _, b := range blocks {
		if b.FirstOrder < 0 || int(b.FirstOrder) > len(order) {
			return nil, fmt.Errorf("block %d starts at %d, outside the feed", b.Block, b.FirstOrder)
		}
		remaining := make([]feed.Card, 0, len(order)-int(b.FirstOrder))
		for _, id := range order[b.FirstOrder:] {
			remaining = append(remaining, cards[id])
		}
		engaged := make([]feed.Card, 0, len(b.Engaged))
		for _, id := range b.Engaged {
			engaged = append(engaged, cards[id])
		}
		for i, r := range feed.NextBlock(c.Ranking, remaining, engaged, seed, int(b.Block)) {
			order[int(b.FirstOrder)+i] = r.EntityID
		}
	}
	return order, nil
}
