package api

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestEveryPageHasAContentSecurityPolicy: no inline script anywhere; participant pages
// may be framed by feedlab and the configured origins only, researcher pages and the API
// by no one; the participant page names the exact parent origins it may post to.
func TestEveryPageHasAContentSecurityPolicy(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, func(c *Config) {
		c.FrameAncestors = []string{"https://survey.example.org", "https://*.qualtrics.com"}
	})
	for _, path := range []string{"/", "/form/custom-msg", "/login", "/studies", "/v1/analytics", "/assets/app-ABC123.js", "/nope"} {
		r := e.call(nil, http.MethodGet, path, nil, "")
		csp := r.header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self';") || strings.Contains(csp, "unsafe-eval") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") {
			t.Errorf("%s: CSP %q", path, csp)
		}
		participant := path == "/" || path == "/form/custom-msg" || path == "/nope"
		want := "frame-ancestors 'none'"
		if participant {
			want = "frame-ancestors 'self' https://survey.example.org https://*.qualtrics.com"
		}
		if !strings.HasSuffix(csp, want) {
			t.Errorf("%s: CSP ends %q, want %q", path, csp[max(0, len(csp)-80):], want)
		}
		if participant && !strings.Contains(string(r.body), `<meta name="feedlab-frame-parents" content="https://survey.example.org">`) {
			t.Errorf("%s: no frame parents in %s", path, r.body)
		}
		if r.header.Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: HSTS over plain HTTP", path)
		}
	}
}

// TestHTTPSAndProxyHeaders: over TLS every answer carries HSTS and the session cookie is
// Secure; behind a trusted proxy X-Forwarded-Proto: https does the same, but without
// --behind-proxy the header is ignored (anyone can send it).
func TestHTTPSAndProxyHeaders(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.signIn("ada")
	login := `{"name":"ada","password":"a long enough password"}`

	tlsSrv := httptest.NewTLSServer(New(Config{Store: e.store, Media: e.media, Frontend: testFrontend}).Handler())
	defer tlsSrv.Close()
	res, err := tlsSrv.Client().Post(tlsSrv.URL+"/v1/auth/login", "application/json", strings.NewReader(login))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.Header.Get("Strict-Transport-Security") == "" || !strings.Contains(res.Header.Get("Set-Cookie"), "Secure") {
		t.Errorf("over TLS: HSTS %q, cookie %q", res.Header.Get("Strict-Transport-Security"), res.Header.Get("Set-Cookie"))
	}
	// The known-device cookie too (issue 20 item 4).
	if cookies := res.Header.Values("Set-Cookie"); len(cookies) != 2 || !strings.HasPrefix(cookies[1], deviceCookie) || !strings.Contains(cookies[1], "Secure") {
		t.Errorf("over TLS: cookies %q", cookies)
	}

	for _, proxy := range []bool{true, false} {
		srv := httptest.NewServer(New(Config{Store: e.store, Media: e.media, Frontend: testFrontend, BehindProxy: proxy}).Handler())
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/v1/auth/login", strings.NewReader(login))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-Proto", "https")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		srv.Close()
		secure := strings.Contains(res.Header.Get("Set-Cookie"), "Secure") && res.Header.Get("Strict-Transport-Security") != ""
		if secure != proxy {
			t.Errorf("behind proxy %v: cookie %q, HSTS %q", proxy, res.Header.Get("Set-Cookie"), res.Header.Get("Strict-Transport-Security"))
		}
	}
}
