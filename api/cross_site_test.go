package api

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// sendAs posts body with the headers a browser adds to a fetch from page origin (""
// means no Origin, as a program sends), through a signed-in client.
func sendAs(t *testing.T, c *http.Client, method, target, origin, site, contentType, body string) response {
	t.Helper()
	req, _ := http.NewRequest(method, target, strings.NewReader(body))
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	if site != "" {
		req.Header.Set("Sec-Fetch-Site", site)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if c == nil {
		c = http.DefaultClient
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := response{status: res.StatusCode, header: res.Header, body: raw}
	_ = json.Unmarshal(raw, &r.json)
	return r
}

// TestCrossSiteResearcherWritesAreRefused is the attack of issue 13, item 6: a page on
// another port of the same host (same-site, so the SameSite=Strict cookie still went along)
// created a stimulus set and a study as the signed-in researcher. Now such a request is
// refused and changes nothing; feedlab's own pages (same origin, JSON) still work, and
// participant calls still take sendBeacon's text/plain from anywhere.
func TestCrossSiteResearcherWritesAreRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.researcher()
	u, _ := url.Parse(e.srv.URL)
	own := "http://" + u.Host
	evil := "http://" + u.Hostname() + ":1" // another port of the same host
	set := `{"entity_set_settings":{"setname":"Evil set","category":"news","covariates":[{"source_url":"https://example.org/a","filename":"f.png","retrieve_date":"2026-01-01","entity_type":"image","headline":"x","topic":"x"}]}}`
	study := `{"condition_settings":[{"condition":1,"param":"entity_sets","value":"[{\"entity_set\":\"solarflare_demo\",\"number_to_show\":5}]"}]}`

	attacks := []struct{ name, origin, site, ct string }{
		{"fetch from another port (Sec-Fetch-Site)", evil, "same-site", "application/json"},
		{"fetch from another port (Origin only)", evil, "", "application/json"},
		{"a form post from another site", evil, "cross-site", "application/x-www-form-urlencoded"},
		{"text/plain without a preflight, no Origin", "", "", "text/plain"},
		{"a sandboxed page (Origin null)", "null", "", "application/json"},
	}
	for _, a := range attacks {
		for _, call := range []struct{ path, body string }{{"/v1/ingest_entity_set", set}, {"/v1/spawn_experiment", study}} {
			r := sendAs(t, c, http.MethodPost, e.srv.URL+call.path, a.origin, a.site, a.ct, call.body)
			if r.status != 403 && r.status != 415 {
				t.Errorf("%s to %s: %d %s", a.name, call.path, r.status, r.body)
			}
		}
		if r := sendAs(t, c, http.MethodPost, e.srv.URL+"/v1/auth/logout", a.origin, a.site, a.ct, "{}"); r.status == 200 {
			t.Errorf("%s signed the researcher out", a.name)
		}
		if r := sendAs(t, nil, http.MethodPost, e.srv.URL+"/v1/auth/login", a.origin, a.site, a.ct, `{"name":"ada","password":"a long enough password"}`); r.status == 200 {
			t.Errorf("%s signed in (login CSRF)", a.name)
		}
	}
	if r := sendAs(t, c, http.MethodDelete, e.srv.URL+"/v1/studies/x/shares/y", evil, "same-site", "", ""); r.status != 403 {
		t.Errorf("cross-site unshare: %d", r.status)
	}
	studies := e.call(c, http.MethodGet, "/v1/studies", nil, "")
	if n := len(studies.json["data"].(map[string]any)["studies"].([]any)); n != 1 { // the demo only
		t.Errorf("%d studies after the attacks", n)
	}
	if sets := e.call(c, http.MethodGet, "/v1/pull_entity_sets", nil, ""); bytes.Contains(sets.body, []byte("evilset")) {
		t.Error("the attack created a stimulus set")
	}

	// feedlab's own pages: same origin, JSON.
	if r := sendAs(t, c, http.MethodPost, e.srv.URL+"/v1/spawn_experiment", own, "same-origin", "application/json", study); r.status != 200 {
		t.Errorf("own page creating a study: %d %s", r.status, r.body)
	}
	// A participant's beacon: text/plain, from a page anywhere (the feed may be framed).
	load := `{"user_id":"p1","experiment_id":"solarflare","query_params":{}}`
	if r := sendAs(t, nil, http.MethodPost, e.srv.URL+"/v1/load_experiment", evil, "cross-site", "text/plain;charset=UTF-8", load); r.status != 200 {
		t.Errorf("participant beacon: %d %s", r.status, r.body)
	}
}
