package api

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// loadInto registers (or reloads) a participant of a study with extra query parameters and
// returns the response.
func (e *consoleEnv) loadInto(study, user string, query map[string]string) response {
	e.t.Helper()
	return e.post("/v1/load_experiment", map[string]any{"user_id": user, "experiment_id": study, "query_params": query})
}

// checkpoint writes a checkpoint of a participant.
func (e *consoleEnv) checkpoint(study, user, name string) response {
	e.t.Helper()
	return e.post("/v1/write_checkpoint", map[string]any{"user_id": user, "experiment_id": study, "checkpoint": name,
		"event_id": "cp-" + strings.ReplaceAll(name, "/", "_") + "-" + user})
}

func TestWatchingAStudyAccessRules(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	e.run(t, []scenario{
		{name: "owner sees the dashboard", as: "ada", method: "GET", path: "/v1/studies/{ada}/dashboard", status: 200, has: []string{`"status":"open"`, `"dropped_after_minutes":30`}},
		{name: "collaborator sees the dashboard", as: "grace", method: "GET", path: "/v1/studies/{ada}/dashboard", status: 200},
		{name: "collaborator sees the participants", as: "grace", method: "GET", path: "/v1/studies/{ada}/participants", status: 200, has: []string{`"total":0`}},
		{name: "collaborator reads the texts", as: "grace", method: "GET", path: "/v1/studies/{ada}/texts", status: 200, has: []string{`"versions":[]`}},
		{name: "collaborator previews", as: "grace", method: "POST", path: "/v1/studies/{ada}/preview", body: map[string]int{"condition": 1}, status: 200, has: []string{"preview="}},
		{name: "collaborator cannot pause", as: "grace", method: "POST", path: "/v1/studies/{ada}/status", body: map[string]string{"status": "paused"}, status: 403, code: "forbidden", has: []string{"Only the study's owner can pause, close or reopen it."}},
		{name: "collaborator cannot edit texts", as: "grace", method: "PUT", path: "/v1/studies/{ada}/texts", body: map[string]any{"condition": 1, "param": "consent", "value": "x"}, status: 403, code: "forbidden"},
		{name: "study page says what the collaborator may do", as: "grace", method: "GET", path: "/v1/studies/{ada}", status: 200, has: []string{`"can_manage":false`, `"can_share":false`, `"editable_texts":["consent","instruct","custom-msg","title"]`}},
		{name: "study page says what the owner may do", as: "ada", method: "GET", path: "/v1/studies/{ada}", status: 200, has: []string{`"can_manage":true`, `"can_share":true`, `"shares":["grace"]`, `"status":"open"`}},
		{name: "stranger: dashboard 404", as: "linus", method: "GET", path: "/v1/studies/{ada}/dashboard", status: 404, code: "not_found"},
		{name: "stranger: participants 404", as: "linus", method: "GET", path: "/v1/studies/{ada}/participants", status: 404},
		{name: "stranger: texts 404", as: "linus", method: "GET", path: "/v1/studies/{ada}/texts", status: 404},
		{name: "stranger: preview 404", as: "linus", method: "POST", path: "/v1/studies/{ada}/preview", body: map[string]int{"condition": 1}, status: 404},
		{name: "stranger: status 404", as: "linus", method: "POST", path: "/v1/studies/{ada}/status", body: map[string]string{"status": "paused"}, status: 404},
		{name: "stranger: texts PUT 404", as: "linus", method: "PUT", path: "/v1/studies/{ada}/texts", body: map[string]any{"condition": 1, "param": "consent", "value": "x"}, status: 404},
		{name: "signed out: 401", as: "", method: "GET", path: "/v1/studies/{ada}/dashboard", status: 401},
		{name: "unknown study: 404", as: "ada", method: "GET", path: "/v1/studies/fl-nothing/dashboard", status: 404},
		{name: "bad status", as: "ada", method: "POST", path: "/v1/studies/{ada}/status", body: map[string]string{"status": "stopped"}, status: 400},
		{name: "bad preview condition", as: "ada", method: "POST", path: "/v1/studies/{ada}/preview", body: map[string]int{"condition": 3}, status: 400},
		{name: "bad stage filter", as: "ada", method: "GET", path: "/v1/studies/{ada}/participants?stage=lost", status: 400},
		{name: "bad limit", as: "ada", method: "GET", path: "/v1/studies/{ada}/participants?limit=100000", status: 400},
		{name: "anyone manages a study without owner", as: "linus", method: "POST", path: "/v1/studies/fl-open/status", body: map[string]string{"status": "closed"}, status: 200},
	})
}

