package api

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"feedlab/auth"
	"feedlab/demo"
	"feedlab/params"
	"feedlab/store"
)

// consoleEnv is a server with three researchers: ada owns a study shared with grace;
// linus is a stranger to it. A command-line study without an owner and the built-in demo
// are visible to all three.
type consoleEnv struct {
	*testEnv
	as       map[string]*http.Client // "" is a client without a session
	adaStudy string
	open     string
}

const demoSets = `[{"entity_set":"solarflare_demo","number_to_show":5}]`

func newConsoleEnv(t testing.TB) *consoleEnv {
	t.Helper()
	e := &consoleEnv{testEnv: newEnv(t), as: map[string]*http.Client{"": nil}}
	for _, n := range []string{"ada", "grace", "linus"} {
		e.as[n] = e.signIn(n)
	}
	r := e.call(e.as["ada"], http.MethodPost, "/v1/spawn_experiment", map[string]any{"condition_settings": []map[string]any{
		{"condition": 1, "param": "title", "value": "Ada's feed study"},
		{"condition": 1, "param": "entity_sets", "value": demoSets},
		{"condition": 2, "param": "title", "value": "Ada's feed study"},
		{"condition": 2, "param": "entity_sets", "value": demoSets},
		{"condition": 2, "param": "feed", "value": "swipe"},
	}}, "application/json")
	if r.status != 200 {
		t.Fatalf("spawn: %d %s", r.status, r.body)
	}
	e.adaStudy = e.launch(r.json["data"].(map[string]any)["experiment_id"].(string))
	if _, err := e.store.ShareStudy(context.Background(), e.adaStudy, "grace", nil); err != nil {
		t.Fatal(err)
	}
	st, err := params.Validate([]params.Row{{Condition: 1, Param: "entity_sets", Value: demoSets}}, func(string) (int, bool) { return 10, true })
	if err != nil {
		t.Fatal(err)
	}
	ns := store.NewStudy{NConditions: len(st.Conditions), CreatedBy: "cli", ExperimentID: "fl-open"}
	for _, row := range st.Rows() {
		ns.Params = append(ns.Params, store.Param{Condition: row.Condition, Param: row.Param, Value: row.Value})
	}
	if e.open, err = e.store.CreateStudy(context.Background(), ns); err != nil {
		t.Fatal(err)
	}
	return e
}

// signIn creates an account and returns a client signed in to it.
func (e *testEnv) signIn(name string) *http.Client {
	e.t.Helper()
	hash, _ := auth.HashPassword("a long enough password")
	if _, err := e.store.CreateResearcher(context.Background(), name, hash); err != nil {
		e.t.Fatal(err)
	}
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	if r := e.call(c, http.MethodPost, "/v1/auth/login", map[string]string{"name": name, "password": "a long enough password"}, "application/json"); r.status != 200 {
		e.t.Fatalf("login %s: %d %s", name, r.status, r.body)
	}
	return c
}

// scenario is one call of the researcher API and what it must answer. Scenarios of one
// table run in order on one server, so a share made by one is seen by the next.
type scenario struct {
	name   string
	as     string // researcher name; "" for signed out
	method string
	path   string // "{ada}" stands for ada's study
	body   any
	status int
	code   string   // error.code, when the call fails
	has    []string // substrings of the body
	hasNot []string
	check  func(t *testing.T, r response)
}

func (e *consoleEnv) run(t *testing.T, table []scenario) {
	t.Helper()
	for _, sc := range table {
		path := strings.ReplaceAll(sc.path, "{ada}", e.adaStudy)
		r := e.call(e.as[sc.as], sc.method, path, sc.body, "application/json")
		if r.status != sc.status {
			t.Errorf("%s: status %d, want %d: %s", sc.name, r.status, sc.status, truncate(string(r.body), 300))
			continue
		}
		if sc.code != "" && errorCode(r) != sc.code {
			t.Errorf("%s: code %q, want %q: %s", sc.name, errorCode(r), sc.code, r.body)
		}
		// encoding/json escapes <, > and & in strings; compare against the text they stand for.
		body := strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&").Replace(string(r.body))
		for _, s := range sc.has {
			if !strings.Contains(body, strings.ReplaceAll(s, "{ada}", e.adaStudy)) {
				t.Errorf("%s: body lacks %q: %s", sc.name, s, truncate(string(r.body), 300))
			}
		}
		for _, s := range sc.hasNot {
			if strings.Contains(body, strings.ReplaceAll(s, "{ada}", e.adaStudy)) {
				t.Errorf("%s: body has %q: %s", sc.name, s, truncate(string(r.body), 300))
			}
		}
		if sc.check != nil {
			sc.check(t, r)
		}
	}
}

