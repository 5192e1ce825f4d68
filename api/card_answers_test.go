package api

import (
	"context"
	"testing"

	"feedlab/store"
)

// A participant of a study whose questionnaire runs a recognition test receives lure cards
// (cards of their sets not in their feed), the same at every load; answers about a feed
// card are stored with lure 0, about a lure with lure 1, each with its position; an answer
// about any other card is refused and stores nothing.
func TestCardAnswersAreTiedToShownCardsAndLures(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.researcher()
	q := `[{"name":"recall","title":"Recall","pages":[{"items":[{"id":"cards","type":"cards","lures":2,"order":"shuffled","items":[{"id":"seen","type":"single","text":"Seen?","options":[{"value":"yes","label":"Yes"},{"value":"no","label":"No"}]}]}]}]}]`
	id := e.spawnStudy(c, []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": `[{"entity_set":"solarflare_demo","number_to_show":3}]`},
		{"condition": 1, "param": "questionnaires", "value": q},
		{"condition": 1, "param": "forms", "value": `["recall"]`},
	})
	load := func() (feed, lures []string) {
		r := e.post("/v1/load_experiment", map[string]any{"user_id": "u1", "experiment_id": id})
		if r.status != 200 {
			t.Fatalf("load_experiment: %d %s", r.status, r.body)
		}
		data := r.json["data"].(map[string]any)
		for _, c := range data["order_data"].([]any) {
			feed = append(feed, c.(map[string]any)["entity_id"].(string))
		}
		for _, c := range data["lure_data"].([]any) {
			lures = append(lures, c.(map[string]any)["entity_id"].(string))
		}
		return feed, lures
	}
	feed, lures := load()
	if len(feed) != 3 || len(lures) != 2 {
		t.Fatalf("feed %v, lures %v", feed, lures)
	}
	for _, l := range lures {
		for _, f := range feed {
			if l == f {
				t.Fatalf("lure %s is in the feed %v", l, feed)
			}
		}
	}
	if _, again := load(); again[0] != lures[0] || again[1] != lures[1] {
		t.Fatalf("lures changed between loads: %v then %v", lures, again)
	}

	send := func(event string, entity string, pos int) response {
		return e.post("/v1/write_form", map[string]any{"user_id": "u1", "experiment_id": id, "event_id": event, "form_fields": map[string]string{},
			"card_fields": []map[string]any{{"field": "cards.seen", "entity_id": entity, "position": pos, "value": "yes"}}})
	}
	if r := send("f1", feed[1], 1); r.status != 200 {
		t.Fatalf("a feed card's answer: %d %s", r.status, r.body)
	}
	if r := send("f2", lures[0], 2); r.status != 200 {
		t.Fatalf("a lure's answer: %d %s", r.status, r.body)
	}
	if r := send("f3", "999999", 3); r.status != 400 {
		t.Fatalf("an answer about a card never offered: %d %s", r.status, r.body)
	}
	got := map[string]string{}
	err := e.store.EachAnswer(context.Background(), id, func(a store.AnswerRow) error {
		if a.Field == "cards.seen" {
			got[a.EventID] = itoa(a.EntityID.Int64) + "/" + itoa(a.Lure.Int64) + "/" + itoa(a.Position.Int64)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"f1/cards.seen/" + feed[1]: feed[1] + "/0/1", "f2/cards.seen/" + lures[0]: lures[0] + "/1/2"}
	if len(got) != len(want) {
		t.Fatalf("stored %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %q, want %q", k, got[k], v)
		}
	}
}
