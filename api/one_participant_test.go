package api

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"feedlab/feed"
)

// TestSamePlatformIDFromAnotherBrowserIsTheSameParticipant: the attack of issue 20, item 3.
// PID004 opened the link in a second browser and was registered again, in another
// condition. Now the second browser continues the first participant (same user id,
// condition and feed); after they completed, a third browser is told they took part
// already, with the way back to Prolific, and nothing new is registered.
func TestSamePlatformIDFromAnotherBrowserIsTheSameParticipant(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	id := e.spawnOn(t, "prolific")
	pid := map[string]string{"PROLIFIC_PID": "PID004", "STUDY_ID": "s", "SESSION_ID": "laptop"}
	first := e.loadInto(id, "laptop-user", pid)
	if first.status != 200 {
		t.Fatalf("first arrival: %d %s", first.status, first.body)
	}
	phone := map[string]string{"PROLIFIC_PID": "PID004", "STUDY_ID": "s", "SESSION_ID": "phone"}
	again := e.loadInto(id, "phone-user", phone)
	if again.status != 200 || data(again)["user_id"] != "laptop-user" || data(again)["condition"] != data(first)["condition"] {
		t.Fatalf("second browser: %d %s", again.status, again.body)
	}
	if a, b := string(mustJSON(data(first)["order_data"])), string(mustJSON(data(again)["order_data"])); a != b {
		t.Fatalf("second browser got another feed:\n%s\n%s", a, b)
	}
	// The second browser writes as the participant it continues.
	for _, cp := range []string{"submit-click", "end-redirect"} {
		if r := e.checkpoint(id, "laptop-user", cp); r.status != 200 {
			t.Fatalf("%s: %d %s", cp, r.status, r.body)
		}
	}
	third := e.loadInto(id, "tablet-user", map[string]string{"PROLIFIC_PID": "PID004"})
	if third.status != 409 || errorCode(third) != "already_participated" ||
		!strings.Contains(string(third.body), "You have already taken part in this study") ||
		!strings.Contains(string(third.body), `"return_url":"https://app.prolific.com/submissions"`) {
		t.Fatalf("after completing: %d %s", third.status, third.body)
	}
	for _, u := range []string{"phone-user", "tablet-user"} {
		if _, err := e.store.Participant(t.Context(), id, u); err == nil {
			t.Errorf("%s was registered", u)
		}
	}
	d := e.call(e.as["ada"], http.MethodGet, "/v1/studies/"+id+"/dashboard", nil, "")
	if !strings.Contains(string(d.body), `"arrived":1,`) {
		t.Errorf("dashboard: %s", d.body)
	}
}

// TestAFailingScriptAnswersRankingFailed: a custom script that passed its dry run but fails
// on one participant's link answers 503 ranking_failed with the sentence the page shows
// (never a 500), registers nothing, is counted on the study page, and a retry without the
// poisoned parameter succeeds.
func TestAFailingScriptAnswersRankingFailed(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	script := "def rank(cards, participant):\n    if participant[\"arrival\"].get(\"boom\") == \"1\":\n        fail(\"boom\")\n    return cards\n"
	id := e.spawnStudy(e.as["ada"], []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": demoSets},
		{"condition": 1, "param": "algorithm", "value": "custom"},
		{"condition": 1, "param": "algorithm-script", "value": script},
	})
	for i := 0; i < 5; i++ {
		r := e.loadInto(id, "victim", map[string]string{"boom": "1"})
		if r.status != 503 || errorCode(r) != "ranking_failed" || !strings.Contains(string(r.body), "This study cannot start right now") {
			t.Fatalf("poisoned arrival: %d %s", r.status, r.body)
		}
	}
	if _, err := e.store.Participant(t.Context(), id, "victim"); err == nil {
		t.Fatal("a participant whose feed could not be ranked was registered")
	}
	d := e.call(e.as["ada"], http.MethodGet, "/v1/studies/"+id+"/dashboard", nil, "")
	if !strings.Contains(string(d.body), `"kind":"ranking_failed"`) || !strings.Contains(string(d.body), `"count":5`) {
		t.Fatalf("the study page does not show the failures: %s", d.body)
	}
	if other := e.call(e.as["ada"], http.MethodGet, "/v1/studies/"+e.adaStudy+"/dashboard", nil, ""); strings.Contains(string(other.body), "ranking_failed") {
		t.Errorf("another study shows this study's alert: %s", other.body)
	}
	if r := e.loadInto(id, "victim", nil); r.status != 200 {
		t.Fatalf("retry: %d %s", r.status, r.body)
	}
}

// TestNoFreeScriptWorkerIsBusyNotBroken: a script check that finds no free ranking worker
// (every worker busy past its wait, or none could start) answers 503 ranking_failed,
// saying to try again, not 500.
func TestNoFreeScriptWorkerIsBusyNotBroken(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	s := New(Config{Store: e.store, Media: e.media, Frontend: testFrontend})
	w := httptest.NewRecorder()
	s.fail(w, httptest.NewRequest(http.MethodPost, "/v1/check_parameters", nil), fmt.Errorf("%w: all 2 script workers stayed busy for 5s", feed.ErrRankingFailed))
	if w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), `"code":"ranking_failed"`) || !strings.Contains(w.Body.String(), "Try again") {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
}
