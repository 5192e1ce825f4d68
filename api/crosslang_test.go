package api

import (
	"os"
	"regexp"
	"slices"
	"testing"
)

// Facts the Go server and the TypeScript app share are checked here against the TS source,
// so that a change on one side fails the tests until the other follows.

func TestButtonEngagementsMatchTheFrontendUnion(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../frontend/src/lib/feedTypes.ts")
	if err != nil {
		t.Fatal(err)
	}
	union := regexp.MustCompile(`export type EngagementType\s*=\s*([^;]+);`).FindSubmatch(src)
	if union == nil {
		t.Fatal("frontend/src/lib/feedTypes.ts has no 'export type EngagementType = ...;'")
	}
	var ts []string
	for _, m := range regexp.MustCompile(`'([^']*)'|"([^"]*)"`).FindAllSubmatch(union[1], -1) {
		ts = append(ts, string(m[1])+string(m[2]))
	}
	if !slices.Equal(sorted(ts), sorted(buttonEngagements)) {
		t.Fatalf("TypeScript EngagementType is %v, the server accepts %v", ts, buttonEngagements)
	}
}

func TestResearcherRoutesMatchSegments(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		route, path string
		want        bool
	}{
		{"/login", "/login", true},
		{"/login", "/logins", false},
		{"/login", "/login/x", false},
		{"/studies/:experiment_id", "/studies/fl-7kq2m9xa", true},
		{"/studies/:experiment_id", "/studies", false},
		{"/studies/:experiment_id", "/studies/a/b", false},
		{"/studies", "/studies/fl-7kq2m9xa", false},
		{"/sets/:entity_set", "/sets/20260101_news", true},
	} {
		if got := matchRoute(tc.route, tc.path); got != tc.want {
			t.Errorf("matchRoute(%q, %q) = %v, want %v", tc.route, tc.path, got, tc.want)
		}
	}
	// Page paths are cleaned first, so a trailing slash is allowed.
	e := newEnv(t)
	for _, p := range []string{"/studies/fl-7kq2m9xa/", "/download/", "/setup"} {
		if r := e.call(nil, "GET", p, nil, ""); r.status != 200 || !regexp.MustCompile("researcher").Match(r.body) {
			t.Errorf("%s: %d %.60q, want the researcher page", p, r.status, r.body)
		}
	}
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}
