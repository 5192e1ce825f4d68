package api

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// A sign-up left on the home page reaches the researchers, newest first, and no one else.
func TestSignupsAreReadBySignedInResearchers(t *testing.T) {
	e := newEnv(t)
	for _, s := range []map[string]string{{"email": "ada@example.org", "name": "Ada"}, {"email": "grace@example.org"}} {
		if r := e.post("/v1/signup", s); r.status != 200 {
			t.Fatalf("signup: %d %s", r.status, r.body)
		}
	}
	if r := e.call(nil, http.MethodGet, "/v1/signups", nil, ""); r.status != http.StatusUnauthorized {
		t.Fatalf("signed out: %d %s", r.status, r.body)
	}
	r := e.call(e.researcher(), http.MethodGet, "/v1/signups", nil, "")
	if r.status != 200 {
		t.Fatalf("signed in: %d %s", r.status, r.body)
	}
	list := r.json["data"].(map[string]any)["signups"].([]any)
	if len(list) != 2 {
		t.Fatalf("signups: %s", r.body)
	}
	first, second := list[0].(map[string]any), list[1].(map[string]any)
	if first["email"] != "grace@example.org" || first["name"] != "" || second["email"] != "ada@example.org" || second["name"] != "Ada" {
		t.Errorf("signups, newest first: %s", r.body)
	}
	if first["created_at"].(float64) <= 0 {
		t.Errorf("created_at: %v", first["created_at"])
	}
}

// The home page counts what happened here: a preview is not a participant, the demo is not
// a researcher's study.
func TestAnalyticsLeavesOutPreviews(t *testing.T) {
	e := newEnv(t)
	e.load("a")
	token, err := e.store.CreatePreviewToken(context.Background(), "solarflare", 1, "ada")
	if err != nil {
		t.Fatal(err)
	}
	r := e.post("/v1/load_experiment", map[string]any{"user_id": "preview-1", "experiment_id": "solarflare", "query_params": map[string]string{"preview": token}})
	if r.status != 200 {
		t.Fatalf("preview: %d %s", r.status, r.body)
	}
	if p, err := e.store.Participant(context.Background(), "solarflare", "preview-1"); err != nil || p.IsTest != 1 {
		t.Fatalf("the preview is not a test participant: %+v %v", p, err)
	}
	r = e.post("/v1/analytics", nil)
	if r.json["total_users"].(float64) != 1 || r.json["total_experiments"].(float64) != 0 {
		t.Errorf("analytics: %s", r.body)
	}
}

// serve --contact takes an email address or an https page; the home page gets one or the other.
func TestContactIsAnEmailOrAnHTTPSLink(t *testing.T) {
	for in, want := range map[string]Contact{
		"":                        {},
		"lab@example.org":         {Email: "lab@example.org"},
		" lab@example.org ":       {Email: "lab@example.org"},
		"https://example.org/lab": {URL: "https://example.org/lab"},
	} {
		got, err := ParseContact(in)
		if err != nil || got != want {
			t.Errorf("ParseContact(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"http://example.org", "javascript:alert(1)", "not an address", "Lab <lab@example.org>", "https://"} {
		if _, err := ParseContact(bad); err == nil {
			t.Errorf("ParseContact(%q) accepted", bad)
		}
	}
	e := newEnvWith(t, func(c *Config) { c.Contact = Contact{URL: "https://example.org/lab"} })
	r := e.post("/v1/analytics", nil)
	if r.json["contact_url"] != "https://example.org/lab" || r.json["contact_email"] != nil {
		t.Errorf("analytics: %s", r.body)
	}
	if strings.Contains(string(r.body), "15203") {
		t.Errorf("invented figures: %s", r.body)
	}
}
