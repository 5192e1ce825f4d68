package api

import (
	"net/http"
	"strings"
	"testing"
)

// The parameter reference the codebooks point to is served by the appliance to anyone,
// rendered from docs/parameters.md and sanitized.
func TestTheParameterReferenceIsServed(t *testing.T) {
	e := newEnv(t)
	r := e.call(nil, http.MethodGet, "/docs/parameters", nil, "")
	if r.status != http.StatusOK || !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /docs/parameters: %d %s", r.status, r.header.Get("Content-Type"))
	}
	page := string(r.body)
	for _, want := range []string{"<h1>Study parameters, exports and the participant API</h1>", "<table>", "<code>entity_sets</code>"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(page, "<script") || strings.Contains(page, "participant</title>") {
		t.Errorf("the page is not the rendered reference alone:\n%.500s", page)
	}
	if !strings.Contains(r.header.Get("Content-Security-Policy"), "script-src 'self'") {
		t.Errorf("CSP: %q", r.header.Get("Content-Security-Policy"))
	}
}