func data(r response) map[string]any {
	d, _ := r.json["data"].(map[string]any)
	return d
}

func studyIDs(r response) []string {
	var ids []string
	for _, s := range data(r)["studies"].([]any) {
		ids = append(ids, s.(map[string]any)["experiment_id"].(string))
	}
	return ids
}

func TestResearcherAPIScenarios(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	get, post, del := http.MethodGet, http.MethodPost, http.MethodDelete
	csvOK := "condition,param,value\n1,title,Pilot\n1,entity_sets,\"[{\"\"entity_set\"\":\"\"solarflare_demo\"\"}]\"\n"
	csvBad := "condition,param,value\n1,feed,sideways\n2,colour,red\n"
	wizard := []map[string]any{{"condition": 1, "param": "entity_sets", "value": demoSets}, {"condition": 1, "param": "consent", "value": "I%20agree"}}
	e.run(t, []scenario{
		{name: "auth status signed out", method: get, path: "/v1/auth/status", status: 200, has: []string{`"accounts_exist":true`}},

		{name: "capabilities signed out", method: get, path: "/v1/capabilities", status: 401, code: codeUnauthorized},
		{name: "capabilities", as: "linus", method: get, path: "/v1/capabilities", status: 200,
			has: []string{`{"name":"random","title":"Random","summary":"Random: every participant gets the cards in a fresh random order.","settings":[]}`, `{"name":"thompson_sampling","title":"Thompson sampling","summary":"Thompson sampling: `, `"param":"algorithm-script","label":"Ranking script"`,
				`"max_conditions":50`, `{"name":"crt","title":"Word problems","message":false}`, `"example_url":"https://app.prolific.com/`, `"categories":["news","opinion","sensational","ads"]`,
				`"participant_urls":["` + e.srv.URL + `/"]`, `{"name":"accprompt-modal","title":"Popup accuracy prompt (older name of accprompt as a pop-up)"}`, `"skins":[{"name":"default"`}},

		{name: "studies signed out", method: get, path: "/v1/studies", status: 401, code: codeUnauthorized},
		{name: "studies of the owner", as: "ada", method: get, path: "/v1/studies", status: 200, check: func(t *testing.T, r response) {
			ids := studyIDs(r)
			// The order (newest first) is checked in store, where the clock can be set.
			if !slices.Contains(ids, "fl-open") || !slices.Contains(ids, e.adaStudy) || !slices.Contains(ids, demo.ExperimentID) || len(ids) != 3 {
				t.Errorf("ada's studies %v", ids)
			}
			for _, s := range data(r)["studies"].([]any) {
				st := s.(map[string]any)
				if st["experiment_id"] == e.adaStudy {
					want := map[string]any{"title": "Ada's feed study", "owner": "ada", "access": "owner", "builtin": false, "n_conditions": 2.0, "arrived": 0.0, "completed": 0.0}
					for k, v := range want {
						if st[k] != v {
							t.Errorf("%s = %v, want %v", k, st[k], v)
						}
					}
					if sw := st["shared_with"].([]any); len(sw) != 1 || sw[0] != "grace" {
						t.Errorf("shared_with %v", sw)
					}
					if ms := st["created_at"].(float64); time.Since(time.UnixMilli(int64(ms))) > time.Minute {
						t.Errorf("created_at %v is not Unix ms of now", ms)
					}
				}
				if st["experiment_id"] == demo.ExperimentID && (st["builtin"] != true || st["access"] != "everyone" || st["owner"] != "") {
					t.Errorf("demo %v", st)
				}
			}
		}},
		{name: "studies of a collaborator", as: "grace", method: get, path: "/v1/studies", status: 200,
			has: []string{`"access":"shared"`, `"owner":"ada"`}, hasNot: []string{`"grace"`}},
		{name: "studies of a stranger", as: "linus", method: get, path: "/v1/studies", status: 200, hasNot: []string{"{ada}", "Ada's"}},

		{name: "study signed out", method: get, path: "/v1/studies/{ada}", status: 401, code: codeUnauthorized},
		{name: "study of the owner", as: "ada", method: get, path: "/v1/studies/{ada}", status: 200,
			has: []string{`"rows":[{"condition":1,"param":"title","value":"Ada's feed study"},{"condition":1,"param":"n-conditions","value":"2"}`, `{"condition":2,"param":"feed","value":"swipe"}`, `"shared_with":["grace"]`}},
		{name: "study of a collaborator", as: "grace", method: get, path: "/v1/studies/{ada}", status: 200, has: []string{`"access":"shared"`, `"shared_with":[]`}},
		{name: "study of a stranger", as: "linus", method: get, path: "/v1/studies/{ada}", status: 404, code: codeNotFound, hasNot: []string{"Ada's", "rows"}},
		{name: "study unknown", as: "linus", method: get, path: "/v1/studies/fl-nothere", status: 404, code: codeNotFound},
		{name: "ownerless study", as: "linus", method: get, path: "/v1/studies/fl-open", status: 200, has: []string{`"access":"everyone"`}},

		{name: "parameters.csv signed out", method: get, path: "/v1/studies/{ada}/parameters.csv", status: 401, code: codeUnauthorized},
		{name: "parameters.csv", as: "grace", method: get, path: "/v1/studies/{ada}/parameters.csv", status: 200,
			has: []string{"condition,param,value\r\n1,title,Ada's feed study\r\n1,n-conditions,2\r\n"}, check: func(t *testing.T, r response) {
				if cd := r.header.Get("Content-Disposition"); cd != `attachment; filename="`+e.adaStudy+`_experiment_parameters.csv"` || !strings.HasPrefix(r.header.Get("Content-Type"), "text/csv") {
					t.Errorf("headers %v", r.header)
				}
			}},
		{name: "parameters.csv of a stranger", as: "linus", method: get, path: "/v1/studies/{ada}/parameters.csv", status: 404, code: codeNotFound, hasNot: []string{"title"}},

		{name: "researchers signed out", method: get, path: "/v1/researchers", status: 401, code: codeUnauthorized},
		{name: "researchers", as: "linus", method: get, path: "/v1/researchers", status: 200, has: []string{`{"researchers":[{"name":"ada"},{"name":"grace"},{"name":"linus"}]}`}},

		{name: "share signed out", method: post, path: "/v1/studies/{ada}/shares", body: map[string]string{"name": "linus"}, status: 401, code: codeUnauthorized},
		{name: "share by a stranger", as: "linus", method: post, path: "/v1/studies/{ada}/shares", body: map[string]string{"name": "linus"}, status: 404, code: codeNotFound},
		{name: "share by a collaborator", as: "grace", method: post, path: "/v1/studies/{ada}/shares", body: map[string]string{"name": "linus"}, status: 403, code: codeForbidden},
		{name: "share an ownerless study", as: "ada", method: post, path: "/v1/studies/fl-open/shares", body: map[string]string{"name": "linus"}, status: 403, code: codeForbidden},
		{name: "share with nobody", as: "ada", method: post, path: "/v1/studies/{ada}/shares", body: map[string]string{"name": "nobody"}, status: 400, has: []string{"There is no researcher named nobody."}},
		{name: "share with yourself", as: "ada", method: post, path: "/v1/studies/{ada}/shares", body: map[string]string{"name": "ada"}, status: 400, code: codeBadRequest},
		{name: "share", as: "ada", method: post, path: "/v1/studies/{ada}/shares", body: map[string]string{"name": "linus"}, status: 200, has: []string{`{"shared_with":["grace","linus"]}`}},
		{name: "shared study is visible", as: "linus", method: get, path: "/v1/studies/{ada}", status: 200, has: []string{`"access":"shared"`}},
		{name: "unshare by a collaborator", as: "grace", method: del, path: "/v1/studies/{ada}/shares/linus", status: 403, code: codeForbidden},
		{name: "unshare signed out", method: del, path: "/v1/studies/{ada}/shares/linus", status: 401, code: codeUnauthorized},
		{name: "unshare", as: "ada", method: del, path: "/v1/studies/{ada}/shares/linus", status: 200, has: []string{`{"shared_with":["grace"]}`}},
		{name: "unshared study is gone", as: "linus", method: get, path: "/v1/studies/{ada}", status: 404, code: codeNotFound},
		{name: "unshare by a stranger", as: "linus", method: del, path: "/v1/studies/{ada}/shares/grace", status: 404, code: codeNotFound},

		{name: "check signed out", method: post, path: "/v1/check_parameters", body: map[string]string{"csv": csvOK}, status: 401, code: codeUnauthorized},
		{name: "check csv", as: "linus", method: post, path: "/v1/check_parameters", body: map[string]string{"csv": csvOK}, status: 200,
			has: []string{`"n_conditions":1`, `"rows":[{"condition":1,"param":"title","value":"Pilot"},{"condition":1,"param":"n-conditions","value":"1"},{"condition":1,"param":"feed","value":"scroll"}`}},
		{name: "check wizard rows", as: "linus", method: post, path: "/v1/check_parameters", body: map[string]any{"condition_settings": wizard}, status: 200,
			has: []string{`{"condition":1,"param":"consent","value":"I agree"}`}},
		{name: "check bad csv", as: "linus", method: post, path: "/v1/check_parameters", body: map[string]string{"csv": csvBad}, status: 400, code: codeInvalidParameters,
			check: func(t *testing.T, r response) {
				ps := r.json["error"].(map[string]any)["problems"].([]any)
				first := ps[0].(map[string]any)
				if first["line"] != 2.0 || first["condition"] != 1.0 || first["param"] != "feed" || !strings.Contains(first["message"].(string), "sideways") {
					t.Errorf("first problem %v", first)
				}
				if msg := r.json["error"].(map[string]any)["message"].(string); !strings.Contains(msg, "line 3: condition 2: unknown parameter \"colour\"") {
					t.Errorf("message %q", msg)
				}
			}},
		{name: "check unreadable csv", as: "linus", method: post, path: "/v1/check_parameters", body: map[string]string{"csv": "cond,param\n"}, status: 400, code: codeInvalidParameters, has: []string{`"line":1`}},
		{name: "check a script with an error", as: "linus", method: post, path: "/v1/check_parameters", status: 400, code: codeInvalidParameters,
			body: map[string]any{"condition_settings": []map[string]any{{"condition": 1, "param": "entity_sets", "value": demoSets}, {"condition": 1, "param": "algorithm", "value": "custom"},
				{"condition": 1, "param": "algorithm-script", "value": "# order\ndef rank(cards, participant):\n    return sorted(card)\n"}}},
			// The script's own line and column, in plain words, for the wizard to show beside the script.
			has: []string{`"param":"algorithm-script"`, `"script":{"line":3,"column":19,"message":"undefined name 'card' (did you mean 'cards'?)"}`,
				`the script fails at line 3, column 19: undefined name 'card'`}},
		{name: "check nothing", as: "linus", method: post, path: "/v1/check_parameters", body: map[string]string{}, status: 400, code: codeBadRequest},
		{name: "check both", as: "linus", method: post, path: "/v1/check_parameters", body: map[string]any{"csv": csvOK, "condition_settings": wizard}, status: 400, code: codeBadRequest},

		{name: "spawn invalid", as: "linus", method: post, path: "/v1/spawn_experiment", body: map[string]any{"condition_settings": []map[string]any{{"condition": 1, "param": "feed", "value": "scroll"}}}, status: 400, code: codeInvalidParameters,
			has: []string{`"problems":[{"line":0,"condition":1,"param":"entity_sets","message":"You need to select at least one set per condition under the Cards section."}]`}},
		{name: "spawn bad encoding", as: "linus", method: post, path: "/v1/spawn_experiment", body: map[string]any{"condition_settings": []map[string]any{{"condition": 1, "param": "consent", "value": "%zz"}}}, status: 400, code: codeInvalidParameters, has: []string{`"line":1`, `"param":"consent"`}},

		{name: "render signed out", method: post, path: "/v1/render_markdown", body: map[string]string{"field": "consent", "text": "x"}, status: 401, code: codeUnauthorized},
		{name: "render default consent", as: "linus", method: post, path: "/v1/render_markdown", body: map[string]string{"field": "consent", "text": "default"}, status: 200, has: []string{"Consent to take part</h2>"}},
		{name: "render sanitizes", as: "linus", method: post, path: "/v1/render_markdown", body: map[string]string{"field": "custom-msg", "text": "**Thanks**<script>alert(1)</script>"}, status: 200,
			has: []string{"<strong>Thanks</strong>"}, hasNot: []string{"<script"}},
		{name: "render empty", as: "linus", method: post, path: "/v1/render_markdown", body: map[string]string{"field": "instruct", "text": "  "}, status: 200, has: []string{`"html":""`}},
		{name: "render too long", as: "linus", method: post, path: "/v1/render_markdown", body: map[string]string{"field": "instruct", "text": strings.Repeat("x", params.MaxTextLen+1)}, status: 400, code: codeInvalidParameters},
		{name: "render an intervention's default text", as: "linus", method: post, path: "/v1/render_markdown", body: map[string]string{"field": "intervention-text", "text": "", "type": "socialnorm"}, status: 200, has: []string{"What other people think</h2>"}},
		{name: "render an intervention's own text", as: "linus", method: post, path: "/v1/render_markdown", body: map[string]string{"field": "intervention-text", "text": "**Pause**", "type": "importance"}, status: 200, has: []string{"<strong>Pause</strong>"}, hasNot: []string{"Accuracy matters"}},
		{name: "render an intervention text of no type", as: "linus", method: post, path: "/v1/render_markdown", body: map[string]string{"field": "intervention-text", "text": "x", "type": "banner"}, status: 400, code: codeInvalidParameters},
		{name: "render the default consent in the condition's language", as: "linus", method: post, path: "/v1/render_markdown", body: map[string]string{"field": "consent", "text": "default", "language": "es-MX"}, status: 200,
			has: []string{"Consentimiento para participar</h2>"}, hasNot: []string{"Consent to take part"}},
		{name: "render an intervention's default text in the condition's language", as: "linus", method: post, path: "/v1/render_markdown", body: map[string]string{"field": "intervention-text", "text": "", "type": "socialnorm", "language": "de"}, status: 200,
			has: []string{"Was andere denken</h2>"}, hasNot: []string{"What other people think"}},
		{name: "render in a language that is no tag", as: "linus", method: post, path: "/v1/render_markdown", body: map[string]string{"field": "consent", "text": "default", "language": "not a tag!"}, status: 400, code: codeInvalidParameters, has: []string{`"param":"language"`}},
		{name: "render unknown field", as: "linus", method: post, path: "/v1/render_markdown", body: map[string]string{"field": "title", "text": "x"}, status: 400, code: codeBadRequest},

		{name: "dump signed out", method: post, path: "/v1/dump_data", body: map[string]string{"data_type": "experiment_parameters", "experiment_id": "{ada}"}, status: 401, code: codeUnauthorized},
		{name: "dump of the owner", as: "ada", method: post, path: "/v1/dump_data", body: map[string]string{"data_type": "experiment_parameters", "experiment_id": e.adaStudy}, status: 200, has: []string{"Ada's feed study"}},
		{name: "dump of a collaborator", as: "grace", method: post, path: "/v1/dump_data", body: map[string]string{"data_type": "engagement", "experiment_id": e.adaStudy}, status: 200, has: []string{"time_stamp,"}},
		{name: "dump of an ownerless study", as: "linus", method: post, path: "/v1/dump_data", body: map[string]string{"data_type": "experiment_parameters", "experiment_id": "fl-open"}, status: 200, has: []string{"condition,param,value"}},
		{name: "a stimulus set is the lab's", as: "linus", method: post, path: "/v1/dump_data", body: map[string]string{"data_type": "stimulus_set", "stimulus_set": demo.SetName}, status: 200, has: []string{"entity_id"}},
	})
}

