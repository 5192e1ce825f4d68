package store

import (
	"context"
	"database/sql"
	"reflect"
	"slices"
	"testing"
)

// TestPlanningSeesCompletionsAndExitsAtOnce: planning reuses a study's counted loads for
// up to a second (load_cache.go), but a completion or an exit state changes them at once.
// The clock is frozen, so any reuse would be within that second.
func TestPlanningSeesCompletionsAndExitsAtOnce(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	withClock(s)
	firstOfTies(s)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 2)

	// Balanced by completions only: the first arrival takes condition 1 (a tie), and once
	// it completed the next one must go to condition 2.
	byCompletion := Assignment{CompletedOnly: true}
	p1 := mustRegister(t, s, id, ents, "c1", 2, byCompletion)
	if p1.Condition != 1 {
		t.Fatalf("first arrival in condition %d", p1.Condition)
	}
	if err := s.CompleteParticipant(ctx, p1.ParticipantID, ""); err != nil {
		t.Fatal(err)
	}
	if p := mustRegister(t, s, id, ents, "c2", 2, byCompletion); p.Condition != 2 {
		t.Fatalf("after condition 1's completion the next arrival went to condition %d, want 2", p.Condition)
	}

	// Balanced by completed and active participants: condition 1 holds c1 (completed) and
	// c2's condition 2 holds c2; a3 goes to 1 or 2 by the tie, then its condition is freed
	// by an exit state and the next arrival must take that place.
	active := Assignment{}
	p3 := mustRegister(t, s, id, ents, "a3", 2, active)
	if err := s.SetExitState(ctx, p3.ParticipantID, ExitReturned); err != nil {
		t.Fatal(err)
	}
	if p := mustRegister(t, s, id, ents, "a4", 2, active); p.Condition != p3.Condition {
		t.Fatalf("the place a3 freed in condition %d went unused: a4 in condition %d", p3.Condition, p.Condition)
	}
}

// TestComposersGetTheSetInUploadOrderEveryTime: composing reuses a set's cards for up to a
// second (load_cache.go); a composer that reorders the cards it is given in place must not
// change what the next arrival's composer is given.
func TestComposersGetTheSetInUploadOrderEveryTime(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	withClock(s)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 1)
	set := ents[0].EntitySet
	reverse := func(_ context.Context, _ int, _ uint64, lookup EntityLookup) ([]InventoryItem, error) {
		cards, err := lookup(set)
		if err != nil {
			return nil, err
		}
		for i, e := range cards {
			if e.EntityID != ents[i].EntityID {
				t.Errorf("card %d given is %d, want the set's %d", i, e.EntityID, ents[i].EntityID)
			}
		}
		slices.Reverse(cards)
		items := make([]InventoryItem, len(cards))
		for i, e := range cards {
			items[i] = InventoryItem{EntityID: e.EntityID}
		}
		return items, nil
	}
	for _, user := range []string{"r1", "r2", "r3"} {
		if _, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: user, NConditions: 1}, reverse); err != nil {
			t.Fatal(err)
		}
	}
}

// TestNewParticipantsFeedIsWhatIsStored: the feed answered right after registration is
// built from what was composed (load_cache.go, freshFeeds); it must equal, field for
// field, the feed read back from the database.
func TestNewParticipantsFeedIsWhatIsStored(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 1)
	compose := func(_ context.Context, _ int, _ uint64, lookup EntityLookup) ([]InventoryItem, error) {
		cards, err := lookup(ents[0].EntitySet)
		if err != nil {
			return nil, err
		}
		items := make([]InventoryItem, len(cards))
		for i, c := range cards {
			items[len(cards)-1-i] = InventoryItem{EntityID: c.EntityID, Likes: sql.NullInt64{Int64: int64(10 * i), Valid: true}}
		}
		return items, nil
	}
	p, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "fresh", NConditions: 1}, compose)
	if err != nil {
		t.Fatal(err)
	}
	first, err := s.Feed(ctx, p.ParticipantID)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := s.Feed(ctx, p.ParticipantID) // taken once: this one is read
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != len(ents) || !reflect.DeepEqual(first, stored) {
		t.Fatalf("feed answered at arrival\n%+v\nfeed stored\n%+v", first, stored)
	}
}
