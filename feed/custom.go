package feed

import (
	"context"
	"errors"
	"fmt"
	"math"
)

// customRank orders cards by a custom script, run in a worker (sandbox.go). check marks a
// dry run: the worker does not keep the script loaded afterwards.
func customRank(ctx context.Context, src string, cards []ranked, p Participant, seed uint64, check bool) ([]ranked, error) {
	job := &scriptJob{Script: src, Check: check, Cards: make([]scriptCard, len(cards)), Arrival: p.Arrival, Answers: p.Answers, Seed: seed}
	for i, c := range cards {
		job.Cards[i] = scriptCardOf(c, p.Stats[c.EntityID])
	}
	res, err := currentSandbox().run(ctx, job)
	if err != nil {
		return nil, err
	}
	if res.Err != nil {
		res.Err.overran = res.Overran
		return nil, res.Err
	}
	return applyOrder(cards, res.Order)
}

// scriptCardOf is what a worker receives of a card.
func scriptCardOf(c ranked, s Stats) scriptCard {
	count := func(n Count) *int64 {
		if !n.Shown {
			return nil
		}
		return &n.N
	}
	return scriptCard{
		EntityID: c.EntityID, Set: c.Set, Position: c.Position,
		SourceURL: c.SourceURL, Filename: c.Filename, RetrieveDate: c.RetrieveDate, EntityType: c.EntityType,
		Headline: c.Headline, EntityURL: c.EntityURL, Covariates: c.Covariates,
		Likes: count(c.item.Likes), Shares: count(c.item.Shares), ReadLater: count(c.item.ReadLater),
		Upvote: count(c.item.Upvote), Downvote: count(c.item.Downvote),
		Impressions: s.Impressions, Engaged: s.Engaged,
	}
}

// applyOrder puts cards in the worker's order with each card's score and reason. The
// worker checked that the order is a permutation; the server checks again, as it trusts
// nothing a process running someone's script sends.
func applyOrder(cards []ranked, order []scriptPlace) ([]ranked, error) {
	bad := &ScriptError{Msg: "the script worker answered an order that is not a permutation of the cards"}
	if len(order) != len(cards) {
		return nil, bad
	}
	index := make(map[int64]int, len(cards))
	for i, c := range cards {
		index[c.EntityID] = i
	}
	used := make([]bool, len(cards))
	out := make([]ranked, 0, len(cards))
	for i, pl := range order {
		j, ok := index[pl.EntityID]
		if !ok || used[j] {
			return nil, bad
		}
		used[j] = true
		c := cards[j]
		c.item.Score = math.NaN()
		if pl.Score != nil {
			c.item.Score = *pl.Score
		}
		c.item.Reason = truncate(pl.Reason, maxReasonLen)
		if c.item.Reason == "" {
			c.item.Reason = fmt.Sprintf("position %d of the custom script's order", i+1)
		}
		out = append(out, c)
	}
	return out, nil
}

// DryRunFor runs a script on cards for participant p (no history; the answers given
// before the feed when the condition has them), in a worker with the same bounds as an
// arrival, as a study's check and creation do on the study's real sets. The script's
// problems are *ScriptError; a worker that cannot be had gives an error matching
// ErrRankingFailed. Nothing of a dry run stays cached.
func DryRunFor(ctx context.Context, src string, cards []Card, p Participant) error {
	if err := CheckScript(src); err != nil {
		return err
	}
	rs := make([]ranked, len(cards))
	for i, c := range cards {
		rs[i] = ranked{Card: c, item: Item{EntityID: c.EntityID, Score: math.NaN()}}
	}
	// A check on a busy machine can lose its script's time to other work (seen in CI: a
	// script that only reads an arrival parameter stopped at 200 ms while browsers ran
	// beside it). A run stopped at its time bound is tried twice more before the
	// researcher is told; a script that really takes too long is stopped every time.
	for attempt := 1; ; attempt++ {
		_, err := customRank(ctx, src, rs, p, 1, true)
		var se *ScriptError
		if attempt < checkAttempts && errors.As(err, &se) && se.overran {
			continue
		}
		return err
	}
}

// checkAttempts is how many times a study's check runs a script stopped at its time bound.
const checkAttempts = 3
