package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestParticipantsCommentReplyAndLikeAComment: in a condition with feed-button-comment and
// comment-like, write_user_engagement takes a comment (target the card), a reply and a like
// on a seeded comment, each stored once however often it is sent; text that is empty, too
// long or on a type that has none is refused with a 4xx and stores nothing; a reload
// (load_experiment again) answers the participant's own comments and likes under the card.
func TestParticipantsCommentReplyAndLikeAComment(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.researcher()
	r := e.call(c, http.MethodPost, "/v1/ingest_entity_set", map[string]any{"entity_set_settings": map[string]any{
		"setname": "speak", "category": "news",
		"covariates": []map[string]string{{"source_url": "https://example.org/a", "filename": "a.png", "retrieve_date": "2026-01-01", "entity_type": "image", "entity_url": "https://example.org/a.png"}},
		"comments":   "comment_id\tfilename\tauthor\ttext\nc1\ta.png\tDana\tFalse.\n",
	}}, "application/json")
	if r.status != 200 {
		t.Fatalf("ingest: %d %s", r.status, r.body)
	}
	sets := `[{"entity_set":"` + data(r)["entity_set"].(string) + `","number_to_show":1}]`
	var rows []map[string]any
	for _, p := range [][2]string{{"entity_sets", sets}, {"forms", "[]"}, {"comments", "collapsed"}, {"feed-button-comment", "yes"}, {"comment-like", "yes"}} {
		rows = append(rows, map[string]any{"condition": 1, "param": p[0], "value": p[1]})
	}
	r = e.call(c, http.MethodPost, "/v1/spawn_experiment", map[string]any{"condition_settings": rows}, "application/json")
	if r.status != 200 {
		t.Fatalf("spawn: %d %s", r.status, r.body)
	}
	id := e.launch(data(r)["experiment_id"].(string))
	load := func() map[string]any {
		r := e.post("/v1/load_experiment", map[string]any{"user_id": "ann", "experiment_id": id})
		if r.status != 200 {
			t.Fatalf("load: %d %s", r.status, r.body)
		}
		return data(r)["order_data"].([]any)[0].(map[string]any)
	}
	card := load()
	if _, ok := card["own_comments"]; ok {
		t.Fatalf("a new participant has comments: %v", card)
	}
	entity := card["entity_id"]
	send := func(event, typ, text, target, response string) response {
		return e.post("/v1/write_user_engagement", map[string]any{"user_id": "ann", "experiment_id": id, "event_id": event,
			"entity_id": entity, "engagement_type": typ, "response": response, "text": text, "target_id": target,
			"time_content_viewed": 1, "time_engagement": 2})
	}
	cardID := fmt.Sprint(entity)
	said := "It is \"false\", see\nthe agency"
	for range 2 { // the outbox's retry of the same events is stored once
		for _, ev := range [][5]string{{"ev-c", "comment", said, cardID, "1"}, {"ev-r", "reply", "Thanks, Dana", "c1", "1"}, {"ev-l", "comment_like", "", "c1", "1"}} {
			if r := send(ev[0], ev[1], ev[2], ev[3], ev[4]); r.status != 200 {
				t.Fatalf("%s: %d %s", ev[1], r.status, r.body)
			}
		}
	}
	for _, bad := range []struct {
		typ, text, target string
		status            int
	}{
		{"comment", "   ", cardID, 400},
		{"comment", strings.Repeat("é", MaxSpeechChars+1), cardID, 413},
		{"reply", "hi", "", 400},
		{"comment_like", "words", "c1", 400},
		{"likes", "words", "", 400},
	} {
		if r := send("bad-"+bad.typ, bad.typ, bad.text, bad.target, "1"); r.status != bad.status {
			t.Errorf("%s %q → %d %s, want %d", bad.typ, bad.text, r.status, r.body, bad.status)
		}
	}
	if n := e.usedRows(id, "ann"); n != 3 {
		t.Errorf("%d rows stored, want the comment, the reply and the like once each", n)
	}
	card = load()
	own, _ := card["own_comments"].([]any)
	if len(own) != 2 || own[0].(map[string]any)["text"] != said || own[0].(map[string]any)["target"] != cardID ||
		own[1].(map[string]any)["id"] != "ev-r" || own[1].(map[string]any)["target"] != "c1" {
		t.Errorf("reloaded own comments %v", card["own_comments"])
	}
	if liked, _ := card["liked_comments"].([]any); len(liked) != 1 || liked[0] != "c1" {
		t.Errorf("reloaded liked comments %v", card["liked_comments"])
	}
	if r := send("ev-l2", "comment_like", "", "c1", "0"); r.status != 200 {
		t.Fatalf("unlike: %d %s", r.status, r.body)
	}
	if _, ok := load()["liked_comments"]; ok {
		t.Errorf("a like taken back still shows after a reload")
	}
}

