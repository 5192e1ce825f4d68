package feed

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// cardsWith makes one set "s" of n cards whose covariates come from cov(i).
func cardsWith(n int, cov func(i int) map[string]string) Cards {
	return func(set string) ([]Card, error) {
		out := make([]Card, n)
		for i := range n {
			out[i] = Card{EntityID: int64(i + 1), Set: "s", Position: int64(i + 1), Covariates: cov(i), RetrieveDate: cov(i)["retrieve_date"]}
		}
		return out, nil
	}
}

func compose(t *testing.T, algo string, r Ranking, seed uint64, cards Cards, p Participant) []Item {
	t.Helper()
	items, err := ComposeFor(t.Context(), Condition{ExperimentID: "x", Sets: []SetChoice{{Set: "s", NumberToShow: 2, Randomize: true}}, Algorithm: algo, Ranking: r}, seed, cards, p)
	if err != nil {
		t.Fatal(err)
	}
	return items
}

func order(items []Item) []int64 {
	out := make([]int64, len(items))
	for i, it := range items {
		out[i] = it.EntityID
	}
	return out
}

func TestChronologicalIsNewestFirstWithTiesInUploadOrder(t *testing.T) {
	dates := []string{"2024-01-02", "2025-06-01T10:00:00Z", "2024-01-02", "not a date", "2025-06-01 11:00:00"}
	cards := cardsWith(len(dates), func(i int) map[string]string {
		return map[string]string{"retrieve_date": dates[i], "published": dates[len(dates)-1-i]}
	})
	for _, seed := range []uint64{1, 2, 3} {
		if got := order(compose(t, Chronological, Ranking{}, seed, cards, Participant{})); !slices.Equal(got, []int64{5, 2, 1, 3, 4}) {
			t.Fatalf("seed %d: order %v, want 5 2 1 3 4 (all cards, whatever number_to_show says)", seed, got)
		}
	}
	got := order(compose(t, Chronological, Ranking{Covariate: "published"}, 1, cards, Participant{}))
	if !slices.Equal(got, []int64{1, 4, 3, 5, 2}) {
		t.Fatalf("by covariate published: %v", got)
	}
}

func TestEngagementShownAndObserved(t *testing.T) {
	cards := cardsWith(20, func(int) map[string]string { return nil })
	c := Condition{ExperimentID: "x", Sets: []SetChoice{{Set: "s"}}, Algorithm: Engagement, Buttons: map[string]string{"like": "lognormal", "share": "lognormal"}}
	items, _ := ComposeFor(t.Context(), c, 1, cards, Participant{})
	for i := 1; i < len(items); i++ {
		if items[i-1].Likes.N+items[i-1].Shares.N < items[i].Likes.N+items[i].Shares.N {
			t.Fatalf("shown: position %d has fewer likes+shares than %d", i, i+1)
		}
	}
	stats := map[int64]Stats{7: {Impressions: 10, Engaged: 9}, 3: {Impressions: 10, Engaged: 5}, 12: {Impressions: 2, Engaged: 0}}
	got := order(compose(t, Engagement, Ranking{Mode: SignalObserved}, 1, cards, Participant{Stats: stats}))
	if !slices.Equal(got[:3], []int64{7, 3, 1}) {
		t.Fatalf("observed: %v, want 7, 3, then the rest in upload order", got)
	}
}

func TestPriorityPlacesTheValueFirstOrAtPositions(t *testing.T) {
	cards := cardsWith(12, func(i int) map[string]string {
		return map[string]string{"topic": map[bool]string{true: "health", false: "sport"}[i%4 == 0]}
	})
	items := compose(t, Priority, Ranking{Covariate: "topic", Value: "health"}, 9, cards, Participant{})
	for i, it := range items {
		if (i < 3) != (it.Score == 1) {
			t.Fatalf("position %d has score %v: %v", i+1, it.Score, order(items))
		}
	}
	items = compose(t, Priority, Ranking{Covariate: "topic", Value: "health", Positions: []int{2, 6}}, 9, cards, Participant{})
	var at []int
	for i, it := range items {
		if it.Score == 1 {
			at = append(at, i+1)
		}
	}
	if len(items) != 12 || !slices.Equal(at[:2], []int{2, 6}) || len(at) != 3 {
		t.Fatalf("prioritised at %v (%d cards)", at, len(items))
	}
	if a, b := order(compose(t, Priority, Ranking{Covariate: "topic", Value: "health"}, 1, cards, Participant{})), order(compose(t, Priority, Ranking{Covariate: "topic", Value: "health"}, 2, cards, Participant{})); slices.Equal(a, b) {
		t.Fatal("the rest is not in random order")
	}
}

// leanCards: 10 cards leaning left (-1..-10), 10 right, 4 neutral.
var leanCards = cardsWith(24, func(i int) map[string]string {
	switch {
	case i < 10:
		return map[string]string{"partisanship": strconv.Itoa(-(i + 1))}
	case i < 20:
		return map[string]string{"partisanship": strconv.Itoa(i - 9)}
	}
	return map[string]string{"partisanship": "0"}
})

