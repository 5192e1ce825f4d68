package feed

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

func fakeSets(sizes map[string]int) Cards {
	return func(set string) ([]Card, error) {
		n, ok := sizes[set]
		if !ok {
			return nil, fmt.Errorf("no set %s", set)
		}
		var out []Card
		base := int64(len(set) * 1000)
		for i := 0; i < n; i++ {
			out = append(out, Card{EntityID: base + int64(i), Set: set})
		}
		return out, nil
	}
}

func ids(c Condition, seed uint64, sets Cards) []int64 {
	items, err := ComposeFor(context.Background(), c, seed, sets, Participant{})
	if err != nil {
		panic(err)
	}
	var out []int64
	for _, it := range items {
		out = append(out, it.EntityID)
	}
	return out
}

func TestComposeIsReproducibleFromTheSeed(t *testing.T) {
	sets := fakeSets(map[string]int{"a": 30, "bb": 10})
	c := Condition{ExperimentID: "x", Sets: []SetChoice{{Set: "a", NumberToShow: 5, Randomize: true}, {Set: "bb"}}}
	first := ids(c, 42, sets)
	if len(first) != 15 {
		t.Fatalf("got %d cards, want 5+10", len(first))
	}
	if !slices.Equal(first, ids(c, 42, sets)) {
		t.Fatal("same seed gave a different feed")
	}
	if slices.Equal(first, ids(c, 43, sets)) {
		t.Fatal("different seeds gave the same feed")
	}
}

func TestComposeWithoutRandomizationShowsTheSameCardsToEveryone(t *testing.T) {
	sets := fakeSets(map[string]int{"a": 30})
	c := Condition{Sets: []SetChoice{{Set: "a", NumberToShow: 4, Randomize: false}}}
	a, b := ids(c, 1, sets), ids(c, 2, sets)
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) || !slices.Equal(a, []int64{1000, 1001, 1002, 1003}) {
		t.Fatalf("got %v and %v, want the first four cards for both", a, b)
	}
}

func TestComposeNumberToShowZeroOrTooLargeMeansAll(t *testing.T) {
	sets := fakeSets(map[string]int{"a": 7})
	for _, n := range []int{0, 7, 100} {
		if got := len(ids(Condition{Sets: []SetChoice{{Set: "a", NumberToShow: n, Randomize: true}}}, 1, sets)); got != 7 {
			t.Fatalf("NumberToShow %d: %d cards, want 7", n, got)
		}
	}
}

func TestComposeRejectsUnknownAlgorithmAndEmptySet(t *testing.T) {
	sets := fakeSets(map[string]int{"a": 3, "empty": 0})
	if _, err := ComposeFor(t.Context(), Condition{Sets: []SetChoice{{Set: "a"}}, Algorithm: "nonesuch"}, 1, sets, Participant{}); err == nil {
		t.Fatal("unknown algorithm accepted")
	}
	if _, err := ComposeFor(t.Context(), Condition{Sets: []SetChoice{{Set: "empty"}}}, 1, sets, Participant{}); err == nil {
		t.Fatal("empty set accepted")
	}
	if _, err := ComposeFor(t.Context(), Condition{Sets: []SetChoice{{Set: "missing"}}}, 1, sets, Participant{}); err == nil {
		t.Fatal("missing set accepted")
	}
}

func TestShownCountsAreSharedAcrossParticipantsAndZeroForYes(t *testing.T) {
	sets := fakeSets(map[string]int{"a": 50})
	c := Condition{ExperimentID: "x", Sets: []SetChoice{{Set: "a"}}, Buttons: map[string]string{"like": "lognormal", "share": "yes"}}
	p1, _ := ComposeFor(t.Context(), c, 1, sets, Participant{})
	p2, _ := ComposeFor(t.Context(), c, 2, sets, Participant{})
	likes := map[int64]int64{}
	for _, it := range p1 {
		// A "yes" button shows 0 (and the export says 0); a hidden button shows no count.
		if !it.Likes.Shown || it.Likes.N < 1 || !it.Shares.Shown || it.Shares.N != 0 || it.ReadLater.Shown {
			t.Fatalf("item %+v: want a like count of at least 1, a share count of 0 and no bookmark count", it)
		}
		likes[it.EntityID] = it.Likes.N
	}
	distinct := map[int64]bool{}
	for _, it := range p2 {
		if likes[it.EntityID] != it.Likes.N {
			t.Fatalf("entity %d shows %d to one participant and %d to another", it.EntityID, likes[it.EntityID], it.Likes.N)
		}
		distinct[it.Likes.N] = true
	}
	if len(distinct) < 25 {
		t.Fatalf("only %d distinct counts over 50 cards: not drawn per card", len(distinct))
	}
	other := Condition{ExperimentID: "y", Sets: c.Sets, Buttons: c.Buttons}
	p3, _ := ComposeFor(t.Context(), other, 1, sets, Participant{})
	same := 0
	for _, it := range p3 {
		if likes[it.EntityID] == it.Likes.N {
			same++
		}
	}
	if same > 10 {
		t.Fatalf("%d of 50 counts equal in another study: not seeded by study", same)
	}
}