// TestParticipantsPostAtTheTopOfTheirFeed: with feed-compose, a post (entity_id empty, its
// target its own event id) is stored once, about no card, and a reload answers it in
// own_posts; a post naming a card or another target is refused, and the engagement export
// shows its entity_id empty with its text and target.
func TestParticipantsPostAtTheTopOfTheirFeed(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.researcher()
	id := e.spawnStudy(c, []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": `[{"entity_set":"solarflare_demo","number_to_show":2}]`},
		{"condition": 1, "param": "feed-compose", "value": "yes"},
	})
	cards := e.participantLoad(id, "ann")
	post := func(body map[string]any) response {
		m := map[string]any{"user_id": "ann", "experiment_id": id, "engagement_type": "post", "response": "1", "time_engagement": 2}
		for k, v := range body {
			m[k] = v
		}
		return e.post("/v1/write_user_engagement", m)
	}
	for range 2 {
		if r := post(map[string]any{"event_id": "p-1", "text": "Off to the library today."}); r.status != 200 {
			t.Fatalf("post: %d %s", r.status, r.body)
		}
	}
	if r := post(map[string]any{"event_id": "p-2", "text": "x", "entity_id": cards[0]}); r.status != 400 {
		t.Errorf("a post naming a card: %d %s", r.status, r.body)
	}
	if r := post(map[string]any{"event_id": "p-3", "text": "x", "target_id": "c1"}); r.status != 400 {
		t.Errorf("a post with another target: %d %s", r.status, r.body)
	}
	// This condition has no comment box and no reactions: a comment or a reaction shown is refused.
	for _, typ := range []string{"comment", "reaction_shown"} {
		r := post(map[string]any{"event_id": "x-" + typ, "engagement_type": typ, "entity_id": cards[0], "text": "Hi", "target_id": cards[0]})
		if r.status != 400 || !strings.Contains(string(r.body), "does not offer "+typ) {
			t.Errorf("%s without its parameter: %d %s", typ, r.status, r.body)
		}
	}
	r := e.post("/v1/load_experiment", map[string]any{"user_id": "ann", "experiment_id": id})
	posts, _ := data(r)["own_posts"].([]any)
	if r.status != 200 || len(posts) != 1 || posts[0].(map[string]any)["id"] != "p-1" || posts[0].(map[string]any)["text"] != "Off to the library today." {
		t.Fatalf("reload: %d own_posts %v", r.status, data(r)["own_posts"])
	}
	d := e.call(c, http.MethodPost, "/v1/dump_data", map[string]string{"data_type": "engagement", "experiment_id": id}, "application/json")
	var line string
	for _, l := range strings.Split(string(d.body), "\n") {
		if strings.Contains(l, ",post,") {
			line = l
		}
	}
	if d.status != 200 || !strings.HasSuffix(strings.TrimSpace(line), ",Off to the library today.,p-1") || !strings.Contains(line, ",ann,,1,") {
		t.Errorf("export post row %q (status %d)", line, d.status)
	}
}