func sides(items []Item) string {
	var b strings.Builder
	for _, it := range items {
		switch {
		case it.EntityID <= 10:
			b.WriteByte('L')
		case it.EntityID <= 20:
			b.WriteByte('R')
		default:
			b.WriteByte('N')
		}
	}
	return b.String()
}

func TestAttitudeModesYieldTheIntendedMix(t *testing.T) {
	right := Participant{Arrival: map[string]string{"attitude": "0.7"}}
	want := map[string]string{
		Congruent:      strings.Repeat("R", 10),
		CongruentFirst: strings.Repeat("R", 10) + "NNNN" + strings.Repeat("L", 10),
		CrossCutting:   strings.Repeat("L", 10) + "NNNN" + strings.Repeat("R", 10),
		Balanced:       strings.Repeat("RL", 10) + "NNNN",
	}
	for mode, w := range want {
		for seed := range uint64(20) {
			got := sides(compose(t, AttitudeFeed, Ranking{Covariate: "partisanship", Mode: mode}, seed, leanCards, right))
			if got != w {
				t.Fatalf("%s, seed %d: %s, want %s", mode, seed, got, w)
			}
		}
	}
	left := Participant{Arrival: map[string]string{"lean": "-3"}}
	if got := sides(compose(t, AttitudeFeed, Ranking{Covariate: "partisanship", Mode: Congruent, AttitudeParam: "lean"}, 1, leanCards, left)); got != strings.Repeat("L", 10) {
		t.Fatalf("left participant, congruent: %s", got)
	}
	none := compose(t, AttitudeFeed, Ranking{Covariate: "partisanship", Mode: Congruent}, 1, leanCards, Participant{})
	if len(none) != 24 || !strings.Contains(none[0].Reason, "no numeric attitude") {
		t.Fatalf("without an attitude: %d cards, reason %q", len(none), none[0].Reason)
	}
}

// TestThompsonFindsTheBetterCard simulates a condition: participants arrive one by one,
// each sees a feed ordered by one Thompson draw and engages with the cards they see at
// the cards' true rates; after a few hundred impressions the clearly better card is in
// the top three for most new participants.
func TestThompsonFindsTheBetterCard(t *testing.T) {
	const n, best = 20, int64(13)
	cards := cardsWith(n, func(int) map[string]string { return nil })
	rate := func(id int64) float64 {
		if id == best {
			return 0.6
		}
		return 0.1
	}
	sim := rand.New(rand.NewPCG(7, 7))
	stats := map[int64]Stats{}
	impressions := 0
	for p := 0; impressions < 400; p++ {
		items := compose(t, Thompson, Ranking{}, uint64(p), cards, Participant{Stats: stats})
		for _, it := range items[:5] { // each participant looks at the first five cards
			s := stats[it.EntityID]
			s.Impressions++
			if sim.Float64() < rate(it.EntityID) {
				s.Engaged++
			}
			stats[it.EntityID] = s
			impressions++
		}
	}
	top3 := 0
	const newcomers = 200
	for p := range newcomers {
		items := compose(t, Thompson, Ranking{}, uint64(10_000+p), cards, Participant{Stats: stats})
		if slices.Contains(order(items[:3]), best) {
			top3++
		}
	}
	if top3 < newcomers*3/4 {
		t.Fatalf("the better card is in the top three for %d of %d new participants (stats %v)", top3, newcomers, stats[best])
	}
	// The posterior each draw used is recorded, so the feed can be rebuilt.
	items := compose(t, Thompson, Ranking{}, 1, cards, Participant{Stats: stats})
	s := stats[items[0].EntityID]
	if want := fmt.Sprintf(`"alpha":%d,"beta":%d`, 1+s.Engaged, 1+s.Impressions-s.Engaged); !strings.Contains(items[0].Inputs, want) {
		t.Fatalf("inputs %s lack %s", items[0].Inputs, want)
	}
}

func TestBetaDrawHasTheRightMean(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, ab := range [][2]float64{{1, 1}, {3, 9}, {40, 2}} {
		sum := 0.0
		for range 20000 {
			sum += betaDraw(rng, ab[0], ab[1])
		}
		if mean, want := sum/20000, ab[0]/(ab[0]+ab[1]); math.Abs(mean-want) > 0.01 {
			t.Errorf("Beta(%v, %v): mean %.4f, want %.4f", ab[0], ab[1], mean, want)
		}
	}
}

