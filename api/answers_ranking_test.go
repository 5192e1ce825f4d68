package api

import (
	"slices"
	"strconv"
	"testing"
)

// A condition ranked by a custom script that reads participant["answers"] and has a
// forms-before questionnaire registers its participants without a feed: load_experiment
// answers an empty feed marked feed_pending until the questionnaire's answers and its
// form-done checkpoint are stored, then the feed composed from those answers, the same at
// every load after. Two participants who answer differently get different orders; a custom
// script in a condition without forms-before composes at arrival as before.
func TestFeedWaitsForTheAnswersItIsRankedBy(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.researcher()
	const script = `def rank(cards, participant):
    order = participant["answers"].get("views.order", "")
    return sorted(cards, key = lambda c: c["entity_id"], reverse = order == "desc")
`
	q := `[{"name":"views","title":"Views","pages":[{"items":[{"id":"order","type":"single","text":"Which way?","options":[{"value":"asc","label":"Up"},{"value":"desc","label":"Down"}]}]}]}]`
	sets := `[{"entity_set":"solarflare_demo","number_to_show":3}]`
	id := e.spawnStudy(c, []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": sets},
		{"condition": 1, "param": "questionnaires", "value": q},
		{"condition": 1, "param": "forms-before", "value": `["views"]`},
		{"condition": 1, "param": "algorithm", "value": "custom"},
		{"condition": 1, "param": "algorithm-script", "value": script},
	})
	load := func(user string) (order []int, pending bool) {
		t.Helper()
		r := e.post("/v1/load_experiment", map[string]any{"user_id": user, "experiment_id": id})
		if r.status != 200 {
			t.Fatalf("load_experiment %s: %d %s", user, r.status, r.body)
		}
		data := r.json["data"].(map[string]any)
		for _, c := range data["order_data"].([]any) {
			n, _ := strconv.Atoi(c.(map[string]any)["entity_id"].(string))
			order = append(order, n)
		}
		p, has := data["feed_pending"]
		if has && p != true {
			t.Fatalf("feed_pending is %v", p)
		}
		return order, has
	}
	send := func(path string, body map[string]any) {
		t.Helper()
		if r := e.post(path, body); r.status != 200 {
			t.Fatalf("%s: %d %s", path, r.status, r.body)
		}
	}
	answer := func(user, order string) {
		t.Helper()
		if got, pending := load(user); len(got) != 0 || !pending {
			t.Fatalf("%s at arrival: feed %v, pending %v; want an empty pending feed", user, got, pending)
		}
		send("/v1/write_form", map[string]any{"user_id": user, "experiment_id": id, "event_id": user + "-f", "form_fields": map[string]string{"order": order}})
		if got, pending := load(user); len(got) != 0 || !pending {
			t.Fatalf("%s answered but not done: feed %v, pending %v", user, got, pending)
		}
		send("/v1/write_checkpoint", map[string]any{"user_id": user, "experiment_id": id, "event_id": user + "-d", "checkpoint": "form-done:views"})
	}
	answer("up", "asc")
	answer("down", "desc")
	up, pending := load("up")
	if pending || len(up) < 3 || !slices.IsSorted(up) {
		t.Fatalf("after the answer asc: feed %v, pending %v", up, pending)
	}
	down, _ := load("down")
	reversed := slices.Clone(up)
	slices.Reverse(reversed)
	if !slices.Equal(down, reversed) {
		t.Fatalf("after the answer desc: feed %v, want the reverse of %v", down, up)
	}
	again, _ := load("up")
	if !slices.Equal(again, up) {
		t.Fatalf("a second load changed the feed: %v then %v", up, again)
	}

	// Without forms-before the same script composes at arrival, with no answers.
	plain := e.spawnStudy(c, []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": sets},
		{"condition": 1, "param": "algorithm", "value": "custom"},
		{"condition": 1, "param": "algorithm-script", "value": script},
	})
	r := e.post("/v1/load_experiment", map[string]any{"user_id": "u", "experiment_id": plain})
	data := r.json["data"].(map[string]any)
	if _, has := data["feed_pending"]; has || len(data["order_data"].([]any)) != len(up) {
		t.Fatalf("without forms-before: %d %s", r.status, r.body)
	}
}
