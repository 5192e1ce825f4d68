package api

import (
	"net/http"
	"strings"
	"testing"

	"github.com/gorilla/mux"
)

// TestEveryStudyRouteGoesThroughTheDoor walks every route the router has. Each one under
// /v1/studies/{experiment_id} must be one of studyRoutes (registered behind the door, with
// what it needs); a route added there any other way fails here until it is classified.
// Then every classified route is asked by each kind of caller: signed out → 401, a
// stranger → 404 (as for an unknown id), the owner asking for an unknown id → 404, a
// collaborator → 403 on every route that runs or shares the study and never 401/403/404
// on one that only reads it.
func TestEveryStudyRouteGoesThroughTheDoor(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	s := New(Config{Store: e.store, Media: e.media, Frontend: testFrontend})
	classified := map[string]studyRoute{}
	for _, rt := range s.studyRoutes() {
		classified[rt.method+" /v1"+studyPrefix+rt.path] = rt
	}
	seen := 0
	err := s.router().Walk(func(route *mux.Route, _ *mux.Router, _ []*mux.Route) error {
		tpl, err := route.GetPathTemplate()
		if err != nil || !strings.HasPrefix(tpl, "/v1"+studyPrefix) {
			return nil
		}
		methods, _ := route.GetMethods()
		for _, m := range methods {
			if _, ok := classified[m+" "+tpl]; !ok {
				t.Errorf("%s %s is a study route outside the door: register it in studyRoutes with what it needs", m, tpl)
			}
			seen++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen != len(classified) {
		t.Errorf("the router has %d study routes, studyRoutes lists %d", seen, len(classified))
	}

	// A participant of ada's study, so that a route about one participant reaches its
	// handler for a caller the door lets in.
	if r := e.loadInto(e.adaStudy, "door-p1", nil); r.status != 200 {
		t.Fatalf("load: %d %s", r.status, r.body)
	}
	path := func(rt studyRoute, id string) string {
		p := "/v1/studies/" + id + rt.path
		return strings.NewReplacer("{name}", "grace", "{user_id}", "door-p1").Replace(p)
	}
	for key, rt := range classified {
		if r := e.call(nil, rt.method, path(rt, e.adaStudy), nil, "application/json"); r.status != http.StatusUnauthorized {
			t.Errorf("%s signed out: %d, want 401", key, r.status)
		}
		if r := e.call(e.as["linus"], rt.method, path(rt, e.adaStudy), nil, "application/json"); r.status != http.StatusNotFound {
			t.Errorf("%s as a stranger: %d %s, want 404", key, r.status, r.body)
		}
		if r := e.call(e.as["ada"], rt.method, path(rt, "fl-nosuchid"), nil, "application/json"); r.status != http.StatusNotFound {
			t.Errorf("%s for an unknown study: %d %s, want 404", key, r.status, r.body)
		}
		r := e.call(e.as["grace"], rt.method, path(rt, e.adaStudy), nil, "application/json")
		switch {
		case rt.need == needRead && (r.status == 401 || r.status == 403 || r.status == 404):
			t.Errorf("%s as a collaborator: %d %s; reading is theirs", key, r.status, r.body)
		case rt.need != needRead && (r.status != http.StatusForbidden || errorCode(r) != codeForbidden):
			t.Errorf("%s as a collaborator: %d %s, want 403", key, r.status, r.body)
		}
	}
}