// TestDumpDataOfAnotherResearchersStudyIs404 checks every study export type: a stranger
// gets the same 404 as for an unknown id, and not one byte of the data.
func TestDumpDataOfAnotherResearchersStudyIs404(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	r := e.post("/v1/load_experiment", map[string]any{"user_id": "p1", "experiment_id": e.adaStudy, "query_params": map[string]string{"PROLIFIC_PID": "secret-pid"}})
	if r.status != 200 {
		t.Fatalf("load: %d %s", r.status, r.body)
	}
	unknown := e.call(e.as["linus"], http.MethodPost, "/v1/dump_data", map[string]string{"data_type": "engagement", "experiment_id": "fl-nothere"}, "application/json")
	for _, typ := range []string{"engagement", "user_form", "entity_info", "experiment_parameters", "inventory"} {
		for _, key := range []string{"experiment_id", "idName"} {
			r := e.call(e.as["linus"], http.MethodPost, "/v1/dump_data", map[string]string{"data_type": typ, key: e.adaStudy}, "application/json")
			if r.status != 404 || errorCode(r) != codeNotFound || r.json["error"].(map[string]any)["message"] != unknown.json["error"].(map[string]any)["message"] {
				t.Fatalf("%s by %s: %d %s", typ, key, r.status, r.body)
			}
			for _, leak := range []string{"secret-pid", "Ada's", "solarflare_demo", "p1"} {
				if strings.Contains(string(r.body), leak) {
					t.Fatalf("%s: the answer holds %q: %s", typ, leak, r.body)
				}
			}
			if strings.HasPrefix(r.header.Get("Content-Type"), "text/csv") || r.header.Get("Content-Disposition") != "" {
				t.Fatalf("%s: download headers on a refusal: %v", typ, r.header)
			}
		}
	}
	if r := e.call(e.as["grace"], http.MethodPost, "/v1/dump_data", map[string]string{"data_type": "user_form", "experiment_id": e.adaStudy}, "application/json"); r.status != 200 || !strings.Contains(string(r.body), "secret-pid") {
		t.Fatalf("collaborator's user_form: %d %s", r.status, r.body)
	}
}

