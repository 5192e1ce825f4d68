package study

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"feedlab/media"
	"feedlab/store"
)

// cardJSON is cards as the browser decodes them.
func cardJSON(t *testing.T, cards []Card) []map[string]any {
	t.Helper()
	raw, err := json.Marshal(cards)
	if err != nil {
		t.Fatal(err)
	}
	appended, err := AppendCards(nil, cards)
	if err != nil || !bytes.Equal(appended, raw) {
		t.Fatalf("AppendCards gives\n%s (%v)\njson.Marshal\n%s", appended, err, raw)
	}
	var out []map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("cards are not JSON: %v\n%s", err, raw)
	}
	return out
}

func TestFeedCardsCarryFieldsPlaceCountsAndCovariates(t *testing.T) {
	stored := "/media/" + strings.Repeat("ab", 32) + ".png"
	srcset := media.Srcset(stored, 1200)
	if srcset == "" {
		t.Fatal("a stored 1200 px PNG has smaller copies")
	}
	cards := orderData([]store.FeedCard{
		{ItemOrder: 0, EntityID: 7, EntitySet: "hidden_set", EntityUrl: stored, SourceUrl: "https://example.org/a",
			Filename: "a.png", RetrieveDate: "2026-01-02", EntityType: "image", Headline: `A "quoted" <b>headline</b>`,
			Covariates: `{"source":"Daily \"News\"","topic":"science"}`, Width: sql.NullInt64{Int64: 1200, Valid: true},
			Height:     sql.NullInt64{Int64: 800, Valid: true},
			ShownLikes: sql.NullInt64{Int64: 0, Valid: true}, ShownShares: sql.NullInt64{Int64: 31, Valid: true}},
		{ItemOrder: 1, EntityID: 8, EntityUrl: "https://example.org/b.jpg", Filename: "b.jpg", EntityType: "text", Covariates: `{}`},
	})
	got := cardJSON(t, cards)
	want := []map[string]any{
		{"entity_id": "7", "entity_url": stored, "entity_type": "image", "source_url": "https://example.org/a",
			"filename": "a.png", "retrieve_date": "2026-01-02", "headline": `A "quoted" <b>headline</b>`,
			"image_size": map[string]any{"width": 1200.0, "height": 800.0}, "image_srcset": srcset,
			"idx": 0.0, "shown_counts": map[string]any{"likes": 0.0, "shares": 31.0},
			"source": `Daily "News"`, "topic": "science"},
		{"entity_id": "8", "entity_url": "https://example.org/b.jpg", "entity_type": "text", "source_url": "",
			"filename": "b.jpg", "retrieve_date": "", "headline": "", "idx": 1.0, "shown_counts": map[string]any{}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("cards:\n%v\nwant\n%v", got, want)
	}
}

// A researcher's column named like a card field is not sent: the page would read it where
// it expects the field. Other columns, and values that merely contain a field's name, are.
func TestCovariatesNeverShadowACardsFields(t *testing.T) {
	cards := orderData([]store.FeedCard{{ItemOrder: 3, EntityID: 9, Headline: "Real",
		Covariates: `{"comments":"none","headline":"Fake","idx":"99","note":"the \"headline\": column"}`}})
	cards[0].Comments = []SeededComment{{ID: "c1", Author: "Ana", Text: "Hi"}}
	got := cardJSON(t, cards)[0]
	if got["headline"] != "Real" || got["idx"] != 3.0 || got["note"] != `the "headline": column` {
		t.Fatalf("card %v", got)
	}
	if cs, ok := got["comments"].([]any); !ok || len(cs) != 1 {
		t.Fatalf("comments %v, want the one attached", got["comments"])
	}
	lure := cardJSON(t, lureData([]store.Entity{{EntityID: 4, Covariates: `{"idx":"1","shown_counts":"x"}`}}))[0]
	if _, ok := lure["idx"]; ok {
		t.Fatalf("a lure has no place in the feed, and no column stands in for one: %v", lure)
	}
	if _, ok := lure["shown_counts"]; ok {
		t.Fatalf("a lure shows no counts: %v", lure)
	}
	damaged := cardJSON(t, lureData([]store.Entity{{EntityID: 5, Headline: "H", Covariates: `{"topic":`}}))[0]
	if damaged["headline"] != "H" || len(damaged) != 7 {
		t.Fatalf("a damaged covariates row sends the card without them: %v", damaged)
	}
}

// FuzzCardCovariates: whatever a card's stored covariates hold, the card's JSON is valid,
// its own fields are its own, and its covariates are exactly what store.Covariates reads,
// less those named like a card field.
func FuzzCardCovariates(f *testing.F) {
	for _, seed := range []string{"", "{}", "{ }", `{"topic":"t"}`, `{"headline":"x","a":"b"}`, `{"head\u006cine":"x"}`,
		`{"headline" : "x"}`, `{"a":1}`, "not json", `{"a":"<&>\u2028"}`, `{"a":"1","a":"2"}`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, stored string) {
		raw, err := AppendCards(nil, orderData([]store.FeedCard{{ItemOrder: 2, EntityID: 5, Headline: "Real", Covariates: stored}}))
		if err != nil {
			t.Fatal(err)
		}
		var got []map[string]any
		if err := json.Unmarshal(raw, &got); err != nil || len(got) != 1 {
			t.Fatalf("covariates %q give a feed that is not JSON (%v): %s", stored, err, raw)
		}
		card := got[0]
		if card["headline"] != "Real" || card["idx"] != 2.0 || card["entity_id"] != "5" {
			t.Fatalf("covariates %q changed the card's own fields: %v", stored, card)
		}
		want := store.Covariates(stored)
		for _, name := range cardFieldNames {
			delete(want, name)
		}
		for k, v := range card {
			if slices.Contains(cardFieldNames, k) {
				continue
			}
			if w, ok := want[k]; !ok || v != w {
				t.Fatalf("covariates %q: the card sends %s = %v, want %q (%v)", stored, k, v, w, ok)
			}
			delete(want, k)
		}
		if len(want) > 0 {
			t.Fatalf("covariates %q: the card lacks %v", stored, want)
		}
	})
}
