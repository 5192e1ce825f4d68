package api

import (
	"archive/zip"
	"bytes"
	"net/http"
	"strings"
	"testing"
)

// The derived exports, their codebooks and the study bundle, through the researcher API
// with its access rules.
func TestDerivedExportsCodebooksAndBundles(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	get, post := http.MethodGet, http.MethodPost
	if r := e.post("/v1/load_experiment", map[string]any{"user_id": "p1", "experiment_id": e.adaStudy, "query_params": map[string]string{"PROLIFIC_PID": "pid-1"}}); r.status != 200 {
		t.Fatalf("load: %d %s", r.status, r.body)
	}
	dump := func(body map[string]any) map[string]any {
		body["experiment_id"] = e.adaStudy
		return body
	}
	e.run(t, []scenario{
		{name: "participants", as: "grace", method: post, path: "/v1/dump_data", body: dump(map[string]any{"data_type": "participants"}), status: 200,
			has: []string{"user_id,experiment_id,condition,stage", "platform_PROLIFIC_PID", "p1,{ada},", "pid-1"}},
		{name: "exposures", as: "ada", method: post, path: "/v1/dump_data", body: dump(map[string]any{"data_type": "exposures", "dwell_cap_ms": 30000, "dwell_floor_ms": 250, "trim": 1, "saw_every_card": false}), status: 200,
			has: []string{"user_id,experiment_id,condition,item_order,entity_id", "p1,{ada},"}},
		{name: "cleaning of another type", as: "ada", method: post, path: "/v1/dump_data", body: dump(map[string]any{"data_type": "engagement", "trim": 3}), status: 400,
			has: []string{"apply to the exposures export only"}},
		{name: "cap below floor", as: "ada", method: post, path: "/v1/dump_data", body: dump(map[string]any{"data_type": "exposures", "dwell_cap_ms": 100, "dwell_floor_ms": 250}), status: 400,
			has: []string{"must be above the dwell floor"}},
		{name: "a cleaning value of the wrong type", as: "ada", method: post, path: "/v1/dump_data", body: dump(map[string]any{"data_type": "exposures", "trim": "three"}), status: 400},
		{name: "codebook", as: "ada", method: post, path: "/v1/dump_data", body: dump(map[string]any{"data_type": "exposures", "codebook": true, "dwell_cap_ms": 30000}), status: 200,
			has: []string{"# Codebook: exposures export of {ada}", "| dwell_cap_ms | 30000 ms", "| dwell_ms | integer | ms |"},
			check: func(t *testing.T, r response) {
				if r.header.Get("Content-Type") != "text/markdown; charset=utf-8" || !strings.Contains(r.header.Get("Content-Disposition"), "_exposures_codebook.md") {
					t.Errorf("codebook headers %v", r.header)
				}
			}},
		{name: "codebook of a stranger's study", as: "linus", method: post, path: "/v1/dump_data", body: dump(map[string]any{"data_type": "user_form", "codebook": true}), status: 404,
			hasNot: []string{"Codebook"}},
		{name: "bundle signed out", method: get, path: "/v1/studies/{ada}/bundle.zip", status: 401},
		{name: "bundle of a stranger's study", as: "linus", method: get, path: "/v1/studies/{ada}/bundle.zip", status: 404, code: codeNotFound},
		{name: "bundle of an unknown study", as: "linus", method: get, path: "/v1/studies/fl-nothere/bundle.zip", status: 404, code: codeNotFound},
		{name: "bundle of a collaborator", as: "grace", method: get, path: "/v1/studies/{ada}/bundle.zip", status: 200, check: func(t *testing.T, r response) {
			zr, err := zip.NewReader(bytes.NewReader(r.body), int64(len(r.body)))
			if err != nil {
				t.Fatalf("not a zip: %v", err)
			}
			names := map[string]bool{}
			for _, f := range zr.File {
				names[f.Name] = true
			}
			for _, n := range []string{"manifest.json", "params.csv", "sets/solarflare_demo.tsv", "codebooks/participants.md"} {
				if !names[n] {
					t.Errorf("bundle lacks %s: %v", n, names)
				}
			}
			if r.header.Get("Content-Type") != "application/zip" {
				t.Errorf("headers %v", r.header)
			}
		}},
	})
}

