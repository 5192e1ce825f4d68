package api

import (
	"net/http"
	"strings"
	"testing"

	"feedlab/store"
)

// spawnStudy creates a study from wizard rows and answers its id.
func (e *testEnv) spawnStudy(c *http.Client, rows []map[string]any) string {
	e.t.Helper()
	sr := e.call(c, http.MethodPost, "/v1/spawn_experiment", map[string]any{"condition_settings": rows}, "application/json")
	if sr.status != 200 {
		e.t.Fatalf("spawn: %d %s", sr.status, sr.body)
	}
	return sr.json["data"].(map[string]any)["experiment_id"].(string)
}

func TestOverQuotaArrivalGetsTheOverQuotaExitAndTheStudyClosesItself(t *testing.T) {
	e := newEnv(t)
	sets := `[{"entity_set":"solarflare_demo","number_to_show":3}]`
	over := "https://samplicio.us/s/ClientCallBack.aspx?RIS=40&RID=[%RID%]"
	study := e.spawnStudy(e.researcher(), []map[string]any{
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
}
