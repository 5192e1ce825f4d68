package api

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/mux"

	"feedlab/auth"
	"feedlab/demo"
)

func TestResearcherCallsNeedASession(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, path := range []string{"/v1/pull_entity_sets", "/v1/spawn_experiment", "/v1/dump_data", "/v1/ingest_entity_set", "/v1/auth/me"} {
		method := http.MethodPost
		if path == "/v1/auth/me" {
			method = http.MethodGet
		}
		r := e.call(nil, method, path, map[string]any{"data_type": "engagement", "experiment_id": "solarflare"}, "application/json")
		if r.status != 401 || errorCode(r) != codeUnauthorized {
			t.Fatalf("%s without session: %d %s", path, r.status, r.body)
		}
	}
	jar, _ := cookiejar.New(nil)
	forged := &http.Client{Jar: jar}
	req, _ := http.NewRequest(http.MethodGet, e.srv.URL+"/v1/auth/me", nil)
	req.AddCookie(&http.Cookie{Name: sessionCookie, Value: "forged"})
	res, _ := forged.Do(req)
	if res.StatusCode != 401 {
		t.Fatalf("forged cookie: %d", res.StatusCode)
	}
}

func TestLoginSetsAStrictHttpOnlyCookieAndIsThrottled(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.researcher()
	if r := e.call(c, http.MethodGet, "/v1/auth/me", nil, ""); r.status != 200 || r.json["data"].(map[string]any)["name"] != "ada" {
		t.Fatalf("me: %d %s", r.status, r.body)
	}
	r := e.post("/v1/auth/login", map[string]string{"name": "ada", "password": "a long enough password"})
	cookies := r.header.Values("Set-Cookie")
	if len(cookies) != 2 {
		t.Fatalf("cookies %q", cookies)
	}
	for _, cookie := range cookies {
		if !strings.Contains(cookie, "HttpOnly") || !strings.Contains(cookie, "SameSite=Strict") {
			t.Fatalf("cookie %q", cookie)
		}
	}
	if device := cookies[1]; !strings.HasPrefix(device, deviceCookie+"=") || !strings.Contains(device, "Path=/v1/auth/") || !strings.Contains(device, "Max-Age=31536000") {
		t.Fatalf("device cookie %q", device)
	}
	for i := 0; i < accountFreeFails; i++ {
		if r := e.post("/v1/auth/login", map[string]string{"name": "ada", "password": "wrong password!"}); r.status != 401 {
			t.Fatalf("attempt %d: %d", i, r.status)
		}
	}
	if r := e.post("/v1/auth/login", map[string]string{"name": "ada", "password": "a long enough password"}); r.status != 429 {
		t.Fatalf("after 5 failures even the right password must wait in an unknown browser: %d", r.status)
	}
	if r := e.call(c, http.MethodPost, "/v1/auth/login", map[string]string{"name": "ada", "password": "a long enough password"}, "application/json"); r.status != 200 {
		t.Fatalf("the browser ada signed in with before was held up: %d %s", r.status, r.body)
	}
	if r := e.call(c, http.MethodPost, "/v1/auth/logout", nil, ""); r.status != 200 {
		t.Fatalf("logout %d", r.status)
	}
	if r := e.call(c, http.MethodGet, "/v1/auth/me", nil, ""); r.status != 401 {
		t.Fatalf("after logout: %d", r.status)
	}
}

func TestSetupLinkWorksOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	token := auth.NewToken()
	e.store.PutSetupToken(context.Background(), SetupTokenSetting, auth.HashToken(token), SetupTokenTTL)
	body := map[string]string{"token": token, "name": "grace", "password": "another long password"}
	if r := e.post("/v1/auth/setup", map[string]string{"token": token, "name": "grace", "password": "short"}); r.status != 400 {
		t.Fatalf("short password: %d %s", r.status, r.body)
	}
	if r := e.post("/v1/auth/setup", body); r.status != 200 || !strings.Contains(r.header.Get("Set-Cookie"), sessionCookie) {
		t.Fatalf("setup: %d %s", r.status, r.body)
	}
	body["name"] = "mallory"
	if r := e.post("/v1/auth/setup", body); r.status != 403 {
		t.Fatalf("second use: %d %s", r.status, r.body)
	}
}

