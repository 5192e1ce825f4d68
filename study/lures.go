package study

import (
	"context"
	"math/rand/v2"
	"slices"

	"feedlab/params"
	"feedlab/questionnaire"
	"feedlab/store"
)

// Lures (issue 23): a recognition test mixes cards the participant saw with cards of the
// same stimulus sets they were not shown. The lures are drawn once per participant from
// their seed, so every call (the page, and the server checking an answer about a lure)
// answers the same cards.

// lureCount is the most lures any cards item of the condition's custom questionnaires asks for.
func (d *Definition) lureCount(c params.Condition) int {
	n := 0
	for _, name := range append(slices.Clone(c.FormsBefore), c.Forms...) {
		q, ok := d.Study.Questionnaire(name)
		if !ok {
			continue
		}
		for _, pg := range q.Pages {
			for _, it := range pg.Items {
				if it.Type == questionnaire.Cards {
					n = max(n, it.Lures)
				}
			}
		}
	}
	return n
}

// Lures are participant p's lure cards: cards of their condition's sets that are not in
// their feed, as many as the condition's cards items ask for at most (fewer when the sets
// have no more), in an order fixed by the participant's seed. None when no item asks.
func (d *Definition) Lures(ctx context.Context, st *store.Store, p store.Participant) ([]store.Entity, error) {
	c := d.Condition(int(p.Condition))
	if c == nil {
		return nil, nil
	}
	n := d.lureCount(*c)
	if n == 0 {
		return nil, nil
	}
	feed, err := st.Feed(ctx, p.ParticipantID)
	if err != nil {
		return nil, err
	}
	shown := map[int64]bool{}
	for _, f := range feed {
		shown[f.EntityID] = true
	}
	var pool []store.Entity
	for _, es := range c.EntitySets {
		ents, err := st.Entities(ctx, es.EntitySet)
		if err != nil {
			return nil, err
		}
		for _, e := range ents {
			if !shown[e.EntityID] {
				pool = append(pool, e)
			}
		}
	}
	slices.SortFunc(pool, func(a, b store.Entity) int { return int(a.EntityID - b.EntityID) })
	// "lure" in ASCII as the stream: the feed's own draws use other streams of the seed.
	r := rand.New(rand.NewPCG(uint64(p.Seed), 0x6c757265))
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	return pool[:min(n, len(pool))], nil
}

// lureData is the lures as the participant's browser receives them: like a feed card,
// without social counts (a lure was never in the feed).
func lureData(ents []store.Entity) []Card {
	out := make([]Card, len(ents))
	for i, e := range ents {
		out[i] = entityCard(e)
	}
	return out
}