// TestReactionsComeWithTheAcknowledgementAndAfterAReload: a comment matching a rule is
// acknowledged with its reaction, due after_ms after the server stored it; the same comment
// sent again draws the same reaction (nothing new stored); a second comment on the same
// card draws none (once per target); load_experiment answers the same reactions with the
// server's clock; reaction_shown is taken, for a post's reaction without a card.
func TestReactionsComeWithTheAcknowledgementAndAfterAReload(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.researcher()
	rules := `[{"when":"comment","on":"any","after_ms":4000,"do":{"reply":{"author":"Sam Park","text":"Good point!"}}},
		{"when":"post","on":"post","after_ms":0,"do":{"notify":"Lee liked your post"}}]`
	id := e.spawnStudy(c, []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": `[{"entity_set":"solarflare_demo","number_to_show":2}]`},
		{"condition": 1, "param": "feed-button-comment", "value": "yes"},
		{"condition": 1, "param": "feed-compose", "value": "yes"},
		{"condition": 1, "param": "reactions", "value": rules},
	})
	cards := e.participantLoad(id, "ann")
	send := func(body map[string]any) response {
		m := map[string]any{"user_id": "ann", "experiment_id": id, "response": "1", "time_engagement": 2, "time_content_viewed": 1}
		for k, v := range body {
			m[k] = v
		}
		return e.post("/v1/write_user_engagement", m)
	}
	comment := map[string]any{"event_id": "c-1", "entity_id": cards[0], "engagement_type": "comment", "text": "Is this true?", "target_id": cards[0]}
	var first []any
	for i := range 2 {
		r := send(comment)
		drawn, _ := data(r)["reactions"].([]any)
		if r.status != 200 || len(drawn) != 1 {
			t.Fatalf("comment (send %d): %d %s", i+1, r.status, r.body)
		}
		if i == 0 {
			first = drawn
		} else if fmt.Sprint(drawn) != fmt.Sprint(first) {
			t.Errorf("the retry drew %v, the first send %v", drawn, first)
		}
	}
	x := first[0].(map[string]any)
	if x["kind"] != "reply" || x["author"] != "Sam Park" || x["text"] != "Good point!" || x["target"] != "c-1" || x["entity_id"] != cards[0] || x["rule"] != 1.0 || x["id"] != "1.c-1" {
		t.Errorf("reaction %v", x)
	}
	if r := send(map[string]any{"event_id": "c-2", "entity_id": cards[0], "engagement_type": "comment", "text": "And?", "target_id": cards[0]}); r.status != 200 || data(r)["reactions"] != nil {
		t.Errorf("a second comment on the same card: %d %s", r.status, r.body)
	}
	r := send(map[string]any{"event_id": "p-1", "entity_id": "", "engagement_type": "post", "text": "Hello all"})
	if drawn, _ := data(r)["reactions"].([]any); r.status != 200 || len(drawn) != 1 || drawn[0].(map[string]any)["kind"] != "notify" {
		t.Fatalf("post: %d %s", r.status, r.body)
	}
	load := e.post("/v1/load_experiment", map[string]any{"user_id": "ann", "experiment_id": id})
	all, _ := data(load)["reactions"].([]any)
	if load.status != 200 || len(all) != 2 || fmt.Sprint(all[0]) != fmt.Sprint(first[0]) || data(load)["now"].(float64) < all[1].(map[string]any)["due_at"].(float64) {
		t.Fatalf("reload: %d reactions %v now %v", load.status, all, data(load)["now"])
	}
	for _, shown := range []map[string]any{
		{"event_id": "reaction.1.c-1", "entity_id": cards[0], "engagement_type": "reaction_shown", "response": "1", "text": "Good point!", "target_id": "c-1"},
		{"event_id": "reaction.2.p-1", "entity_id": "", "engagement_type": "reaction_shown", "response": "2", "text": "Lee liked your post", "target_id": "p-1"},
	} {
		if r := send(shown); r.status != 200 {
			t.Errorf("reaction_shown: %d %s", r.status, r.body)
		}
	}
}

// TestACommentFloodIsRefused: a script holding a participant's ids and sending comments of
// 1,000 four-byte characters, each under a new event id, is stopped by the bytes budget
// (413 over_budget_bytes) after far fewer than it tried, and what it stored stays within the
// budget.
func TestACommentFloodIsRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.researcher()
	id := e.spawnStudy(c, []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": `[{"entity_set":"solarflare_demo","number_to_show":1}]`},
		{"condition": 1, "param": "feed-button-comment", "value": "yes"},
	})
	cards := e.participantLoad(id, "flood")
	long := strings.Repeat("😀", MaxSpeechChars)
	var refused response
	sent := 0
	for i := range 300 {
		r := e.post("/v1/write_user_engagement", map[string]any{"user_id": "flood", "experiment_id": id, "event_id": fmt.Sprintf("c-%d", i),
			"entity_id": cards[0], "engagement_type": "comment", "response": "1", "text": long, "target_id": cards[0]})
		if r.status != 200 {
			refused = r
			break
		}
		sent++
	}
	if refused.status != 413 || errorCode(refused) != codeOverBudgetBytes {
		t.Fatalf("after %d comments: %d %s", sent, refused.status, refused.body)
	}
	if sent < honestSpeechPerCard {
		t.Errorf("refused after %d comments; an honest participant writes up to %d on a card", sent, honestSpeechPerCard)
	}
}
