package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"testing"
)

// TestLongFeedAndBatchStoreEveryRowInOrder: a feed and a dwell batch are each stored in
// one statement of up to 100 rows (issue 28); longer ones take several. A 250-card feed
// keeps every card in order with its counts and explanation, and a 230-visit batch stores
// every visit once, its resend with more visits only the new ones, and a reused id with
// another value is refused with nothing stored.
func TestLongFeedAndBatchStoreEveryRowInOrder(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	const cards = 250
	set := NewSet{Name: "20260101_long", Category: "news", Columns: []string{"source_url", "filename", "retrieve_date", "entity_type"}}
	for i := range cards {
		set.Entities = append(set.Entities, NewEntity{EntityURL: fmt.Sprintf("/media/%d.png", i), SourceURL: "https://example.org", Filename: "x.png", RetrieveDate: "2026-01-01", EntityType: "image"})
	}
	if err := s.CreateEntitySet(ctx, set, nil); err != nil {
		t.Fatal(err)
	}
	id, err := s.CreateStudy(ctx, NewStudy{NConditions: 1, Params: []Param{{Condition: 1, Param: "feed", Value: "scroll"}}})
	if err != nil {
		t.Fatal(err)
	}
	ents, err := s.Entities(ctx, set.Name)
	if err != nil {
		t.Fatal(err)
	}
	// Reversed, so the stored order is the composer's and not the set's.
	compose := func(context.Context, int, uint64, EntityLookup) ([]InventoryItem, error) {
		items := make([]InventoryItem, cards)
		for i := range items {
			e := ents[cards-1-i]
			items[i] = InventoryItem{EntityID: e.EntityID, Algorithm: "custom",
				Reason: fmt.Sprintf("card \"%d\"\tfrom the script", i), Inputs: fmt.Sprintf(`{"i":%d}`, i)}
			if i%3 == 0 {
				items[i].Likes = sql.NullInt64{Int64: int64(i * 7), Valid: true}
			}
			if i%2 == 0 {
				items[i].Score = sql.NullFloat64{Float64: float64(i) / 4, Valid: true}
			}
		}
		return items, nil
	}
	p, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "long", NConditions: 1}, compose)
	if err != nil {
		t.Fatal(err)
	}
	feed, err := s.ExplainedFeed(ctx, p.ParticipantID)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := compose(ctx, 1, 0, nil)
	if len(feed) != cards {
		t.Fatalf("%d cards stored, want %d", len(feed), cards)
	}
	for i, got := range feed {
		w := want[i]
		if got.ItemOrder != int64(i) || got.EntityID != w.EntityID || got.ShownLikes != w.Likes || got.ShownShares.Valid ||
			got.Algorithm != w.Algorithm || got.Score != w.Score || got.Reason != w.Reason || got.Inputs != w.Inputs {
			t.Fatalf("card %d stored as %+v, want %+v", i, got, w)
		}
	}

	batch := func(eventID string, visits int, response string) Event {
		var ev Event
		for k := range visits {
			ev.Engagements = append(ev.Engagements, Engagement{EventID: fmt.Sprintf("%s/%d", eventID, k), ParticipantID: p.ParticipantID,
				EntityID: want[k%cards].EntityID, Type: "dwell", Response: response, TimeContentViewed: sql.NullInt64{Int64: int64(k), Valid: k%2 == 0}})
		}
		return ev
	}
	if n, err := s.RecordEvent(ctx, batch("b1", 230, "900")); err != nil || n != 230 {
		t.Fatalf("first batch: stored %d, %v; want 230", n, err)
	}
	if n, err := s.RecordEvent(ctx, batch("b1", 240, "900")); err != nil || n != 10 {
		t.Fatalf("resent batch with 10 more visits: stored %d, %v; want 10", n, err)
	}
	if n, err := s.RecordEvent(ctx, batch("b1", 120, "901")); !errors.Is(err, ErrEventConflict) || n != 0 {
		t.Fatalf("reused ids with other values: stored %d, %v; want ErrEventConflict", n, err)
	}
	var rows int
	if err := s.EachEngagement(ctx, id, func(r EngagementRow) error {
		rows++
		if r.Response != "900" {
			t.Errorf("row %s holds %q", r.EventID, r.Response)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if rows != 240 {
		t.Fatalf("%d engagement rows, want 240", rows)
	}
}