func TestPreferenceMovesEngagedCovariatesUp(t *testing.T) {
	topics := []string{"health", "sport", "politics", "science"}
	all, _ := cardsWith(40, func(i int) map[string]string {
		return map[string]string{"topic": topics[i%4], "tone": []string{"calm", "angry"}[i%2]}
	})("s")
	first := compose(t, Preference, Ranking{}, 3, cardsWith(40, func(i int) map[string]string { return all[i].Covariates }), Participant{})
	if len(first) != 40 {
		t.Fatalf("first block has %d cards", len(first))
	}
	byID := map[int64]Card{}
	for _, c := range all {
		byID[c.EntityID] = c
	}
	shown, rest := first[:10], first[10:]
	var engaged []Card
	for _, it := range shown {
		if byID[it.EntityID].Covariates["topic"] == "science" {
			engaged = append(engaged, byID[it.EntityID])
		}
	}
	if len(engaged) == 0 {
		t.Fatal("fixture: no science card in the first block")
	}
	remaining := make([]Card, len(rest))
	for i, it := range rest {
		remaining[i] = byID[it.EntityID]
	}
	next := NextBlock(Ranking{Covariate: "topic"}, remaining, engaged, 3, 2)
	if len(next) != len(remaining) {
		t.Fatalf("next block ranks %d of %d cards", len(next), len(remaining))
	}
	scienceLeft := 0
	for _, c := range remaining {
		if c.Covariates["topic"] == "science" {
			scienceLeft++
		}
	}
	for i, r := range next[:scienceLeft] {
		if byID[r.EntityID].Covariates["topic"] != "science" || !strings.Contains(r.Reason, "topic=science") {
			t.Fatalf("position %d of the next block: %+v", i, r)
		}
	}
	if !slices.Equal(rankedIDs(next), rankedIDs(NextBlock(Ranking{Covariate: "topic"}, remaining, engaged, 3, 2))) {
		t.Fatal("the same inputs gave a different block")
	}
	// Without a covariate setting every covariate counts: science cards are also calm or
	// angry, so they still come first.
	if top := NextBlock(Ranking{}, remaining, engaged, 3, 2)[0]; byID[top.EntityID].Covariates["topic"] != "science" {
		t.Fatalf("all covariates: top card %+v", top)
	}
}

func rankedIDs(rs []Ranked) []int64 {
	out := make([]int64, len(rs))
	for i, r := range rs {
		out[i] = r.EntityID
	}
	return out
}

func TestEveryAlgorithmIsReproducibleAndExplained(t *testing.T) {
	script := "def rank(cards, participant):\n    return sorted(cards, key = lambda c: -int(c['covariates']['partisanship']))\n"
	rankings := map[string]Ranking{
		Random: {}, Chronological: {}, Engagement: {Mode: SignalShown}, AttitudeFeed: {Covariate: "partisanship", Mode: Balanced},
		Priority: {Covariate: "partisanship", Value: "0"}, Thompson: {}, Preference: {}, Custom: {Script: script},
	}
	p := Participant{Arrival: map[string]string{"attitude": "-1"}}
	for _, a := range Algorithms {
		one, two := compose(t, a, rankings[a], 77, leanCards, p), compose(t, a, rankings[a], 77, leanCards, p)
		if !slices.Equal(order(one), order(two)) {
			t.Errorf("%s: the same seed gave two orders", a)
		}
		for _, it := range one {
			if it.Algorithm != a || it.Reason == "" || !strings.Contains(it.Inputs, `"seed":"77"`) {
				t.Errorf("%s: item %+v is not explained", a, it)
				break
			}
		}
	}
	if got := order(compose(t, Custom, rankings[Custom], 1, leanCards, p)); got[0] != 20 || got[len(got)-1] != 10 {
		t.Errorf("custom order %v", got)
	}
}

// TestAttitudeFromAnAnswer: answer:<questionnaire>.<item> reads the attitude from the
// answers given before the feed (never from an arrival parameter of that name), less the
// midpoint of a likert, so a likert's low points are one side and its high points the other.
func TestAttitudeFromAnAnswer(t *testing.T) {
	r := Ranking{Covariate: "partisanship", Mode: Congruent, AttitudeParam: "answer:about_you.ideology", AttitudeMidpoint: 4}
	for answer, want := range map[string]string{"1": strings.Repeat("L", 10), "7": strings.Repeat("R", 10)} {
		p := Participant{Answers: map[string]string{"about_you.ideology": answer}}
		items := compose(t, AttitudeFeed, r, 3, leanCards, p)
		if got := sides(items); got != want {
			t.Fatalf("answer %s: %s, want %s", answer, got, want)
		}
		if !strings.Contains(items[0].Reason, "answer about_you.ideology="+answer) {
			t.Fatalf("answer %s: reason %q does not name the answer", answer, items[0].Reason)
		}
	}
	neutral := compose(t, AttitudeFeed, r, 3, leanCards, Participant{Answers: map[string]string{"about_you.ideology": "4"}})
	if len(neutral) != 24 || !strings.Contains(neutral[0].Reason, "neutral") {
		t.Fatalf("the middle point: %d cards, reason %q", len(neutral), neutral[0].Reason)
	}
	arrival := Participant{Arrival: map[string]string{"answer:about_you.ideology": "7", "about_you.ideology": "7"}}
	if none := compose(t, AttitudeFeed, r, 3, leanCards, arrival); len(none) != 24 || !strings.Contains(none[0].Reason, "no numeric about_you.ideology answer") {
		t.Fatalf("an arrival parameter stood in for the answer: %d cards, reason %q", len(none), none[0].Reason)
	}
}
