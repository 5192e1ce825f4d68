package api

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"feedlab/demo"
	"feedlab/store"
)

func TestLoadExperimentAssignsAndKeepsTheSameFeed(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.post("/v1/load_experiment", map[string]any{"user_id": "u1", "experiment_id": "solarflare"})
	if r.status != 200 || r.json["success"] != "true" {
		t.Fatalf("%d %s", r.status, r.body)
	}
	data := r.json["data"].(map[string]any)
	if data["condition"].(float64) != 1 {
		t.Fatalf("condition %v", data["condition"])
	}
	cards := data["order_data"].([]any)
	if len(cards) != 24 {
		t.Fatalf("%d cards, want the 24 demo cards", len(cards))
	}
	first := cards[0].(map[string]any)
	for _, k := range []string{"entity_id", "entity_url", "headline", "topic", "shown_counts"} {
		if _, ok := first[k]; !ok {
			t.Fatalf("card lacks %s: %v", k, first)
		}
	}
	if !strings.HasPrefix(first["entity_url"].(string), "/media/") {
		t.Fatalf("entity_url %v is not served by the appliance", first["entity_url"])
	}
	if _, ok := first["shown_counts"].(map[string]any)["likes"]; !ok {
		t.Fatalf("solarflare likes are lognormal but no count shown: %v", first["shown_counts"])
	}
	var ps []map[string]string
	if err := json.Unmarshal([]byte(data["experiment_parameters"].(string)), &ps); err != nil {
		t.Fatalf("experiment_parameters is not JSON text of a list: %v", err)
	}
	found := false
	for _, p := range ps {
		if p["param"] == "feed-button-like" && p["value"] == "lognormal" {
			found = true
		}
		if p["param"] == "entity_sets" || p["param"] == "completion-code" {
			t.Fatalf("%s must not reach a participant's browser", p["param"])
		}
	}
	if !found {
		t.Fatalf("feed-button-like missing from %v", ps)
	}
	if first, again := e.load("u1"), e.load("u1"); !slices.Equal(first, again) {
		t.Fatal("the same participant got a different feed")
	}
	if slices.Equal(e.load("u1"), e.load("u2")) {
		t.Fatal("two participants got the same order (random algorithm, 24 cards)")
	}
}

func TestLoadExperimentByGETTakesArrivalParameters(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.call(nil, http.MethodGet, "/v1/load_experiment?user_id=g1&experiment_id=solarflare&PROLIFIC_PID=abc", nil, "")
	if r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	p, err := e.store.Participant(t.Context(), demo.ExperimentID, "g1")
	if err != nil || !strings.Contains(p.PlatformIds, `"PROLIFIC_PID":"abc"`) {
		t.Fatalf("platform ids %q, %v", p.PlatformIds, err)
	}
}

