package store

import (
	"context"
	"testing"
)

// A participant registered without a feed (a condition ranked by answers given before it)
// gets it stored once: the empty feed of the registration is not answered after the late
// one is stored, a second ComposeLateFeed keeps the first feed, and every card of it
// resolves as in the feed.
func TestLateFeedIsStoredOnce(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 1)
	none := func(context.Context, int, uint64, EntityLookup) ([]InventoryItem, error) { return nil, nil }
	p, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "late", NConditions: 1}, none)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ResolveEvent(ctx, id, "late", ents[0].EntityID); err != nil {
		t.Fatal(err) // an event before the feed: not in it, and not remembered as such
	}
	first := []InventoryItem{{EntityID: ents[1].EntityID, Algorithm: "custom"}, {EntityID: ents[0].EntityID, Algorithm: "custom"}}
	got, err := s.ComposeLateFeed(ctx, p, first)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].EntityID != ents[1].EntityID || got[1].EntityID != ents[0].EntityID {
		t.Fatalf("stored feed %+v", got)
	}
	again, err := s.ComposeLateFeed(ctx, p, []InventoryItem{{EntityID: ents[2].EntityID}})
	if err != nil {
		t.Fatal(err)
	}
	if len(again) != 2 || again[0].EntityID != ents[1].EntityID {
		t.Fatalf("a second composition replaced the feed: %+v", again)
	}
	for _, e := range []int64{ents[0].EntityID, ents[1].EntityID} {
		if tgt, err := s.ResolveEvent(ctx, id, "late", e); err != nil || !tgt.InFeed {
			t.Fatalf("card %d: %+v, %v; want in the feed", e, tgt, err)
		}
	}
	if tgt, _ := s.ResolveEvent(ctx, id, "late", ents[2].EntityID); tgt.InFeed {
		t.Fatalf("card %d of the refused second feed resolves as in the feed", ents[2].EntityID)
	}
}
