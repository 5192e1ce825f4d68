package api

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// The participant page's CSP allows its inline boot script by that script's exact hash and
// nothing else inline; the researcher page keeps the strict policy of every answer.
func TestParticipantPageAllowsItsInlineScriptByHash(t *testing.T) {
	t.Parallel()
	script := `"use strict";(()=>{fetch("/v1/load_experiment")})();`
	front := fstest.MapFS{
		"index.html":      {Data: []byte("<!doctype html>\n<head>\n<script>" + script + "</script>\n<script type=\"module\" src=\"/assets/p.js\"></script>\n</head>")},
		"researcher.html": {Data: []byte("<!doctype html>\n<head>\n<script type=\"module\" src=\"/assets/r.js\"></script>\n</head>")},
	}
	s := &Server{frontend: front}
	csp := func(path string) string {
		rec := httptest.NewRecorder()
		s.serveApp(rec, httptest.NewRequest("GET", path, nil))
		return rec.Result().Header.Get("Content-Security-Policy")
	}
	sum := sha256.Sum256([]byte(script))
	want := "script-src 'self' 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "';"
	got := csp("/?experiment_id=solarflare")
	if !strings.Contains(got, want) {
		t.Fatalf("participant CSP = %q, want it to contain %q", got, want)
	}
	directive := got[strings.Index(got, "script-src"):]
	directive = directive[:strings.Index(directive, ";")]
	if strings.Contains(directive, "unsafe") || strings.Count(got, "sha256-") != 1 {
		t.Fatalf("participant CSP allows more than its one script: %q", got)
	}
	// A researcher page keeps the policy every answer gets (securityHeaders): no inline script.
	if r := csp("/login"); r != "" {
		t.Fatalf("serveApp set a researcher page's CSP: %q", r)
	}
}
