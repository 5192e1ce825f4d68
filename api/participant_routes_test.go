package api

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A participant's posts skip the router (participantPosts); what they are answered must
// not change: the handler's own answers to a post, and the router's to anything else.
func TestParticipantPostsAreAnsweredAsThroughTheRouter(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ids := e.load("routes")
	for _, pr := range participantRoutes {
		if pr.path == "/questionnaires/{name}" {
			continue
		}
		r := e.call(nil, http.MethodPost, "/v1"+pr.path, "{not json", "application/json")
		if pr.path == "/analytics" {
			if r.status >= 500 || r.status == 404 || r.status == 405 {
				t.Fatalf("POST %s: %d %s", pr.path, r.status, r.body)
			}
			continue
		}
		if r.status != 400 || errorCode(r) != codeInvalidJSON {
			t.Fatalf("POST %s with a broken body: %d %s, want the handler's 400 invalid_json", pr.path, r.status, r.body)
		}
		if r.header.Get("X-Content-Type-Options") != "nosniff" || r.header.Get("Content-Security-Policy") == "" {
			t.Fatalf("POST %s: the security headers are missing: %v", pr.path, r.header)
		}
	}
	s := e.server
	before, handler := s.trustProxy(s.recoverPanics(s.securityHeaders(s.sameOriginWrites(s.router())))), s.Handler()
	for _, c := range []struct{ method, path string }{
		{http.MethodPut, "/v1/write_user_engagement"}, {http.MethodGet, "/v1/write_form"},
		{http.MethodPost, "/v1/write_user_engagement/"}, {http.MethodPost, "/v1//write_checkpoint"},
	} {
		serve := func(h http.Handler) *httptest.ResponseRecorder {
			rec, req := httptest.NewRecorder(), httptest.NewRequest(c.method, c.path, strings.NewReader("{}"))
			req.Header.Set("Content-Type", "application/json")
			h.ServeHTTP(rec, req)
			return rec
		}
		if got, want := serve(handler), serve(before); got.Code != want.Code || got.Code == 200 || got.Body.String() != want.Body.String() {
			t.Fatalf("%s %s: %d %s, want the router's %d %s", c.method, c.path, got.Code, got.Body, want.Code, want.Body)
		}
	}
	like := map[string]any{"user_id": "routes", "experiment_id": "solarflare", "condition": "1", "event_id": "route-like",
		"entity_id": ids[0], "engagement_type": "likes", "response": "true", "time_content_viewed": 1, "time_engagement": 2}
	if r := e.post("/v1/write_user_engagement", like); r.status != 200 {
		t.Fatalf("a like: %d %s", r.status, r.body)
	}
}
