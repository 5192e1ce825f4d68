package feed

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The ranking algorithms, by the names a study's algorithm parameter uses.
const (
	Random        = "random"
	Chronological = "chronological"
	Engagement    = "engagement"
	AttitudeFeed  = "attitude_filter_feed"
	Priority      = "will_smith_priority_treatment"
	Thompson      = "thompson_sampling"
	Preference    = "preference"
	Custom        = "custom"
)

// Algorithms are every ranking algorithm feed knows, in the order the wizard lists them.
var Algorithms = []string{Random, Chronological, Engagement, AttitudeFeed, Priority, Thompson, Preference, Custom}

// Engagement modes (algorithm-mode of engagement).
const (
	SignalShown    = "shown"
	SignalObserved = "observed"
)

// Attitude modes (algorithm-mode of attitude_filter_feed).
const (
	Congruent      = "congruent"
	CongruentFirst = "congruent-first"
	CrossCutting   = "cross-cutting"
	Balanced       = "balanced"
)

// AttitudeModes are the modes of attitude_filter_feed; EngagementSignals engagement's.
var (
	AttitudeModes     = []string{Congruent, CongruentFirst, CrossCutting, Balanced}
	EngagementSignals = []string{SignalShown, SignalObserved}
)

// DefaultAttitudeParam is the arrival URL parameter that holds the participant's attitude
// when algorithm-attitude-param is not given.
const DefaultAttitudeParam = "attitude"

// AnswerPrefix starts an algorithm-attitude-param that names a questionnaire answer given
// before the feed (answer:<questionnaire>.<item>) instead of an arrival parameter.
const AnswerPrefix = "answer:"

// DefaultDateCovariate is what chronological sorts by when algorithm-covariate is not given.
const DefaultDateCovariate = "retrieve_date"

// Ranking is the settings of a condition's algorithm (the algorithm-* parameters).
type Ranking struct {
	Covariate     string // the covariate the algorithm reads
	Value         string // priority: the covariate value placed first
	Mode          string // attitude mode, or engagement's signal
	AttitudeParam string // attitude: the arrival parameter holding the participant's attitude, or answer:<questionnaire>.<item>
	// AttitudeMidpoint is subtracted from an answer's value before it is used as an
	// attitude: a likert's middle point (its values run from 1), so its answers are centred
	// at 0 like the lean. Zero for arrival parameters and other item types.
	AttitudeMidpoint float64
	Positions        []int  // priority: 1-based feed positions for the prioritised cards; none means first
	Script           string // custom: the Starlark script
}

// Participant is what a participant brings to their feed beyond the seed.
type Participant struct {
	Arrival map[string]string // arrival URL parameters
	Answers map[string]string // questionnaire answers given before the feed, by field
	Stats   map[int64]Stats   // the condition's engagement so far, per card
}

// Stats is the engagement a card has had in a condition so far: how many participants saw
// it (impressions) and how many of them liked or shared it (engaged).
type Stats struct{ Impressions, Engaged int64 }

// ranked is a card on its way through a ranking, with the item it becomes.
type ranked struct {
	Card
	item Item
}

// rank orders cards by algorithm and fills each item's score, reason and inputs.
func rank(ctx context.Context, algo string, r Ranking, cards []ranked, p Participant, seed uint64, rng *rand.Rand) ([]ranked, error) {
	base := map[string]any{"seed": strconv.FormatUint(seed, 10)}
	switch algo {
	case Random:
		shuffle(cards, rng)
		for i := range cards {
			cards[i].item.Reason = "random order"
		}
	case Chronological:
		chronological(cards, r)
	case Engagement:
		engagement(cards, r, p)
	case AttitudeFeed:
		cards = attitude(cards, r, p, rng)
	case Priority:
		cards = priority(cards, r, rng)
	case Thompson:
		thompson(cards, p, rng)
	case Preference:
		shuffle(cards, rng)
		for i := range cards {
			cards[i].item.Reason = "first block: random order; later blocks follow what the participant engages with"
		}
	case Custom:
		hash := ScriptHash(r.Script)
		var err error
		if cards, err = customRank(ctx, r.Script, cards, p, seed, false); err != nil {
			// The study's script by its hash (the exports' algorithm-script-sha256), so a
			// log line names the script without carrying it.
			return nil, fmt.Errorf("feed: custom script %.12s: %w", hash, err)
		}
		base["script_sha256"] = hash
	default:
		return nil, fmt.Errorf("feed: algorithm %q is not available", algo)
	}
	shared := "" // the inputs of a card with none of its own: the same for every such card
	for i := range cards {
		if cards[i].item.Inputs != "" {
			cards[i].item.Inputs = inputsJSON(base, cards[i].item.Inputs)
			continue
		}
		if shared == "" {
			shared = inputsJSON(base, "")
		}
		cards[i].item.Inputs = shared
	}
	return cards, nil
}