func TestAuthStatusBeforeAnyAccount(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	if r := e.call(nil, http.MethodGet, "/v1/auth/status", nil, ""); r.status != 200 || string(mustJSON(data(r))) != `{"accounts_exist":false}` {
		t.Fatalf("%d %s", r.status, r.body)
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

func TestThrottledSignInSaysWhenToRetry(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.signIn("ada")
	// Five failures cost nothing; then the account waits a second after the latest (and
	// twice as long after each further failure, auth.Backoff).
	for i := 0; i < accountFreeFails; i++ {
		e.post("/v1/auth/login", map[string]string{"name": "ada", "password": "wrong password!"})
	}
	r := e.post("/v1/auth/login", map[string]string{"name": "ada", "password": "a long enough password"})
	if r.status != 429 || errorCode(r) != codeRateLimited {
		t.Fatalf("%d %s", r.status, r.body)
	}
	errObj := r.json["error"].(map[string]any)
	secs, err := strconv.Atoi(r.header.Get("Retry-After"))
	if err != nil || secs != 1 || errObj["retry_after"] != float64(secs) {
		t.Fatalf("Retry-After %q, retry_after %v", r.header.Get("Retry-After"), errObj["retry_after"])
	}
	if errObj["message"] != "Too many failed sign-ins for this name; wait 1 second and try again. A browser you signed in with before is not held up." {
		t.Fatalf("message %q", errObj["message"])
	}
}

// TestSpawnMakesTheResearcherTheOwner also checks the title stays away from participants.
func TestSpawnMakesTheResearcherTheOwner(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	a, err := e.store.StudyAccess(context.Background(), mustResearcher(t, e.store, "ada").ID, e.adaStudy)
	if err != nil || a != store.AccessOwner {
		t.Fatalf("ada's access %v %v", a, err)
	}
	r := e.post("/v1/load_experiment", map[string]any{"user_id": "p1", "experiment_id": e.adaStudy})
	if r.status != 200 || strings.Contains(string(r.body), "Ada's feed study") || strings.Contains(string(r.body), `title`) {
		t.Fatalf("a participant received the title: %s", r.body)
	}
}

func mustResearcher(t *testing.T, st *store.Store, name string) store.Researcher {
	t.Helper()
	r, _, err := st.ResearcherPasswordHash(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
