package api

import (
	"net/http"
	"strings"
	"testing"

	"feedlab/store"
)

// spawnStudy creates a study from wizard rows, launches it and answers its id.
func (e *testEnv) spawnStudy(c *http.Client, rows []map[string]any) string {
	e.t.Helper()
	sr := e.call(c, http.MethodPost, "/v1/spawn_experiment", map[string]any{"condition_settings": rows}, "application/json")
	if sr.status != 200 {
		e.t.Fatalf("spawn: %d %s", sr.status, sr.body)
	}
	return e.launch(sr.json["data"].(map[string]any)["experiment_id"].(string))
}

func TestOverQuotaArrivalGetsTheOverQuotaExitAndTheStudyClosesItself(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	sets := `[{"entity_set":"solarflare_demo","number_to_show":3}]`
	over := "https://samplicio.us/s/ClientCallBack.aspx?RIS=40&RID=[%RID%]"
	ada := e.researcher()
	study := e.spawnStudy(ada, []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": sets}, {"condition": 1, "param": "quota", "value": "1"},
		{"condition": 1, "param": "redirect-url-overquota", "value": over},
	})
	load := func(user string) response {
		return e.post("/v1/load_experiment", map[string]any{"user_id": user, "experiment_id": study, "query_params": map[string]string{"RID": "rid-" + user}})
	}
	if r := load("first"); r.status != 200 {
		t.Fatalf("first: %d %s", r.status, r.body)
	}
	// The only place is held by a participant in progress.
	r := load("second")
	want := `"exit_url":"https://samplicio.us/s/ClientCallBack.aspx?RIS=40\u0026RID=rid-second"`
	if r.status != 403 || errorCode(r) != "study_over_quota" || !strings.Contains(string(r.body), want) {
		t.Fatalf("over-quota arrival: %d %s", r.status, r.body)
	}
	for _, cp := range []string{"submit-click", "end-redirect"} {
		if r := e.post("/v1/write_checkpoint", map[string]any{"user_id": "first", "experiment_id": study, "event_id": cp, "checkpoint": cp}); r.status != 200 {
			t.Fatalf("%s: %d %s", cp, r.status, r.body)
		}
	}
	st, err := e.store.Study(t.Context(), study)
	if err != nil || st.Status != store.StatusClosed {
		t.Fatalf("after the quota was reached: %+v %v", st, err)
	}
	if r := load("third"); r.status != 403 || errorCode(r) != "study_over_quota" || !strings.Contains(string(r.body), "RID=rid-third") {
		t.Fatalf("arrival after closing: %d %s", r.status, r.body)
	}
	if r := load("first"); r.status != 200 {
		t.Fatalf("the completed participant reloading: %d %s", r.status, r.body)
	}
	d := e.call(ada, http.MethodGet, "/v1/studies/"+study+"/dashboard", nil, "")
	for _, want := range []string{`"assignment":{"rule":"balanced-completed","active_minutes":30,"quotas":[1],"quota_total":0}`, `"exits":{"completed":1}`, `"status":"closed"`} {
		if d.status != 200 || !strings.Contains(string(d.body), want) {
			t.Fatalf("dashboard lacks %s: %d %s", want, d.status, d.body)
		}
	}
	log := e.call(ada, http.MethodGet, "/v1/studies/"+study+"/audit", nil, "")
	if !strings.Contains(string(log.body), "quota reached") {
		t.Fatalf("audit log: %d %s", log.status, log.body)
	}
}

func TestLucidExitsRecordTheStateAndAnswerTheURLWithTheRID(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	sets := `[{"entity_set":"solarflare_demo","number_to_show":3}]`
	study := e.spawnStudy(e.researcher(), []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": sets}, {"condition": 1, "param": "platform", "value": "lucid"},
		{"condition": 1, "param": "redirect-url", "value": "https://samplicio.us/s/ClientCallBack.aspx?RIS=10"},
		{"condition": 1, "param": "redirect-url-terminate", "value": "https://samplicio.us/s/ClientCallBack.aspx?RIS=20&RID=[%RID%]"},
		{"condition": 1, "param": "redirect-url-quality", "value": "https://samplicio.us/s/ClientCallBack.aspx?RIS=30&RID=[%RID%]"},
		{"condition": 1, "param": "attention-fail-exit", "value": "quality-terminate"},
	})
	for _, u := range []string{"t1", "q1", "ok1"} {
		if r := e.post("/v1/load_experiment", map[string]any{"user_id": u, "experiment_id": study, "query_params": map[string]string{"RID": "R-" + u}}); r.status != 200 || !strings.Contains(string(r.body), `"exits":["quality","terminate"]`) {
			t.Fatalf("load %s: %d %s", u, r.status, r.body)
		}
	}
	exit := func(user, which string) response {
		return e.post("/v1/write_exit", map[string]any{"user_id": user, "experiment_id": study, "event_id": "exit-" + which, "exit": which})
	}
	r := exit("t1", "terminate")
	if r.status != 200 || !strings.Contains(string(r.body), `RIS=20\u0026RID=R-t1`) {
		t.Fatalf("terminate: %d %s", r.status, r.body)
	}
	if p, _ := e.store.Participant(t.Context(), study, "t1"); p.ExitState != store.ExitTerminate {
		t.Fatalf("exit state %q", p.ExitState)
	}
	if r := exit("t1", "screen-out"); r.status != 409 || errorCode(r) != "exit_not_set" {
		t.Fatalf("unset exit: %d %s", r.status, r.body)
	}
	if r := exit("t1", "vanish"); r.status != 400 {
		t.Fatalf("unknown exit: %d %s", r.status, r.body)
	}
	if r := exit("nobody", "terminate"); r.status != 404 {
		t.Fatalf("unknown participant: %d %s", r.status, r.body)
	}
	form := func(user, answer string) response {
		return e.post("/v1/write_form", map[string]any{"user_id": user, "experiment_id": study, "event_id": "ac-" + user, "form_fields": map[string]string{"attentioncheck1": answer, "murder": "1_strongly-disagree"}})
	}
	if r := form("ok1", "3_neither-agree-nor-disagree"); r.status != 200 || strings.Contains(string(r.body), "exit_url") {
		t.Fatalf("passed attention check: %d %s", r.status, r.body)
	}
	r = form("q1", "5_strongly-agree")
	if r.status != 200 || !strings.Contains(string(r.body), `"exit_url":"https://samplicio.us/s/ClientCallBack.aspx?RIS=30\u0026RID=R-q1"`) {
		t.Fatalf("failed attention check: %d %s", r.status, r.body)
	}
	if p, _ := e.store.Participant(t.Context(), study, "q1"); p.ExitState != store.ExitQualityTerminate {
		t.Fatalf("exit state %q", p.ExitState)
	}
}

// TestParticipantCallsForAnUnknownParticipantSayCallLoadExperimentFirst: write_exit and
// load_block name an unknown participant as every event call does.
func TestParticipantCallsForAnUnknownParticipantSayCallLoadExperimentFirst(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, c := range []struct {
		path string
		body map[string]any
	}{
		{"/v1/write_exit", map[string]any{"event_id": "x1", "user_id": "ghost", "experiment_id": "solarflare", "exit": "terminate"}},
		{"/v1/load_block", map[string]any{"user_id": "ghost", "experiment_id": "solarflare", "shown": 5}},
	} {
		r := e.post(c.path, c.body)
		if r.status != 404 || errorCode(r) != codeUnknownParticipant {
			t.Errorf("%s for an unknown participant: %d %s", c.path, r.status, r.body)
		}
	}
}