// TestSetupLinkIsSingleUseForReal is issue 13 item 4: a printed setup link stays unused
// while an account is made another way ('feedlab researcher add' writes through
// store.CreateResearcher); the link must then be dead, and claiming it with the taken name
// answered 500. Expired and pre-expiry tokens are refused too.
func TestSetupLinkIsSingleUseForReal(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	token := auth.NewToken()
	e.store.PutSetupToken(ctx, SetupTokenSetting, auth.HashToken(token), SetupTokenTTL)
	if _, err := e.store.CreateResearcher(ctx, "ada", "hash"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		status int
	}{
		{"ada", http.StatusConflict},      // the holder of a valid link learns the name is taken
		{"mallory", http.StatusForbidden}, // an account exists: the link is dead
		{"ada", http.StatusForbidden},
	} {
		r := e.post("/v1/auth/setup", map[string]string{"token": token, "name": c.name, "password": "another long password"})
		if r.status != c.status || r.header.Get("Set-Cookie") != "" {
			t.Fatalf("setup as %s with an account existing: %d %s, want %d", c.name, r.status, r.body, c.status)
		}
	}

	e2 := newEnv(t)
	expired := auth.NewToken()
	e2.store.PutSetupToken(ctx, SetupTokenSetting, auth.HashToken(expired), -time.Second)
	if r := e2.post("/v1/auth/setup", map[string]string{"token": expired, "name": "grace", "password": "another long password"}); r.status != http.StatusForbidden {
		t.Fatalf("expired link: %d %s", r.status, r.body)
	}
	legacy := auth.NewToken()
	e2.store.PutSetting(ctx, SetupTokenSetting, auth.HashToken(legacy)) // stored without an expiry
	if r := e2.post("/v1/auth/setup", map[string]string{"token": legacy, "name": "grace", "password": "another long password"}); r.status != http.StatusForbidden {
		t.Fatalf("link without an expiry: %d %s", r.status, r.body)
	}
	if n, _ := e2.store.CountResearchers(ctx); n != 0 {
		t.Fatalf("%d accounts after refused setups", n)
	}
}

func TestSpawnExperimentValidatesAndCreates(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.researcher()
	sets := `[{"entity_set":"solarflare_demo","number_to_show":5,"randomize_between_subjects":"yes"}]`
	rows := []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": sets},
		{"condition": 1, "param": "consent", "value": "I%20agree%20%26%20continue"},
		{"condition": 2, "param": "entity_sets", "value": sets},
		{"condition": 2, "param": "feed", "value": "swipe"},
		{"condition": 2, "param": "consent", "value": "I%20agree%20%26%20continue"},
	}
	r := e.call(c, http.MethodPost, "/v1/spawn_experiment", map[string]any{"condition_settings": rows}, "application/json")
	if r.status != 200 || r.json["success"] != "true" {
		t.Fatalf("%d %s", r.status, r.body)
	}
	id := e.launch(r.json["data"].(map[string]any)["experiment_id"].(string))
	// Participants are balanced over the two conditions and see 5 cards.
	seen := map[float64]int{}
	for _, u := range []string{"a", "b", "c", "d"} {
		lr := e.post("/v1/load_experiment", map[string]any{"user_id": u, "experiment_id": id})
		d := lr.json["data"].(map[string]any)
		seen[d["condition"].(float64)]++
		if n := len(d["order_data"].([]any)); n != 5 {
			t.Fatalf("%d cards, want 5", n)
		}
		if html := d["texts"].(map[string]any)["consent"].(string); !strings.Contains(html, "I agree &amp; continue") {
			t.Fatalf("consent html %q", html)
		}
	}
	if seen[1] != 2 || seen[2] != 2 {
		t.Fatalf("conditions %v, want 2 and 2", seen)
	}
	bad := []map[string]any{{"condition": 1, "param": "entity_sets", "value": `[{"entity_set":"missing_set"}]`}, {"condition": 1, "param": "colour", "value": "red"}}
	r = e.call(c, http.MethodPost, "/v1/spawn_experiment", map[string]any{"condition_settings": bad}, "application/json")
	msg, _ := r.json["error"].(map[string]any)["message"].(string)
	if r.status != 400 || !strings.Contains(msg, "missing_set") || !strings.Contains(msg, "colour") {
		t.Fatalf("bad rows: %d %s", r.status, r.body)
	}
}