func TestPausedStudyRefusesNewcomersAndLetsParticipantsFinish(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	if r := e.loadInto(e.adaStudy, "early", nil); r.status != 200 {
		t.Fatalf("load: %d %s", r.status, r.body)
	}
	e.run(t, []scenario{{name: "pause", as: "ada", method: "POST", path: "/v1/studies/{ada}/status", body: map[string]string{"status": "paused"}, status: 200, has: []string{`"status":"paused"`}}})
	r := e.loadInto(e.adaStudy, "late", nil)
	if r.status != 403 || errorCode(r) != "study_not_accepting" || !strings.Contains(string(r.body), "This study is not accepting participants right now") {
		t.Fatalf("newcomer of a paused study: %d %s", r.status, r.body)
	}
	if _, err := e.store.Participant(context.Background(), e.adaStudy, "late"); err == nil {
		t.Fatal("the refused newcomer was registered")
	}
	if r := e.loadInto(e.adaStudy, "early", nil); r.status != 200 {
		t.Fatalf("a registered participant reloading a paused study: %d %s", r.status, r.body)
	}
	for _, cp := range []string{"feed-landed", "submit-click", "end-redirect"} {
		if r := e.checkpoint(e.adaStudy, "early", cp); r.status != 200 {
			t.Fatalf("%s while paused: %d %s", cp, r.status, r.body)
		}
	}
	e.run(t, []scenario{{name: "close", as: "ada", method: "POST", path: "/v1/studies/{ada}/status", body: map[string]string{"status": "closed"}, status: 200}})
	if r := e.loadInto(e.adaStudy, "late", nil); r.status != 403 {
		t.Fatalf("newcomer of a closed study: %d", r.status)
	}
	e.run(t, []scenario{{name: "reopen", as: "ada", method: "POST", path: "/v1/studies/{ada}/status", body: map[string]string{"status": "open"}, status: 200}})
	if r := e.loadInto(e.adaStudy, "late", nil); r.status != 200 {
		t.Fatalf("newcomer of a reopened study: %d %s", r.status, r.body)
	}
}

func TestPausedProlificStudyOffersTheReturnLink(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	r := e.call(e.as["ada"], http.MethodPost, "/v1/spawn_experiment", map[string]any{"condition_settings": []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": demoSets},
		{"condition": 1, "param": "platform", "value": "prolific"},
		{"condition": 1, "param": "redirect-url", "value": "https://app.prolific.com/submissions/complete?cc=SECRET"},
	}}, "application/json")
	id := e.launch(data(r)["experiment_id"].(string))
	if err := e.store.SetStudyStatus(context.Background(), id, "paused", nil); err != nil {
		t.Fatal(err)
	}
	r = e.loadInto(id, "late", nil)
	body := string(r.body)
	if r.status != 403 || !strings.Contains(body, `"return_url":"https://app.prolific.com/submissions"`) || strings.Contains(body, "SECRET") {
		t.Fatalf("paused prolific study: %d %s", r.status, body)
	}
}