func TestParticipantCallsRejectBadInput(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ids := e.load("u1")
	like := func(mod func(m map[string]any)) map[string]any {
		m := map[string]any{"event_id": "ev-1", "user_id": "u1", "experiment_id": "solarflare", "condition": 1, "entity_id": ids[0],
			"engagement_type": "likes", "response": 1, "time_content_viewed": 1700000000000, "time_engagement": 1700000001000}
		if mod != nil {
			mod(m)
		}
		return m
	}
	cases := []struct {
		name   string
		path   string
		body   any
		ctype  string
		status int
		code   string
	}{
		{"malformed json", "/v1/write_user_engagement", `{"user_id": `, "application/json", 400, codeInvalidJSON},
		{"not an object", "/v1/write_user_engagement", `[1,2]`, "application/json", 400, codeInvalidJSON},
		{"two objects", "/v1/write_user_engagement", `{} {}`, "application/json", 400, codeInvalidJSON},
		{"empty body", "/v1/write_form", ``, "application/json", 400, codeInvalidJSON},
		{"wrong type", "/v1/write_user_engagement", like(func(m map[string]any) { m["user_id"] = map[string]any{} }), "application/json", 400, codeInvalidJSON},
		{"missing user", "/v1/write_user_engagement", like(func(m map[string]any) { delete(m, "user_id") }), "application/json", 400, codeBadRequest},
		{"missing event id", "/v1/write_user_engagement", like(func(m map[string]any) { delete(m, "event_id") }), "application/json", 400, codeBadRequest},
		{"bad engagement type", "/v1/write_user_engagement", like(func(m map[string]any) { m["engagement_type"] = "hug" }), "application/json", 400, codeBadRequest},
		{"unknown experiment", "/v1/write_user_engagement", like(func(m map[string]any) { m["experiment_id"] = "nope" }), "application/json", 404, codeUnknownExperiment},
		{"unknown participant", "/v1/write_user_engagement", like(func(m map[string]any) { m["user_id"] = "ghost" }), "application/json", 404, codeUnknownParticipant},
		{"entity not in feed", "/v1/write_user_engagement", like(func(m map[string]any) { m["entity_id"] = "999999" }), "application/json", 404, codeUnknownEntity},
		{"xml body", "/v1/write_user_engagement", `<x/>`, "application/xml", 415, codeUnsupportedMedia},
		{"oversized", "/v1/write_form", `{"form_fields":{"a":"` + strings.Repeat("x", limitEvent) + `"}}`, "application/json", 413, codeTooLarge},
		{"load unknown experiment", "/v1/load_experiment", map[string]any{"user_id": "u9", "experiment_id": "nope"}, "application/json", 404, codeUnknownExperiment},
		{"load bad user id", "/v1/load_experiment", map[string]any{"user_id": "a b", "experiment_id": "solarflare"}, "application/json", 400, codeBadRequest},
		{"dwell without list", "/v1/write_batch_dwell", map[string]any{"event_id": "d", "user_id": "u1", "experiment_id": "solarflare"}, "application/json", 400, codeBadRequest},
		{"dwell negative", "/v1/write_batch_dwell", map[string]any{"event_id": "d", "user_id": "u1", "experiment_id": "solarflare", "dwell_data": []any{map[string]any{"entity_id": ids[0], "dwellTimes": []int{-5}}}}, "application/json", 400, codeBadRequest},
		{"form without fields", "/v1/write_form", map[string]any{"event_id": "f", "user_id": "u1", "experiment_id": "solarflare"}, "application/json", 400, codeBadRequest},
		{"checkpoint bad name", "/v1/write_checkpoint", map[string]any{"event_id": "c", "user_id": "u1", "experiment_id": "solarflare", "checkpoint": "a b"}, "application/json", 400, codeBadRequest},
		{"unknown v1 path", "/v1/write_everything", map[string]any{}, "application/json", 404, codeNotFound},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := e.call(nil, http.MethodPost, c.path, c.body, c.ctype)
			if r.status != c.status || errorCode(r) != c.code || r.json["success"] != "false" {
				t.Fatalf("got %d %s, want %d %s", r.status, r.body, c.status, c.code)
			}
			if msg := r.json["error"].(map[string]any)["message"].(string); msg == "" {
				t.Fatal("empty error message")
			}
		})
	}
	if n := e.engagementRows(); n != 0 {
		t.Fatalf("%d engagement rows stored by rejected calls", n)
	}
}

func (e *testEnv) engagementRows() int {
	n := 0
	e.store.EachEngagement(context.Background(), demo.ExperimentID, func(store.EngagementRow) error { n++; return nil })
	return n
}