func TestPullEntitySetsListsTheDemoSet(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.call(e.researcher(), http.MethodGet, "/v1/pull_entity_sets", nil, "")
	var sets []entitySetSummary
	if err := json.Unmarshal([]byte(r.json["data"].(map[string]any)["entity_sets"].(string)), &sets); err != nil {
		t.Fatal(err)
	}
	if len(sets) != 1 || sets[0].EntitySet != demo.SetName || sets[0].NumEntities != 24 {
		t.Fatalf("%+v", sets)
	}
}

func TestDumpDataStreamsCSVAndSaysWhenNothingIsFound(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.researcher()
	ids := e.load("u1")
	e.post("/v1/write_user_engagement", map[string]any{"event_id": "e1", "user_id": "u1", "experiment_id": "solarflare", "entity_id": ids[0], "engagement_type": "shares", "response": "1"})
	r := e.call(c, http.MethodPost, "/v1/dump_data", map[string]string{"data_type": "engagement", "experiment_id": "solarflare"}, "application/json")
	if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/csv") {
		t.Fatalf("%d %s", r.status, r.body)
	}
	recs, err := csv.NewReader(strings.NewReader(string(r.body))).ReadAll()
	if err != nil || len(recs) != 2 || recs[0][0] != "time_stamp" || recs[1][7] != "shares" || recs[1][4] != ids[0] {
		t.Fatalf("csv %v %v", recs, err)
	}
	r = e.call(c, http.MethodPost, "/v1/dump_data", map[string]string{"data_type": "user_form", "experiment_id": "solarflare"}, "application/json")
	if r.status != 200 || r.header.Get("X-Feedlab-Notice") == "" {
		t.Fatalf("user_form: %d notice=%q", r.status, r.header.Get("X-Feedlab-Notice"))
	}
	r = e.call(c, http.MethodPost, "/v1/dump_data", map[string]string{"data_type": "engagement", "experiment_id": "nope"}, "application/json")
	if r.status != 404 || !strings.Contains(string(r.body), "No data found. Did you enter your experiment ID correctly?") {
		t.Fatalf("unknown: %d %s", r.status, r.body)
	}
	r = e.call(c, http.MethodPost, "/v1/dump_data", map[string]string{"data_type": "everything", "experiment_id": "solarflare"}, "application/json")
	if r.status != 400 {
		t.Fatalf("bad type: %d %s", r.status, r.body)
	}
}

func TestStaticRoutes(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	cases := []struct {
		path, wantBody, wantCache string
		status                    int
	}{
		{"/", "participant", "no-cache", 200},
		{"/form/crt", "participant", "no-cache", 200},
		{"/some/unknown/page", "participant", "no-cache", 200},
		{"/create-study", "researcher", "no-cache", 200},
		{"/download/", "researcher", "no-cache", 200},
		{"/assets/app-ABC123.js", "console.log", "immutable", 200},
		{"/assets/missing.js", "", "", 404},
	}
	for _, c := range cases {
		r := e.call(nil, http.MethodGet, c.path, nil, "")
		if r.status != c.status || !strings.Contains(string(r.body), c.wantBody) || !strings.Contains(r.header.Get("Cache-Control"), c.wantCache) {
			t.Errorf("%s: %d %q cache=%q", c.path, r.status, r.body, r.header.Get("Cache-Control"))
		}
	}
	// A demo image is served from the media store with a long cache.
	lr := e.post("/v1/load_experiment", map[string]any{"user_id": "u1", "experiment_id": "solarflare"})
	url := lr.json["data"].(map[string]any)["order_data"].([]any)[0].(map[string]any)["entity_url"].(string)
	r := e.call(nil, http.MethodGet, url, nil, "")
	if r.status != 200 || r.header.Get("Content-Type") != "image/png" {
		t.Fatalf("media %s: %d %s", url, r.status, r.header.Get("Content-Type"))
	}
	for _, p := range []string{"/media/..%2Ffeedlab.db", "/media/..%2F..%2Fetc%2Fpasswd", "/media/" + strings.Repeat("a", 64) + ".exe"} {
		if r := e.call(nil, http.MethodGet, p, nil, ""); strings.HasPrefix(string(r.body), "SQLite") || (r.status != 404 && !strings.Contains(string(r.body), "participant")) {
			t.Fatalf("%s: %d %.40q", p, r.status, r.body)
		}
	}
}

