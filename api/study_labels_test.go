package api

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// A labelled link admits one participant: the same browser may reload, a second browser
// continues that participant; links without a key, or with a made-up one, are refused; the
// label (not its key) is stored with the participant's arrival parameters.
func TestLabelledLinksAreSingleUse(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	id := e.spawnOn(t, "none")
	e.run(t, []scenario{
		{name: "collaborator cannot add labels", as: "grace", method: "POST", path: "/v1/studies/" + id + "/labels", body: map[string]any{"labels": []string{"x"}}, status: 403, code: "forbidden"},
		{name: "stranger: 404", as: "linus", method: "GET", path: "/v1/studies/" + id + "/labels", status: 404},
		{name: "empty list", as: "ada", method: "POST", path: "/v1/studies/" + id + "/labels", body: map[string]any{"labels": []string{" ", ""}}, status: 400, has: []string{"no label"}},
		{name: "control characters", as: "ada", method: "POST", path: "/v1/studies/" + id + "/labels", body: map[string]any{"labels": []string{"a\tb"}}, status: 400},
		{name: "owner adds labels", as: "ada", method: "POST", path: "/v1/studies/" + id + "/labels", body: map[string]any{"labels": []string{"Table 1", "Table 2", "Table 1", " "}}, status: 200, has: []string{`"label":"Table 1"`, `"label":"Table 2"`, `"used":false`}},
		{name: "collaborator sees the links", as: "grace", method: "GET", path: "/v1/studies/" + id + "/labels", status: 200, has: []string{"label_key="}},
	})
	r := e.call(e.as["ada"], http.MethodGet, "/v1/studies/"+id+"/labels", nil, "")
	labels := data(r)["labels"].([]any)
	if len(labels) != 2 {
		t.Fatalf("labels: %s", r.body)
	}
	link, _ := url.Parse(labels[0].(map[string]any)["link"].(string))
	query := func() map[string]string {
		q := map[string]string{}
		for k, v := range link.Query() {
			q[k] = v[0]
		}
		return q
	}
	if r := e.loadInto(id, "first", query()); r.status != 200 {
		t.Fatalf("first use: %d %s", r.status, r.body)
	}
	if r := e.loadInto(id, "first", query()); r.status != 200 {
		t.Fatalf("the same participant reloading: %d %s", r.status, r.body)
	}
	// A label names one participant (issue 20, item 3): the same link in a second browser
	// continues the first participant, and registers no one new.
	if r := e.loadInto(id, "second", query()); r.status != 200 || data(r)["user_id"] != "first" {
		t.Fatalf("second browser: %d %s, want the first participant resumed", r.status, r.body)
	}
	if _, err := e.store.Participant(context.Background(), id, "second"); err == nil {
		t.Fatal("the second arrival was registered")
	}
	if r := e.loadInto(id, "plain", nil); r.status != 403 || errorCode(r) != "label_required" {
		t.Errorf("plain link to a labelled study: %d %s", r.status, r.body)
	}
	forged := query()
	forged["label_key"] = "made-up"
	if r := e.loadInto(id, "forger", forged); r.status != 403 || errorCode(r) != "label_unknown" {
		t.Errorf("made-up key: %d %s", r.status, r.body)
	}
	p, err := e.store.Participant(context.Background(), id, "first")
	if err != nil || !strings.Contains(p.QueryParams, `"label":"Table 1"`) || strings.Contains(p.QueryParams, "label_key") {
		t.Errorf("stored arrival parameters: %v %s", err, p.QueryParams)
	}
	r = e.call(e.as["ada"], http.MethodGet, "/v1/studies/"+id+"/labels", nil, "")
	if !strings.Contains(string(r.body), `"used":true`) || !strings.Contains(string(r.body), `"user_id":"first"`) {
		t.Errorf("used label not shown: %s", r.body)
	}
	// A study on a platform identifies its participants: no labels.
	prolific := e.spawnOn(t, "prolific")
	if r := e.call(e.as["ada"], http.MethodPost, "/v1/studies/"+prolific+"/labels", map[string]any{"labels": []string{"x"}}, "application/json"); r.status != 400 {
		t.Errorf("labels on a prolific study: %d %s", r.status, r.body)
	}
}

// A label claimed by a registration that then fails (the study is paused) stays free.
func TestLabelIsFreedWhenRegistrationFails(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	id := e.spawnOn(t, "none")
	r := e.call(e.as["ada"], http.MethodPost, "/v1/studies/"+id+"/labels", map[string]any{"labels": []string{"only"}}, "application/json")
	link, _ := url.Parse(data(r)["labels"].([]any)[0].(map[string]any)["link"].(string))
	q := map[string]string{"label": "only", "label_key": link.Query().Get("label_key")}
	if err := e.store.SetStudyStatus(context.Background(), id, "paused", nil); err != nil {
		t.Fatal(err)
	}
	if r := e.loadInto(id, "early", map[string]string{"label": "only", "label_key": q["label_key"]}); r.status != 403 {
		t.Fatalf("paused: %d %s", r.status, r.body)
	}
	if err := e.store.SetStudyStatus(context.Background(), id, "open", nil); err != nil {
		t.Fatal(err)
	}
	if r := e.loadInto(id, "later", q); r.status != 200 {
		t.Fatalf("the label was not freed: %d %s", r.status, r.body)
	}
}

// A shared computer keeps the first student's session: a second student's link opened in
// it is refused (and stays unused) rather than spent on the first student.
func TestLabelOpenedInABrowserThatUsedAnother(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	id := e.spawnOn(t, "none")
	r := e.call(e.as["ada"], http.MethodPost, "/v1/studies/"+id+"/labels", map[string]any{"labels": []string{"A", "B"}}, "application/json")
	keyOf := func(i int) string {
		link, _ := url.Parse(data(r)["labels"].([]any)[i].(map[string]any)["link"].(string))
		return link.Query().Get("label_key")
	}
	a, b := keyOf(0), keyOf(1)
	if r := e.loadInto(id, "shared-pc", map[string]string{"label_key": a}); r.status != 200 {
		t.Fatalf("A: %d %s", r.status, r.body)
	}
	if r := e.loadInto(id, "shared-pc", map[string]string{"label_key": b}); r.status != 409 || errorCode(r) != "label_other_browser" {
		t.Fatalf("B in A's browser: %d %s", r.status, r.body)
	}
	if r := e.loadInto(id, "private-window", map[string]string{"label_key": b}); r.status != 200 {
		t.Fatalf("B in a private window: %d %s", r.status, r.body)
	}
}