func TestEngagementIsStoredOnceAndBeaconsAreAccepted(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ids := e.load("u1")
	body := map[string]any{"event_id": "ev-1", "user_id": "u1", "experiment_id": "solarflare", "condition": "1", "entity_id": ids[3],
		"engagement_type": "likes", "response": "1", "time_content_viewed": 1700000000000, "time_engagement": 1700000001000, "likes": 1}
	for i, ctype := range []string{"application/json", "text/plain;charset=UTF-8", ""} {
		r := e.call(nil, http.MethodPost, "/v1/write_user_engagement", body, ctype)
		if r.status != 200 || r.json["success"] != "true" {
			t.Fatalf("send %d (%s): %d %s", i, ctype, r.status, r.body)
		}
		want := 0.0
		if i == 0 {
			want = 1
		}
		if got := r.json["data"].(map[string]any)["stored"].(float64); got != want {
			t.Fatalf("send %d stored %v rows, want %v", i, got, want)
		}
	}
	if n := e.engagementRows(); n != 1 {
		t.Fatalf("%d rows after three sends of one event, want 1", n)
	}
}

func TestBatchDwellStoresOneRowPerDwellAndResendsAddOnlyNewOnes(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ids := e.load("u1")
	batch := func(times ...int) map[string]any {
		return map[string]any{"event_id": "dw-1", "user_id": "u1", "experiment_id": "solarflare", "condition": 1,
			"dwell_data": []any{
				map[string]any{"idx": 0, "entity_id": ids[0], "dwells": len(times), "dwellTimes": times, "dwellsInviewTime": []int{1700000000000}},
				map[string]any{"idx": 1, "entity_id": ids[1], "dwells": 1, "dwellTimes": []int{250}, "dwellsInviewTime": []int{}},
			}}
	}
	if r := e.post("/v1/write_batch_dwell", batch(1200)); r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	if r := e.post("/v1/write_batch_dwell", batch(1200, 800)); r.status != 200 || r.json["data"].(map[string]any)["stored"].(float64) != 1 {
		t.Fatalf("resend: %d %s, want 1 new row", r.status, r.body)
	}
	var rows []store.EngagementRow
	e.store.EachEngagement(t.Context(), demo.ExperimentID, func(r store.EngagementRow) error { rows = append(rows, r); return nil })
	if len(rows) != 3 || rows[0].EngagementType != "dwell" || rows[0].Response != "1200" || rows[0].TimeContentViewed.Int64 != 1700000000000 {
		t.Fatalf("rows %+v", rows)
	}
	bad := batch(100)
	bad["dwell_data"] = append(bad["dwell_data"].([]any), map[string]any{"entity_id": "424242", "dwellTimes": []int{5}})
	bad["event_id"] = "dw-2"
	if r := e.post("/v1/write_batch_dwell", bad); r.status != 404 || errorCode(r) != codeUnknownEntity {
		t.Fatalf("batch with a foreign card: %d %s", r.status, r.body)
	}
	if n := e.engagementRows(); n != 3 {
		t.Fatalf("a rejected batch stored rows: %d", n)
	}
}

func TestFormAndCheckpointsLandInTheLongShape(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.load("u1")
	r := e.post("/v1/write_form", map[string]any{"event_id": "f-1", "user_id": "u1", "experiment_id": "solarflare", "condition": 1,
		"form_fields": map[string]any{"age": "34", "ethnicity": "asian%3Bother", "comments": "caf%C3%A9%20ok"}})
	if r.status != 200 || r.json["data"].(map[string]any)["stored"].(float64) != 3 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	r = e.post("/v1/write_checkpoint", map[string]any{"event_id": "c-1", "user_id": "u1", "experiment_id": "solarflare", "checkpoint": "feed-landed", "time": 1700000000000})
	if r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	fields := map[string]string{}
	e.store.EachAnswer(t.Context(), demo.ExperimentID, func(a store.AnswerRow) error { fields[a.Field] = a.Response; return nil })
	want := map[string]string{"age": "34", "ethnicity": "asian%3Bother", "comments": "caf%C3%A9%20ok", "feed-landed": "1700000000000",
		"condition": "1", "URLParams-PROLIFIC_PID": "p-u1"}
	for k, v := range want {
		if fields[k] != v {
			t.Fatalf("field %s = %q, want %q (all: %v)", k, fields[k], v, fields)
		}
	}
}

