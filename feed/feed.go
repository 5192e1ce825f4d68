// Package feed composes a participant's newsfeed: which cards of the condition's stimulus
// sets they see, in which order (the ranking algorithm), and which social counts each card
// displays. Everything is derived from seeds, so a feed can be rebuilt and explained.
package feed

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
)

// SetChoice is one stimulus set of a condition: how many of its cards to show and whether
// each participant gets a fresh random sample.
type SetChoice struct {
	Set          string
	NumberToShow int  // 0 or more than the set holds means all cards
	Randomize    bool // randomize_between_subjects
}

// Condition is what composing a feed needs to know of a study condition.
type Condition struct {
	ExperimentID string
	Sets         []SetChoice
	Algorithm    string            // one of Algorithms; "" means random
	Ranking      Ranking           // the algorithm's settings
	Buttons      map[string]string // share, like, bookmark, accuracy, upvote, downvote → no|yes|lognormal
}

// Card is one card (entity) of a stimulus set, as composing a feed sees it: every column
// of its set.
type Card struct {
	EntityID     int64
	Set          string
	Position     int64  // upload order in its set, from 1
	SourceURL    string // the set's required columns
	Filename     string
	RetrieveDate string
	EntityType   string
	Headline     string            // optional columns the platform knows ("" when absent)
	EntityURL    string            //
	Covariates   map[string]string // the set's other columns
}

// Cards returns the cards of a stimulus set in upload order.
type Cards func(set string) ([]Card, error)

// Count is the social count a card displays for one button; Shown is false where the
// button shows no count cue.
type Count struct {
	N     int64
	Shown bool
}

// Item is one card of a composed feed, in feed order, with the counts it displays and
// why it is where it is: the algorithm's score (NaN when the algorithm gives none), a
// reason in words, and the inputs that produced it (compact JSON: seed, posterior,
// script hash), so the feed can be explained and rebuilt.
type Item struct {
	EntityID                                   int64
	Shares, Likes, ReadLater, Upvote, Downvote Count
	Algorithm                                  string
	Score                                      float64
	Reason                                     string
	Inputs                                     string
}

// ComposeFor builds the feed of one participant. The sample and order come from the
// participant's seed and what they bring (arrival parameters, the study's engagement so
// far); the displayed counts come from the study and the card, so every participant of a
// study sees the same count on the same card.
//
// ctx bounds a custom script's run beside its own time limit (a request that ends stops
// the run); every failure of a custom script matches ErrRankingFailed.
func ComposeFor(ctx context.Context, c Condition, seed uint64, entities Cards, p Participant) ([]Item, error) {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	algo := c.Algorithm
	if algo == "" {
		algo = Random
	}
	var chosen []Card
	for _, sc := range c.Sets {
		all, err := entities(sc.Set)
		if err != nil {
			return nil, fmt.Errorf("feed: cards of set %s: %w", sc.Set, err)
		}
		if len(all) == 0 {
			return nil, fmt.Errorf("feed: set %s has no cards", sc.Set)
		}
		if algo != Random {
			// The spec: every algorithm but random ranks all cards of every selected set.
			chosen = append(chosen, all...)
			continue
		}
		chosen = append(chosen, sample(all, sc, rng)...)
	}
	cards := make([]ranked, len(chosen))
	for i, e := range chosen {
		cards[i] = ranked{Card: e, item: Item{
			EntityID:  e.EntityID,
			Shares:    c.shownCount("share", e.EntityID),
			Likes:     c.shownCount("like", e.EntityID),
			ReadLater: c.shownCount("bookmark", e.EntityID),
			Upvote:    c.shownCount("upvote", e.EntityID),
			Downvote:  c.shownCount("downvote", e.EntityID),
			Algorithm: algo,
			Score:     math.NaN(),
		}}
	}
	out, err := rank(ctx, algo, c.Ranking, cards, p, seed, rng)
	if err != nil {
		return nil, err
	}
	items := make([]Item, len(out))
	for i, r := range out {
		items[i] = r.item
	}
	return items, nil
}

// sample takes NumberToShow cards of a set: a fresh random sample per participant when
// Randomize is set, otherwise the first cards in upload order, the same for everyone.
func sample(all []Card, sc SetChoice, rng *rand.Rand) []Card {
	n := sc.NumberToShow
	if n <= 0 || n > len(all) {
		n = len(all)
	}
	if !sc.Randomize {
		return append([]Card(nil), all[:n]...)
	}
	out := make([]Card, n)
	for i, j := range rng.Perm(len(all))[:n] {
		out[i] = all[j]
	}
	return out
}

// socialCue is the lognormal distribution of a button's displayed count: the median and
// the spread (sigma of the underlying normal). Likes are the most common reaction on news
// posts, bookmarks and downvotes the rarest.
type socialCue struct{ median, sigma float64 }

var socialCues = map[string]socialCue{
	"like":     {median: 120, sigma: 1.6},
	"share":    {median: 25, sigma: 1.8},
	"bookmark": {median: 8, sigma: 1.5},
	"upvote":   {median: 90, sigma: 1.6},
	"downvote": {median: 12, sigma: 1.5},
}

// maxShownCount caps the long tail so a card never shows an absurd figure.
const maxShownCount = 50_000_000

// shownCount is the social count a card displays for a button, before the participant's
// own toggle: 0 for a button set to "yes" (it starts at 0 and always shows its count);
// drawn from the button's lognormal distribution for "lognormal", with a seed from the
// study, card and button, and not shown when the draw is below 1 (the card hides a count
// under 1); no count for a hidden button.
func (c Condition) shownCount(button string, entityID int64) Count {
	cue, ok := socialCues[button]
	if !ok {
		return Count{}
	}
	switch c.Buttons[button] {
	case "yes":
		return Count{N: 0, Shown: true}
	case "lognormal": // drawn below
	default:
		return Count{}
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%d\x00%s", c.ExperimentID, entityID, button)
	rng := rand.New(rand.NewPCG(h.Sum64(), 1))
	v := math.Round(cue.median * math.Exp(cue.sigma*rng.NormFloat64()))
	if v < 1 {
		return Count{}
	}
	return Count{N: int64(min(v, maxShownCount)), Shown: true}
}