// inputsJSON merges the feed-wide inputs into a card's own (a JSON object or "").
func inputsJSON(base map[string]any, own string) string {
	m := map[string]any{}
	if own != "" {
		_ = json.Unmarshal([]byte(own), &m)
	}
	for k, v := range base {
		m[k] = v
	}
	b, _ := json.Marshal(m) // keys sorted: the same inputs always give the same text
	return string(b)
}

func shuffle(cards []ranked, rng *rand.Rand) {
	rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
}

// covariate is a card's value of a covariate; retrieve_date is a column of every set.
func (c Card) covariate(name string) (string, bool) {
	if name == DefaultDateCovariate {
		return c.RetrieveDate, c.RetrieveDate != ""
	}
	v, ok := c.Covariates[name]
	return v, ok
}

// dateLayouts are the date forms chronological reads, most precise first.
var dateLayouts = []string{time.RFC3339Nano, "2006-01-02 15:04:05", "2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02", "2006/01/02", "01/02/2006", "2006-01", "2006"}

// ParseDate reads a date in one of the forms researchers write (ISO 8601 first).
func ParseDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// chronological puts the newest card first; ties and cards without a readable date keep
// upload order (undated cards last).
func chronological(cards []ranked, r Ranking) {
	name := cmp.Or(r.Covariate, DefaultDateCovariate)
	for i := range cards {
		v, _ := cards[i].covariate(name)
		if t, ok := ParseDate(v); ok {
			cards[i].item.Score = float64(t.Unix())
			cards[i].item.Reason = fmt.Sprintf("%s %s", name, t.UTC().Format("2006-01-02 15:04:05"))
		} else {
			cards[i].item.Reason = fmt.Sprintf("no readable date in %s (%q): after the dated cards", name, v)
		}
	}
	slices.SortStableFunc(cards, func(a, b ranked) int { return byScoreDesc(a.item.Score, b.item.Score) })
}

// byScoreDesc orders higher scores first and NaN (no score) last.
func byScoreDesc(a, b float64) int {
	switch an, bn := math.IsNaN(a), math.IsNaN(b); {
	case an && bn:
		return 0
	case an:
		return 1
	case bn:
		return -1
	}
	return cmp.Compare(b, a)
}

// engagement puts the most engaging card first: by the likes and shares the participant
// is shown (signal shown) or by the likes and shares per impression this condition has
// observed so far (signal observed). Ties keep upload order.
func engagement(cards []ranked, r Ranking, p Participant) {
	for i := range cards {
		it := &cards[i].item
		if r.Mode == SignalObserved {
			s := p.Stats[cards[i].EntityID]
			it.Score = 0
			if s.Impressions > 0 {
				it.Score = float64(s.Engaged) / float64(s.Impressions)
			}
			it.Reason = fmt.Sprintf("%d of %d participants who saw it liked or shared it", s.Engaged, s.Impressions)
			it.Inputs = fmt.Sprintf(`{"engaged":%d,"impressions":%d}`, s.Engaged, s.Impressions)
			continue
		}
		it.Score = float64(it.Likes.N + it.Shares.N)
		it.Reason = fmt.Sprintf("shows %d likes and %d shares", it.Likes.N, it.Shares.N)
	}
	slices.SortStableFunc(cards, func(a, b ranked) int { return byScoreDesc(a.item.Score, b.item.Score) })
}

// thompson orders cards by one draw from each card's Beta posterior of its engagement
// rate (uniform prior, the condition's own likes and shares per impression). The posterior
// the draw used is recorded in the card's inputs.
func thompson(cards []ranked, p Participant, rng *rand.Rand) {
	for i := range cards {
		s := p.Stats[cards[i].EntityID]
		a, b := 1+float64(s.Engaged), 1+float64(max(s.Impressions-s.Engaged, 0))
		it := &cards[i].item
		it.Score = betaDraw(rng, a, b)
		it.Reason = fmt.Sprintf("draw %.4f from Beta(%g, %g): %d engaged of %d impressions", it.Score, a, b, s.Engaged, s.Impressions)
		it.Inputs = fmt.Sprintf(`{"alpha":%g,"beta":%g}`, a, b)
	}
	slices.SortStableFunc(cards, func(a, b ranked) int { return byScoreDesc(a.item.Score, b.item.Score) })
}

// betaDraw draws from Beta(a, b) as X/(X+Y) with X ~ Gamma(a), Y ~ Gamma(b).
func betaDraw(rng *rand.Rand, a, b float64) float64 {
	x, y := gammaDraw(rng, a), gammaDraw(rng, b)
	if x+y == 0 {
		return 0.5
	}
	return x / (x + y)
}

// gammaDraw draws from Gamma(shape, 1) by Marsaglia and Tsang's method (shape ≥ 1 here,
// as the prior is uniform).
func gammaDraw(rng *rand.Rand, shape float64) float64 {
	if shape < 1 {
		return gammaDraw(rng, shape+1) * math.Pow(rng.Float64(), 1/shape)
	}
	d := shape - 1.0/3
	c := 1 / math.Sqrt(9*d)
	for {
		x := rng.NormFloat64()
		v := 1 + c*x
		if v <= 0 {
			continue
		}
		v = v * v * v
		u := rng.Float64()
		if u < 1-0.0331*x*x*x*x || math.Log(u) < 0.5*x*x+d*(1-v+math.Log(v)) {
			return d * v
		}
	}
}

