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
	if data(r)["language"] != "en" {
		t.Errorf("served in %v, want en", data(r)["language"])
	}
	for _, name := range []string{"custom-msg", "nope", "CRT"} {
		if r := e.call(nil, http.MethodGet, "/v1/questionnaires/"+name, nil, ""); r.status != 404 || errorCode(r) != codeNotFound || !strings.Contains(string(r.body), "no built-in questionnaire called") {
			t.Errorf("%s: %d %s", name, r.status, r.body)
		}
	}
}

// ?language= previews a built-in as that language's participants receive it: feedlab's
// translation (es-MX reads es), or English for a language without one, an invalid tag or
// none, with language naming what was served.
func TestBuiltinQuestionnairePreviewInALanguage(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for query, want := range map[string][2]string{
		"?language=es":      {"es", "Preguntas finales"},
		"?language=es-MX":   {"es", "Preguntas finales"},
		"?language=he":      {"en", "Final questions"},
		"?language=%3Cx%3E": {"en", "Final questions"},
		"":                  {"en", "Final questions"},
	} {
		r := e.call(nil, http.MethodGet, "/v1/questionnaires/final"+query, nil, "")
		if r.status != 200 {
			t.Errorf("%s: %d %s", query, r.status, r.body)
			continue
		}
		q, _ := data(r)["questionnaire"].(map[string]any)
		if data(r)["language"] != want[0] || q["title"] != want[1] {
			t.Errorf("final%s served in %v as %q, want %s %q", query, data(r)["language"], q["title"], want[0], want[1])
			continue
		}
		// The participant's texts are rendered in the language served.
		item := q["pages"].([]any)[0].(map[string]any)["items"].([]any)[0].(map[string]any)
		if want[0] == "es" && (item["id"] != "random" || !strings.Contains(item["text_html"].(string), "¿Respondiste al azar")) {
			t.Errorf("final%s: first item %v", query, item)
		}
	}
	if r := e.call(nil, http.MethodGet, "/v1/questionnaires/nope?language=es", nil, ""); r.status != 404 || errorCode(r) != codeNotFound {
		t.Errorf("an unknown name in Spanish: %d %s", r.status, r.body)
	}
}
