package api

import (
	"fmt"
	"net/http"
	"testing"

	"feedlab/demo"
	"feedlab/store"
)

// answersOf returns field → response of a participant's user_form rows.
func answersOf(t *testing.T, e *testEnv, user string) map[string]string {
	t.Helper()
	got := map[string]string{}
	if err := e.store.EachAnswer(t.Context(), demo.ExperimentID, func(a store.AnswerRow) error {
		if a.UserID == user {
			got[a.Field] = a.Response
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return got
}

// TestClientCannotPreClaimServerRowsOfOtherParticipants is the attack of issue 13 item 1:
// an anonymous client registers once and sends checkpoints under the ids the server would
// give the next participants' arrival and completion rows. Those participants must keep
// their condition, their PROLIFIC_PID and their completion code in the user_form export.
func TestClientCannotPreClaimServerRowsOfOtherParticipants(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.load("attacker")
	me, err := e.store.Participant(t.Context(), demo.ExperimentID, "attacker")
	if err != nil {
		t.Fatal(err)
	}
	for n := me.ParticipantID; n <= me.ParticipantID+5; n++ {
		for _, id := range []string{
			fmt.Sprintf("arrival:%d:condition", n), fmt.Sprintf("arrival:%d:URLParams-PROLIFIC_PID", n),
			fmt.Sprintf("completion:%d", n),
		} {
			r := e.post("/v1/write_checkpoint", map[string]any{"user_id": "attacker", "experiment_id": demo.ExperimentID, "event_id": id, "checkpoint": "x", "value": "erased"})
			if r.status != 200 {
				t.Fatalf("%s: %d %s", id, r.status, r.body)
			}
		}
	}
	for i := 1; i <= 3; i++ {
		user := fmt.Sprintf("victim%d", i)
		e.load(user)
		e.submitFeed(user)
		r := e.post("/v1/write_checkpoint", map[string]any{"user_id": user, "experiment_id": demo.ExperimentID, "event_id": "end-" + user, "checkpoint": "end-redirect"})
		if r.status != 200 {
			t.Fatalf("end-redirect: %d %s", r.status, r.body)
		}
		code := r.json["data"].(map[string]any)["completion_code"].(string)
		got := answersOf(t, e, user)
		if got["condition"] == "" || got["URLParams-PROLIFIC_PID"] != "p-"+user || got["completion_code"] != code {
			t.Fatalf("%s's rows were erased by another participant: %v", user, got)
		}
	}
}

// TestEventIDsArePerParticipant: two participants may use the same id; a participant's
// repeat with the same body is an idempotent success; the same id with another body is a
// logged 409 conflict that keeps the stored row; the server's namespace is refused.
func TestEventIDsArePerParticipant(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ids := e.load("a")
	e.load("b")
	like := func(user, entity, response string) response {
		return e.post("/v1/write_user_engagement", map[string]any{"user_id": user, "experiment_id": demo.ExperimentID,
			"event_id": "same-id", "entity_id": entity, "engagement_type": "likes", "response": response})
	}
	feedB := e.load("b")
	for _, c := range []struct {
		name, user, entity, response string
		status                       int
		stored                       float64
	}{
		{"first", "a", ids[0], "1", 200, 1},
		{"another participant, same id", "b", feedB[0], "1", 200, 1},
		{"a retry", "a", ids[0], "1", 200, 0},
		{"same id, other body", "a", ids[0], "0", http.StatusConflict, -1},
		{"same id, other card", "a", ids[1], "1", http.StatusConflict, -1},
	} {
		r := like(c.user, c.entity, c.response)
		if r.status != c.status {
			t.Fatalf("%s: %d %s", c.name, r.status, r.body)
		}
		if c.stored >= 0 && r.json["data"].(map[string]any)["stored"] != c.stored {
			t.Fatalf("%s: stored %v, want %v", c.name, r.json["data"], c.stored)
		}
		if c.status == http.StatusConflict && errorCode(r) != codeConflict {
			t.Fatalf("%s: code %q", c.name, errorCode(r))
		}
	}
	n := 0
	e.store.EachEngagement(t.Context(), demo.ExperimentID, func(g store.EngagementRow) error {
		if g.EventID == "same-id" {
			n++
			if g.Response != "1" {
				t.Fatalf("the conflicting event replaced the stored one: %+v", g)
			}
		}
		return nil
	})
	if n != 2 {
		t.Fatalf("%d rows with the shared id, want one per participant", n)
	}
	r := e.post("/v1/write_checkpoint", map[string]any{"user_id": "a", "experiment_id": demo.ExperimentID, "event_id": store.CompletionEventID, "checkpoint": "completion_code", "value": "FAKE"})
	if r.status != http.StatusBadRequest {
		t.Fatalf("a client id in the server's namespace: %d %s", r.status, r.body)
	}
	// A form page resent with another answer under the same id is a conflict too, and
	// nothing of it is stored.
	form := func(v string) response {
		return e.post("/v1/write_form", map[string]any{"user_id": "a", "experiment_id": demo.ExperimentID, "event_id": "page1",
			"form_fields": map[string]string{"q1": "yes", "q2": v}})
	}
	if r := form("x"); r.status != 200 {
		t.Fatalf("form: %d %s", r.status, r.body)
	}
	if r := form("y"); r.status != http.StatusConflict {
		t.Fatalf("form with another answer: %d %s", r.status, r.body)
	}
	if got := answersOf(t, e, "a"); got["q2"] != "x" {
		t.Fatalf("answers after the conflict: %v", got)
	}
}