// ParticipantAttitude is the participant's attitude, as a number: the answer named by
// answer:<questionnaire>.<item> (less the midpoint of a likert), or else the arrival
// parameter named by the settings.
func ParticipantAttitude(r Ranking, p Participant) (float64, string, bool) {
	name := cmp.Or(r.AttitudeParam, DefaultAttitudeParam)
	from, m, what := "arrival parameter", p.Arrival, "arrival parameter"
	if key, ok := strings.CutPrefix(name, AnswerPrefix); ok {
		name, from, m, what = key, "answer", p.Answers, "answer"
	}
	if v, ok := m[name]; ok {
		if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			return f - r.AttitudeMidpoint, fmt.Sprintf("%s %s=%s", from, name, strings.TrimSpace(v)), true
		}
	}
	return 0, "no numeric " + name + " " + what, false
}

// side is -1, 0 or +1: which side of zero a lean or an attitude is on.
func side(x float64) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// attitude ranks by the participant's attitude and each card's lean covariate (both on a
// scale centred at 0: negative one side, positive the other). Within each group the order
// is random. Without a usable attitude the feed is random and says so.
func attitude(cards []ranked, r Ranking, p Participant, rng *rand.Rand) []ranked {
	shuffle(cards, rng)
	att, from, ok := ParticipantAttitude(r, p)
	if !ok || side(att) == 0 {
		why := from
		if ok {
			why = from + " is neutral (0)"
		}
		for i := range cards {
			cards[i].item.Reason = why + ": random order"
		}
		return cards
	}
	var same, other, neutral []ranked
	for _, c := range cards {
		v, _ := c.covariate(r.Covariate)
		lean, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsNaN(lean) {
			lean = 0
		}
		c.item.Score = lean * float64(side(att))
		switch side(lean) * side(att) {
		case 1:
			c.item.Reason = fmt.Sprintf("%s %g: the participant's side (%s)", r.Covariate, lean, from)
			same = append(same, c)
		case -1:
			c.item.Reason = fmt.Sprintf("%s %g: the other side (%s)", r.Covariate, lean, from)
			other = append(other, c)
		default:
			c.item.Reason = fmt.Sprintf("%s %q: neutral or not a number (%s)", r.Covariate, v, from)
			neutral = append(neutral, c)
		}
	}
	switch r.Mode {
	case Congruent:
		return same
	case CrossCutting:
		return slices.Concat(other, neutral, same)
	case Balanced:
		out := make([]ranked, 0, len(cards))
		for i := 0; i < max(len(same), len(other)); i++ {
			if i < len(same) {
				out = append(out, same[i])
			}
			if i < len(other) {
				out = append(out, other[i])
			}
		}
		return append(out, neutral...)
	default: // congruent-first
		return slices.Concat(same, neutral, other)
	}
}

// priority places the cards whose covariate equals the value first (or at the given
// positions), the rest in random order.
func priority(cards []ranked, r Ranking, rng *rand.Rand) []ranked {
	shuffle(cards, rng)
	var hit, rest []ranked
	for _, c := range cards {
		v, _ := c.covariate(r.Covariate)
		if strings.TrimSpace(v) == r.Value {
			c.item.Score = 1
			c.item.Reason = fmt.Sprintf("%s = %s: prioritised", r.Covariate, r.Value)
			hit = append(hit, c)
		} else {
			c.item.Score = 0
			c.item.Reason = fmt.Sprintf("%s = %q: random among the rest", r.Covariate, v)
			rest = append(rest, c)
		}
	}
	if len(r.Positions) == 0 {
		return append(hit, rest...)
	}
	// Place prioritised cards at the positions (1-based, ascending); cards beyond the
	// positions given join the rest.
	positions := slices.Clone(r.Positions)
	slices.Sort(positions)
	out := make([]ranked, 0, len(cards))
	for len(hit) > 0 || len(rest) > 0 {
		pos := len(out) + 1
		if len(hit) > 0 && len(positions) > 0 && (positions[0] <= pos || len(rest) == 0) {
			h := hit[0]
			h.item.Reason += fmt.Sprintf(" at position %d", positions[0])
			out, hit, positions = append(out, h), hit[1:], positions[1:]
			continue
		}
		if len(rest) == 0 || len(positions) == 0 && len(hit) > 0 {
			// No positions left: the remaining prioritised cards are mixed into the rest.
			for i := range hit {
				hit[i].item.Reason += " (no position left: placed at random among the rest)"
			}
			rest = append(rest, hit...)
			hit = nil
			shuffle(rest, rng)
		}
		out, rest = append(out, rest[0]), rest[1:]
	}
	return out
}
