package api

import (
	"net/http"
	"strings"
	"testing"
)

// TestParticipantPageAndExclusion reads one participant's page as the owner, a collaborator
// and a stranger, asks for a participant through a study that is not theirs, and excludes
// and includes them: reading is for whoever may read the study, excluding for whoever may
// run it, a reason is required, and the page shows the exclusion.
func TestParticipantPageAndExclusion(t *testing.T) {
	e := newConsoleEnv(t)
	if r := e.loadInto(e.adaStudy, "p1", map[string]string{"PROLIFIC_PID": "pid-1"}); r.status != 200 {
		t.Fatalf("load: %d %s", r.status, r.body)
	}
	if r := e.checkpoint(e.adaStudy, "p1", "consent-agree"); r.status != 200 {
		t.Fatalf("consent: %d %s", r.status, r.body)
	}
	if r := e.post("/v1/write_form", map[string]any{"user_id": "p1", "experiment_id": e.adaStudy, "event_id": "f1",
		"form_fields": map[string]string{"age": "34", "mood": "quite%20good"}}); r.status != 200 {
		t.Fatalf("form: %d %s", r.status, r.body)
	}
	if r := e.loadInto(e.open, "other-p", nil); r.status != 200 {
		t.Fatalf("load other: %d %s", r.status, r.body)
	}
	page := "/v1/studies/" + e.adaStudy + "/participants/p1"
	r := e.call(e.as["grace"], http.MethodGet, page, nil, "")
	if r.status != 200 {
		t.Fatalf("collaborator: %d %s", r.status, r.body)
	}
	d := data(r)
	if d["user_id"] != "p1" || d["platform_ids"].(map[string]any)["PROLIFIC_PID"] != "pid-1" || d["exclusion"] != nil || d["identical"] != true {
		t.Fatalf("page: %s", r.body)
	}
	var kinds []string
	for _, ev := range d["timeline"].([]any) {
		kinds = append(kinds, ev.(map[string]any)["kind"].(string))
	}
	if strings.Join(kinds, ",") != "arrival,consent,questionnaire" {
		t.Fatalf("timeline kinds %v", kinds)
	}
	feed := d["feed"].([]any)
	if len(feed) == 0 || feed[0].(map[string]any)["position"].(float64) != 1 || feed[0].(map[string]any)["reason"] == "" {
		t.Fatalf("feed: %v", feed)
	}
	answers := d["answers"].([]any)
	if len(answers) != 1 || !strings.Contains(string(r.body), `"value":"quite good"`) {
		t.Fatalf("answers: %v", answers)
	}
	for _, c := range []struct{ as, path string }{
		{"linus", page},     // a stranger: as for an unknown study
		{"ada", page + "x"}, // no such participant
		{"ada", "/v1/studies/" + e.adaStudy + "/participants/other-p"}, // another study's participant
	} {
		if r := e.call(e.as[c.as], http.MethodGet, c.path, nil, ""); r.status != 404 || strings.Contains(string(r.body), "pid-1") {
			t.Fatalf("%s %s: %d %s", c.as, c.path, r.status, r.body)
		}
	}

	exclusion := page + "/exclusion"
	if r := e.call(e.as["grace"], http.MethodPost, exclusion, map[string]string{"reason": "bot"}, "application/json"); r.status != 403 {
		t.Fatalf("collaborator excludes: %d %s", r.status, r.body)
	}
	if r := e.call(e.as["ada"], http.MethodPost, exclusion, map[string]string{"reason": "  "}, "application/json"); r.status != 400 || errorCode(r) != codeBadRequest {
		t.Fatalf("no reason: %d %s", r.status, r.body)
	}
	if r := e.call(e.as["ada"], http.MethodPost, exclusion, map[string]string{"reason": strings.Repeat("é", 501)}, "application/json"); r.status != 400 {
		t.Fatalf("long reason: %d %s", r.status, r.body)
	}
	if r := e.call(e.as["ada"], http.MethodPost, exclusion, map[string]string{"reason": "answered every item in 2 s"}, "application/json"); r.status != 200 {
		t.Fatalf("exclude: %d %s", r.status, r.body)
	}
	if r := e.call(e.as["grace"], http.MethodGet, "/v1/studies/"+e.adaStudy+"/participants", nil, ""); !strings.Contains(string(r.body), `"excluded":true`) {
		t.Fatalf("participant table after exclude: %s", r.body)
	}
	r = e.call(e.as["ada"], http.MethodGet, page, nil, "")
	ex, _ := data(r)["exclusion"].(map[string]any)
	if ex == nil || ex["reason"] != "answered every item in 2 s" || ex["excluded_by"] != "ada" {
		t.Fatalf("page after exclude: %s", r.body)
	}
	if got := strings.Join(e.auditLines(t, e.adaStudy), "\n"); !strings.Contains(got, "exclude") || !strings.Contains(got, "answered every item in 2 s") {
		t.Fatalf("audit: %s", got)
	}
	if r := e.call(e.as["ada"], http.MethodDelete, exclusion, nil, ""); r.status != 200 || data(r)["was_excluded"] != true {
		t.Fatalf("include: %d %s", r.status, r.body)
	}
	if r := e.call(e.as["ada"], http.MethodGet, page, nil, ""); data(r)["exclusion"] != nil {
		t.Fatalf("page after include: %s", r.body)
	}
	if r := e.call(e.as["ada"], http.MethodDelete, "/v1/studies/"+e.adaStudy+"/participants/other-p/exclusion", nil, ""); r.status != 404 {
		t.Fatalf("include another study's participant: %d %s", r.status, r.body)
	}
}
