package api

import (
	"bytes"
	"context"
	"encoding/json"
	"feedlab/limit"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"feedlab/auth"
	"feedlab/demo"
	"feedlab/media"
	"feedlab/store"
)

// testEnv is a real server over a real SQLite file in a temporary directory, with the
// built-in demo study installed.
type testEnv struct {
	t     testing.TB
	srv   *httptest.Server
	store *store.Store
	media *media.Store
	// server is the Server behind srv, for tests that must wait on its state (a slot
	// taken) rather than guess it from outside.
	server *Server
}

var testFrontend = fstest.MapFS{
	"index.html":           {Data: []byte("<!doctype html><title>participant</title>")},
	"researcher.html":      {Data: []byte("<!doctype html><title>researcher</title>")},
	"assets/app-ABC123.js": {Data: []byte("console.log(1)")},
	"img/error.png":        {Data: []byte("\x89PNG")},
}

func newEnv(t testing.TB) *testEnv {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	copyDemoTemplate(t, dir)
	st, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := media.Open(filepath.Join(dir, "media"))
	if err != nil {
		t.Fatal(err)
	}
	// The copy holds the demo already; Ensure still runs, as serve runs it on every start.
	if err := demo.Ensure(ctx, st, ms); err != nil {
		t.Fatal(err)
	}
	api := New(Config{Store: st, Media: ms, Frontend: testFrontend})
	// The appliance-wide cap on password checks (about one a second) would make tests that
	// sign in several times depend on the machine's speed; TestHashesAcrossTheServerAreLimited
	// checks the cap on a server of its own.
	api.signIns.hashes = limit.NewRate(1<<30, 1<<30)
	srv := httptest.NewServer(api.Handler())
	t.Cleanup(func() { srv.Close(); st.Close() })
	return &testEnv{t: t, srv: srv, store: st, media: ms, server: api}
}

type response struct {
	status int
	header http.Header
	body   []byte
	json   map[string]any
}

// call sends a request with an optional body (a string is sent as is, anything else as
// JSON) through client c (nil: a client without cookies).
func (e *testEnv) call(c *http.Client, method, path string, body any, contentType string) response {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, e.srv.URL+path, rd)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if c == nil {
		c = http.DefaultClient
	}
	res, err := c.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := response{status: res.StatusCode, header: res.Header, body: raw}
	_ = json.Unmarshal(raw, &r.json)
	return r
}

func (e *testEnv) post(path string, body any) response {
	return e.call(nil, http.MethodPost, path, body, "application/json")
}

// researcher returns a client signed in as a new researcher.
func (e *testEnv) researcher() *http.Client {
	e.t.Helper()
	hash, _ := auth.HashPassword("a long enough password")
	if _, err := e.store.CreateResearcher(context.Background(), "ada", hash); err != nil {
		e.t.Fatal(err)
	}
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	r := e.call(c, http.MethodPost, "/v1/auth/login", map[string]string{"name": "ada", "password": "a long enough password"}, "application/json")
	if r.status != 200 {
		e.t.Fatalf("login: %d %s", r.status, r.body)
	}
	return c
}

// load registers a participant of solarflare and returns the feed's entity ids.
func (e *testEnv) load(user string) []string {
	e.t.Helper()
	r := e.post("/v1/load_experiment", map[string]any{"user_id": user, "experiment_id": demo.ExperimentID, "query_params": map[string]string{"PROLIFIC_PID": "p-" + user}})
	if r.status != 200 {
		e.t.Fatalf("load_experiment: %d %s", r.status, r.body)
	}
	var ids []string
	for _, c := range r.json["data"].(map[string]any)["order_data"].([]any) {
		ids = append(ids, c.(map[string]any)["entity_id"].(string))
	}
	return ids
}

func errorCode(r response) string {
	if e, ok := r.json["error"].(map[string]any); ok {
		return e["code"].(string)
	}
	return ""
}

// launch opens a draft the wizard created (spawn_experiment makes drafts), for the tests
// whose participants arrive at a running study.
func (e *testEnv) launch(id string) string {
	e.t.Helper()
	if err := e.store.LaunchStudy(context.Background(), id, nil); err != nil {
		e.t.Fatal(err)
	}
	return id
}