// A bundle downloaded by one researcher and uploaded by another recreates the study for
// the second (the wizard's Start from a file with a .zip); a damaged bundle changes nothing.
func TestImportStudyFromAnUploadedBundle(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	zipped := e.call(e.as["ada"], http.MethodGet, "/v1/studies/"+e.adaStudy+"/bundle.zip", nil, "")
	if zipped.status != 200 {
		t.Fatalf("bundle: %d %s", zipped.status, zipped.body)
	}
	if r := e.call(nil, http.MethodPost, "/v1/import_study", string(zipped.body), "application/zip"); r.status != 401 {
		t.Fatalf("signed out: %d", r.status)
	}
	r := e.call(e.as["linus"], http.MethodPost, "/v1/import_study", string(zipped.body), "application/zip")
	if r.status != 200 {
		t.Fatalf("import: %d %s", r.status, r.body)
	}
	d := data(r)
	id, _ := d["experiment_id"].(string)
	if id == "" || id == e.adaStudy || len(d["sets_reused"].([]any)) != 1 || len(d["sets_created"].([]any)) != 0 {
		t.Fatalf("import answered %v", d)
	}
	// Linus owns the copy, with Ada's parameters.
	if g := e.call(e.as["linus"], http.MethodGet, "/v1/studies/"+id, nil, ""); g.status != 200 || !strings.Contains(string(g.body), "Ada's feed study") {
		t.Fatalf("the imported study: %d %s", g.status, g.body)
	}
	if g := e.call(e.as["grace"], http.MethodGet, "/v1/studies/"+id, nil, ""); g.status != 404 {
		t.Fatalf("grace sees linus's copy: %d", g.status)
	}
	before, _ := e.store.VisibleStudies(t.Context(), 0)
	bad := e.call(e.as["linus"], http.MethodPost, "/v1/import_study", "PK not a zip", "application/zip")
	if bad.status != 400 || !strings.Contains(string(bad.body), "nothing was imported") {
		t.Fatalf("damaged bundle: %d %s", bad.status, bad.body)
	}
	if after, _ := e.store.VisibleStudies(t.Context(), 0); len(after) != len(before) {
		t.Fatalf("a damaged bundle made a study")
	}
}

// FuzzDumpDataOptions sends arbitrary dump_data bodies (types, cleaning options, codebook):
// never a 5xx; a success is a CSV or a codebook, a refusal JSON.
func FuzzDumpDataOptions(f *testing.F) {
	e := newConsoleEnv(f)
	for _, s := range []string{
		`{"data_type":"exposures","experiment_id":"solarflare","dwell_cap_ms":30000,"dwell_floor_ms":250,"trim":3,"saw_every_card":true}`,
		`{"data_type":"participants","idName":"solarflare","codebook":true}`,
		`{"data_type":"exposures","experiment_id":"solarflare","dwell_cap_ms":-1}`,
		`{"data_type":"exposures","experiment_id":"solarflare","trim":1e99}`,
		`{"data_type":"stimulus_set","stimulus_set":"solarflare_demo","codebook":true,"raw":true}`,
		`{"data_type":"engagement","experiment_id":"solarflare","trim":"x"}`,
	} {
		f.Add([]byte(s))
	}
	ada := e.as["ada"]
	f.Fuzz(func(t *testing.T, body []byte) {
		req, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/v1/dump_data", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		res, err := ada.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		ct := res.Header.Get("Content-Type")
		switch {
		case res.StatusCode >= 500:
			t.Fatalf("%q: status %d", body, res.StatusCode)
		case res.StatusCode == 200 && ct != "text/csv; charset=utf-8" && ct != "text/markdown; charset=utf-8":
			t.Fatalf("%q: 200 with %q", body, ct)
		case res.StatusCode != 200 && ct != "application/json; charset=utf-8":
			t.Fatalf("%q: %d with %q", body, res.StatusCode, ct)
		}
	})
}