func TestPreviewParticipantsAreTestsInTheirCondition(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	r := e.call(e.as["ada"], http.MethodPost, "/v1/studies/"+e.adaStudy+"/preview", map[string]int{"condition": 2}, "application/json")
	link, _ := url.Parse(data(r)["url"].(string))
	token := link.Query().Get("preview")
	if link.Query().Get("experiment_id") != e.adaStudy || token == "" {
		t.Fatalf("preview url: %s", link)
	}
	// The study is paused: previews still work (a researcher pilots before opening).
	if err := e.store.SetStudyStatus(context.Background(), e.adaStudy, "paused", nil); err != nil {
		t.Fatal(err)
	}
	for i := range 3 { // the link is reusable: each opening is a new test participant
		r := e.loadInto(e.adaStudy, fmt.Sprintf("pilot%d", i), map[string]string{"preview": token})
		if r.status != 200 || data(r)["condition"] != float64(2) {
			t.Fatalf("preview load: %d %s", r.status, r.body)
		}
		p, err := e.store.Participant(context.Background(), e.adaStudy, fmt.Sprintf("pilot%d", i))
		if err != nil || p.IsTest != 1 || strings.Contains(p.QueryParams, token) {
			t.Fatalf("pilot stored as %+v, %v", p, err)
		}
	}
	if r := e.loadInto(e.adaStudy, "forger", map[string]string{"preview": "made-up"}); r.status != 403 || errorCode(r) != "preview_expired" {
		t.Fatalf("made-up token: %d %s", r.status, r.body)
	}
	if err := e.store.SetStudyStatus(context.Background(), e.adaStudy, "open", nil); err != nil {
		t.Fatal(err)
	}
	// Balancing ignores the three tests in condition 2: the next two real participants
	// fill conditions 1 and 2, one each.
	got := map[float64]int{}
	for _, u := range []string{"real1", "real2"} {
		got[data(e.loadInto(e.adaStudy, u, nil))["condition"].(float64)]++
	}
	if got[1] != 1 || got[2] != 1 {
		t.Fatalf("real participants by condition: %v (tests counted in balancing?)", got)
	}
	e.run(t, []scenario{
		{name: "dashboard leaves tests out", as: "ada", method: "GET", path: "/v1/studies/{ada}/dashboard", status: 200, has: []string{`"total":{"funnel":{"arrived":2,`}},
		{name: "participant table leaves tests out", as: "ada", method: "GET", path: "/v1/studies/{ada}/participants", status: 200, has: []string{`"total":2`}, hasNot: []string{"pilot"}},
		{name: "My studies counts leave tests out", as: "ada", method: "GET", path: "/v1/studies/{ada}", status: 200, has: []string{`"arrived":2`}},
	})
}

func TestTextEditsAreVersionedAndDesignIsLocked(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	e.run(t, []scenario{
		{name: "design change before anyone arrived", as: "ada", method: "PUT", path: "/v1/studies/{ada}/texts", body: map[string]any{"condition": 1, "param": "feed", "value": "swipe"}, status: 200, has: []string{`"version":2`}},
	})
	if r := e.loadInto(e.adaStudy, "first", nil); r.status != 200 {
		t.Fatal(r.status)
	}
	e.run(t, []scenario{
		{name: "consent edited after launch", as: "ada", method: "PUT", path: "/v1/studies/{ada}/texts", body: map[string]any{"condition": 1, "param": "consent", "value": "## New consent\n\nCorrected text."}, status: 200, has: []string{`"version":3`}},
		{name: "design locked", as: "ada", method: "PUT", path: "/v1/studies/{ada}/texts", body: map[string]any{"condition": 1, "param": "entity_sets", "value": demoSets}, status: 409, code: "design_locked", has: []string{"Duplicate the study"}},
		{name: "unknown parameter", as: "ada", method: "PUT", path: "/v1/studies/{ada}/texts", body: map[string]any{"condition": 9, "param": "consent", "value": "x"}, status: 400},
		{name: "history", as: "grace", method: "GET", path: "/v1/studies/{ada}/texts", status: 200, has: []string{`"version":3`, `"changed_by":"ada"`, `"param":"consent"`, "Corrected text."}},
	})
	// The next participant in condition 1 sees the new text and records version 3.
	for i := range 4 {
		u := fmt.Sprintf("next%d", i)
		r := e.loadInto(e.adaStudy, u, nil)
		p, _ := e.store.Participant(context.Background(), e.adaStudy, u)
		if p.StudyVersion != 3 {
			t.Fatalf("study_version %d, want 3", p.StudyVersion)
		}
		if p.Condition == 1 && !strings.Contains(string(r.body), "Corrected text.") {
			t.Fatalf("condition 1 participant did not get the new consent: %s", truncate(string(r.body), 400))
		}
	}
	if p, _ := e.store.Participant(context.Background(), e.adaStudy, "first"); p.StudyVersion != 2 {
		t.Fatalf("first participant's version %d, want 2", p.StudyVersion)
	}
}