func TestEndRedirectCompletesWithAStableCode(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	// MTurk is the platform that uses a completion code; none is set, so one is generated.
	sets := `[{"entity_set":"solarflare_demo","number_to_show":3}]`
	sr := e.call(e.researcher(), http.MethodPost, "/v1/spawn_experiment", map[string]any{"condition_settings": []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": sets}, {"condition": 1, "param": "platform", "value": "mturk"},
	}}, "application/json")
	if sr.status != 200 {
		t.Fatalf("spawn: %d %s", sr.status, sr.body)
	}
	study := e.launch(sr.json["data"].(map[string]any)["experiment_id"].(string))
	if r := e.post("/v1/load_experiment", map[string]any{"user_id": "u1", "experiment_id": study}); r.status != 200 {
		t.Fatalf("load: %d %s", r.status, r.body)
	}
	// The code comes only after the feed is submitted (the chain is complete).
	if r := e.post("/v1/write_checkpoint", map[string]any{"user_id": "u1", "experiment_id": study, "event_id": "submit-u1", "checkpoint": "submit-click"}); r.status != 200 {
		t.Fatalf("submit-click: %d %s", r.status, r.body)
	}
	end := func(id string) string {
		r := e.post("/v1/write_checkpoint", map[string]any{"event_id": id, "user_id": "u1", "experiment_id": study, "checkpoint": "end-redirect"})
		if r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		return r.json["data"].(map[string]any)["completion_code"].(string)
	}
	code := end("end-1")
	if len(code) != 10 || end("end-2") != code {
		t.Fatalf("completion code %q not stable", code)
	}
	p, _ := e.store.Participant(t.Context(), study, "u1")
	if !p.CompletedAt.Valid || p.CompletionCode != code {
		t.Fatalf("participant %+v", p)
	}
	var codes []string
	e.store.EachAnswer(t.Context(), study, func(a store.AnswerRow) error {
		if a.Field == "completion_code" {
			codes = append(codes, a.Response)
		}
		return nil
	})
	if len(codes) != 1 || codes[0] != code {
		t.Fatalf("completion_code rows in user_form: %v, want one %q", codes, code)
	}
}

// TestNoCompletionCodeWithoutAPlatformThatUsesOne: solarflare has no platform; finishing
// completes the participant and answers no code, and user_form has no code row.
func TestNoCompletionCodeWithoutAPlatformThatUsesOne(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.load("u1")
	e.submitFeed("u1")
	r := e.post("/v1/write_checkpoint", map[string]any{"event_id": "end-1", "user_id": "u1", "experiment_id": demo.ExperimentID, "checkpoint": "end-redirect"})
	if r.status != 200 || r.json["data"].(map[string]any)["completion_code"] != "" {
		t.Fatalf("%d %s, want an empty completion_code", r.status, r.body)
	}
	p, _ := e.store.Participant(t.Context(), demo.ExperimentID, "u1")
	if !p.CompletedAt.Valid || p.CompletionCode != "" {
		t.Fatalf("participant %+v: completed without a code expected", p)
	}
	got := answersOf(t, e, "u1")
	if _, ended := got["end-redirect"]; !ended {
		t.Fatalf("user_form rows %v lack end-redirect", got)
	}
	if _, coded := got["completion_code"]; coded {
		t.Fatalf("user_form rows %v: want end-redirect and no completion_code", got)
	}
}

func TestAnalyticsCountsStudiesAndParticipants(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.load("a")
	e.load("b")
	r := e.post("/v1/analytics", nil)
	if r.status != 200 || r.json["success"] != "true" || r.json["total_users"].(float64) != 2 || r.json["total_experiments"].(float64) != 0 {
		t.Fatalf("%d %s", r.status, r.body)
	}
}

func TestSignupValidatesEmail(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	if r := e.post("/v1/signup", map[string]string{"email": "not-an-email"}); r.status != 400 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	if r := e.post("/v1/signup", map[string]string{"email": "ada@example.org", "name": "Ada"}); r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
}
