package api

import (
	"net/http"
	"strings"
	"testing"
)

// A page opened as a preview, with no study, receives a built-in's definition from the
// server as a participant would (texts rendered), without a sign-in; an unknown name is a
// 404 in words, never a 500.
func TestBuiltinQuestionnaireIsServedForPreviews(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.call(nil, http.MethodGet, "/v1/questionnaires/crt", nil, "")
	if r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	q, _ := data(r)["questionnaire"].(map[string]any)
	if q["name"] != "crt" || q["title"] != "Word problems" {
		t.Fatalf("crt answered as %v", q)
	}
	item := q["pages"].([]any)[0].(map[string]any)["items"].([]any)[0].(map[string]any)
	if item["id"] != "crt_mark-adam-28" || !strings.Contains(item["text_html"].(string), "Mark and Adam") || item["help_html"] != "Enter just a number" {
		t.Errorf("first item %v", item)
	}
	for _, name := range []string{"custom-msg", "nope", "CRT"} {
		if r := e.call(nil, http.MethodGet, "/v1/questionnaires/"+name, nil, ""); r.status != 404 || errorCode(r) != codeNotFound || !strings.Contains(string(r.body), "no built-in questionnaire called") {
			t.Errorf("%s: %d %s", name, r.status, r.body)
		}
	}
}