func TestDashboardCountsTheFunnelPerCondition(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	cond := map[string]int{}
	for _, u := range []string{"u1", "u2", "u3", "u4"} {
		cond[u] = int(data(e.loadInto(e.adaStudy, u, map[string]string{"PROLIFIC_PID": "pid-" + u}))["condition"].(float64))
	}
	steps := map[string][]string{
		"u1": {"consent-agree", "feed-landed", "submit-click", "end-redirect"},
		"u2": {"consent-agree", "feed-landed", "submit-click"},
		"u3": {"consent-agree", "feed-landed"},
		"u4": {},
	}
	for u, cps := range steps {
		for _, cp := range cps {
			if r := e.checkpoint(e.adaStudy, u, cp); r.status != 200 {
				t.Fatalf("%s %s: %d %s", u, cp, r.status, r.body)
			}
		}
	}
	r := e.call(e.as["ada"], http.MethodGet, "/v1/studies/"+e.adaStudy+"/dashboard", nil, "")
	total := data(r)["total"].(map[string]any)["funnel"].(map[string]any)
	want := map[string]float64{"arrived": 4, "consented": 3, "feed": 3, "submitted": 2, "questionnaires": 1, "completed": 1, "dropped": 0}
	for k, v := range want {
		if total[k] != v {
			t.Errorf("total %s = %v, want %v (%s)", k, total[k], v, r.body)
		}
	}
	var arrivals float64
	for _, c := range data(r)["conditions"].([]any) {
		arrivals += c.(map[string]any)["funnel"].(map[string]any)["arrived"].(float64)
	}
	if arrivals != 4 || data(r)["time_to_complete"].(map[string]any)["median_ms"] == nil {
		t.Errorf("per condition arrivals %v; %s", arrivals, r.body)
	}
	e.run(t, []scenario{
		{name: "filter by stage", as: "ada", method: "GET", path: "/v1/studies/{ada}/participants?stage=submitted", status: 200, has: []string{`"total":1`, `"user_id":"u2"`}},
		{name: "search a platform id", as: "ada", method: "GET", path: "/v1/studies/{ada}/participants?q=pid-u3", status: 200, has: []string{`"total":1`, `"PROLIFIC_PID":"pid-u3"`}},
		{name: "search a user id", as: "ada", method: "GET", path: "/v1/studies/{ada}/participants?q=u", status: 200, has: []string{`"total":4`}},
		{name: "page", as: "ada", method: "GET", path: "/v1/studies/{ada}/participants?limit=1&offset=1", status: 200, has: []string{`"total":4`}},
		{name: "wildcards are literal", as: "ada", method: "GET", path: "/v1/studies/{ada}/participants?q=%25", status: 200, has: []string{`"total":0`}},
	})
}

// submitFeed writes a solarflare participant's submit-click (the feed submitted), which
// end-redirect requires before it answers a completion code.
func (e *testEnv) submitFeed(user string) {
	e.t.Helper()
	r := e.post("/v1/write_checkpoint", map[string]any{"user_id": user, "experiment_id": "solarflare", "event_id": "submit-" + user, "checkpoint": "submit-click"})
	if r.status != 200 {
		e.t.Fatalf("submit-click: %d %s", r.status, r.body)
	}
}

