package api

import (
	"net/http"
	"testing"
)

// The upload's refusal lists every bad row, each by its record number, so the upload page
// can show them all in the researcher's numbering.
func TestIngestRefusalListsEveryBadRow(t *testing.T) {
	e := newEnv(t)
	c := e.researcher()
	rec := func(src, file string) map[string]string {
		return map[string]string{"source_url": src, "filename": file, "retrieve_date": "2026-01-01", "entity_type": "image", "entity_url": src}
	}
	body := map[string]any{"entity_set_settings": map[string]any{"setname": "rows", "category": "news", "covariates": []any{
		rec("https://example.org/a", "a.png"), rec("not a url", "b.png"), rec("https://example.org/c", ""), rec("https://example.org/d", "d.png"),
	}}}
	r := e.call(c, http.MethodPost, "/v1/ingest_entity_set", body, "application/json")
	if r.status != 400 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	got, _ := r.json["error"].(map[string]any)["row_problems"].([]any)
	if len(got) != 2 {
		t.Fatalf("row_problems: %s", r.body)
	}
	if s := got[0].(string); s[:9] != "record 2:" {
		t.Errorf("first: %q", s)
	}
	if s := got[1].(string); s != "record 3: column filename is empty" {
		t.Errorf("second: %q", s)
	}
}