func TestIngestEntitySetStoresTheUploadOrSaysWhatIsWrong(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.researcher()
	row := func(i int) map[string]string {
		return map[string]string{"source_url": "https://example.org/" + string(rune('a'+i)), "filename": "f.png", "retrieve_date": "2026-01-01",
			"entity_type": "image", "headline": "Caf%C3%A9%20news", "topic": "x"}
	}
	body := map[string]any{"entity_set_settings": map[string]any{"setname": "My Set!", "category": "news", "covariates": []any{row(0), row(1)}}}
	r := e.call(c, http.MethodPost, "/v1/ingest_entity_set", body, "application/json")
	if r.status != 200 || r.json["success"] != "true" {
		t.Fatalf("%d %s", r.status, r.body)
	}
	name := r.json["data"].(map[string]any)["entity_set"].(string)
	if !strings.HasSuffix(name, "_myset") {
		t.Fatalf("set name %q", name)
	}
	ents, err := e.store.Entities(context.Background(), name)
	if err != nil || len(ents) != 2 || ents[0].Headline != "Café news" || ents[0].EntityUrl != "https://example.org/a" {
		t.Fatalf("entities %+v %v", ents, err)
	}
	if r := e.call(c, http.MethodPost, "/v1/ingest_entity_set", body, "application/json"); r.status != 409 {
		t.Fatalf("same name again: %d %s", r.status, r.body)
	}
	bad := []struct {
		name     string
		settings map[string]any
		want     string
	}{
		{"missing column", map[string]any{"setname": "a", "category": "news", "covariates": []any{map[string]string{"source_url": "x"}}}, "filename"},
		{"bad category", map[string]any{"setname": "b", "category": "gossip", "covariates": []any{row(0)}}, "category"},
		{"empty name", map[string]any{"setname": "!!!", "category": "news", "covariates": []any{row(0)}}, "name"},
		{"no rows", map[string]any{"setname": "c", "category": "news", "covariates": []any{}}, "no stimuli"},
		// Issue 13 item 11: a card's URLs reach participants' pages as links and images.
		{"javascript source_url", map[string]any{"setname": "d", "category": "news", "covariates": []any{row(0), func() map[string]string {
			r := row(1)
			r["source_url"] = "javascript:alert(document.cookie)"
			return r
		}()}}, `record 2: column source_url must be an http:// or https:// URL or a path of this appliance`},
		{"remote-less entity_url", map[string]any{"setname": "e", "category": "news", "covariates": []any{func() map[string]string {
			r := row(0)
			r["entity_url"] = "//evil.example/x.png"
			return r
		}()}}, `record 1: column entity_url must be`},
	}
	for _, b := range bad {
		r := e.call(c, http.MethodPost, "/v1/ingest_entity_set", map[string]any{"entity_set_settings": b.settings}, "application/json")
		if r.status != 400 || !strings.Contains(string(r.body), b.want) {
			t.Errorf("%s: %d %s", b.name, r.status, r.body)
		}
	}
	sets, _ := e.store.ListEntitySets(context.Background())
	if len(sets) != 2 {
		t.Fatalf("%d sets after bad uploads, want the demo set and one upload", len(sets))
	}
}

// TestEveryResearcherRouteRefusesASignedOutCaller walks the real router: every /v1 call
// that is not a participant's or part of signing in answers 401 without a session, so a
// call added later without requireResearcher fails here.
func TestEveryResearcherRouteRefusesASignedOutCaller(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	public := map[string]bool{"/v1/auth/login": true, "/v1/auth/setup": true, "/v1/auth/logout": true, "/v1/auth/status": true, "/v1/questionnaires/{name}": true}
	for path := range participantCalls {
		public[path] = true
	}
	checked := 0
	err := New(Config{Store: e.store, Media: e.media, Frontend: testFrontend}).router().Walk(func(route *mux.Route, _ *mux.Router, _ []*mux.Route) error {
		tmpl, err := route.GetPathTemplate()
		if err != nil || !strings.HasPrefix(tmpl, "/v1/") || public[tmpl] {
			return nil
		}
		methods, err := route.GetMethods()
		if err != nil {
			return nil
		}
		path := regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(tmpl, "solarflare")
		for _, m := range methods {
			r := e.call(nil, m, path, map[string]any{}, "application/json")
			if r.status != 401 || errorCode(r) != codeUnauthorized {
				t.Errorf("%s %s without a session: %d %s", m, tmpl, r.status, truncate(string(r.body), 200))
			}
			checked++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 30 {
		t.Fatalf("only %d researcher calls found on the router", checked)
	}
}