func TestNoCompletionCodeWithoutCompleting(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	r := e.call(e.as["ada"], http.MethodPost, "/v1/spawn_experiment", map[string]any{"condition_settings": []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": demoSets},
		{"condition": 1, "param": "forms", "value": `["form","crt","custom-msg"]`},
		{"condition": 1, "param": "custom-msg-type", "value": "onpage"},
		{"condition": 1, "param": "custom-msg", "value": "Thanks"},
		{"condition": 1, "param": "platform", "value": "mturk"},
		{"condition": 1, "param": "completion-code", "value": "PAYME"},
	}}, "application/json")
	if r.status != 200 {
		t.Fatalf("spawn: %d %s", r.status, r.body)
	}
	id := e.launch(data(r)["experiment_id"].(string))
	e.loadInto(id, "cheater", nil)
	end := func() response { return e.checkpoint(id, "cheater", "end-redirect") }
	// Register then end-redirect: refused, and nothing says completed.
	r = end()
	if r.status != 409 || errorCode(r) != "chain_incomplete" || strings.Contains(string(r.body), "PAYME") ||
		!strings.Contains(string(r.body), `"missing":["feed","form","crt"]`) {
		t.Fatalf("end-redirect right after arriving: %d %s", r.status, r.body)
	}
	e.checkpoint(id, "cheater", "submit-click")
	e.checkpoint(id, "cheater", "form-done:form")
	if r = end(); r.status != 409 || !strings.Contains(string(r.body), `"missing":["crt"]`) {
		t.Fatalf("end-redirect with a questionnaire left: %d %s", r.status, r.body)
	}
	if p, _ := e.store.Participant(context.Background(), id, "cheater"); p.CompletedAt.Valid || p.CompletionCode != "" {
		t.Fatalf("refused participant marked complete: %+v", p)
	}
	e.checkpoint(id, "cheater", "form-done:crt")
	if r = end(); r.status != 200 || data(r)["completion_code"] != "PAYME" {
		t.Fatalf("end-redirect after the whole chain: %d %s", r.status, r.body)
	}
	if r = end(); r.status != 200 || data(r)["completion_code"] != "PAYME" {
		t.Fatalf("end-redirect again: %d %s", r.status, r.body)
	}
}

func TestExportsLeaveTestsOutUnlessAsked(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	r := e.call(e.as["ada"], http.MethodPost, "/v1/studies/"+e.adaStudy+"/preview", map[string]int{"condition": 1}, "application/json")
	link, _ := url.Parse(data(r)["url"].(string))
	e.loadInto(e.adaStudy, "pilot", map[string]string{"preview": link.Query().Get("preview")})
	e.loadInto(e.adaStudy, "real", nil)
	e.checkpoint(e.adaStudy, "pilot", "feed-landed")
	e.checkpoint(e.adaStudy, "real", "feed-landed")
	for _, typ := range []string{"user_form", "inventory"} {
		plain := e.call(e.as["ada"], http.MethodPost, "/v1/dump_data", map[string]any{"data_type": typ, "experiment_id": e.adaStudy}, "application/json")
		header := strings.SplitN(string(plain.body), "\n", 2)[0]
		if strings.Contains(string(plain.body), "pilot") || !strings.Contains(string(plain.body), "real") || !strings.Contains(header, "is_test") {
			t.Errorf("%s without include_test: %s", typ, truncate(string(plain.body), 600))
		}
		all := e.call(e.as["grace"], http.MethodPost, "/v1/dump_data", map[string]any{"data_type": typ, "experiment_id": e.adaStudy, "include_test": true}, "application/json")
		if !strings.Contains(string(all.body), "pilot") {
			t.Errorf("%s with include_test lacks the pilot: %s", typ, truncate(string(all.body), 600))
		}
	}
	form := e.call(e.as["ada"], http.MethodPost, "/v1/dump_data", map[string]any{"data_type": "user_form", "experiment_id": e.adaStudy, "include_test": true}, "application/json")
	lines := strings.Split(strings.TrimSpace(string(form.body)), "\n")
	cols := strings.Split(strings.TrimSpace(lines[0]), ",")
	if cols[10] != "study_version" || cols[11] != "is_test" {
		t.Fatalf("user_form fixed columns end %v", cols[:12])
	}
	for _, l := range lines[1:] {
		f := strings.Split(l, ",")
		if want := map[bool]string{true: "1", false: "0"}[f[1] == "pilot"]; f[11] != want || f[10] != "1" {
			t.Errorf("row %s: is_test %s, study_version %s", l, f[11], f[10])
		}
	}
}
