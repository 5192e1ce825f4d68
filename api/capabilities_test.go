package api

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"feedlab/export"
	"feedlab/params"
	qdef "feedlab/questionnaire"
	"feedlab/reconcile"
)

// TestEveryTableEntryIsWired: each entry of the platform, questionnaire, export-type and
// algorithm tables is offered by /v1/capabilities and accepted where a study or a download
// uses it (check_parameters through the real router, the reconciliation reader), so an
// entry added to a table cannot be half-wired.
func TestEveryTableEntryIsWired(t *testing.T) {
	e := newEnv(t)
	ada := e.researcher()
	caps := e.call(ada, http.MethodGet, "/v1/capabilities", nil, "")
	if caps.status != 200 {
		t.Fatalf("capabilities: %d %s", caps.status, caps.body)
	}
	data := caps.json["data"].(map[string]any)
	offered := func(key string) map[string]map[string]any {
		out := map[string]map[string]any{}
		for _, o := range data[key].([]any) {
			m := o.(map[string]any)
			out[m["name"].(string)] = m
		}
		return out
	}
	check := func(extra ...map[string]any) response {
		rows := append([]map[string]any{{"condition": 1, "param": "entity_sets", "value": `[{"entity_set":"solarflare_demo"}]`}}, extra...)
		return e.call(ada, http.MethodPost, "/v1/check_parameters", map[string]any{"condition_settings": rows}, "application/json")
	}
	row := func(param, value string) map[string]any {
		return map[string]any{"condition": 1, "param": param, "value": value}
	}

	platforms := offered("platforms")
	for _, p := range params.Platforms() {
		if platforms[p.Name] == nil || platforms[p.Name]["title"] != p.Title {
			t.Errorf("platform %q: capabilities offer %v", p.Name, platforms[p.Name])
		}
		value := p.Name
		if value == "" {
			value = "none"
		}
		switch {
		case p.NeedsRedirect:
			if r := check(row("platform", value)); r.status != 400 || !strings.Contains(string(r.body), "redirect URL is required") {
				t.Errorf("platform %s without its redirect URL: %d %s", value, r.status, r.body)
			}
			if r := check(row("platform", value), row("redirect-url", url.PathEscape("https://example.org/done?cc=1"))); r.status != 200 {
				t.Errorf("platform %s with a redirect URL: %d %s", value, r.status, r.body)
			}
		case p.CompletionCode:
			if r := check(row("platform", value), row("completion-code", "C0DE")); r.status != 200 || !strings.Contains(string(r.body), `"param":"completion-code","value":"C0DE"`) {
				t.Errorf("platform %s with a completion code: %d %s", value, r.status, r.body)
			}
		default:
			if r := check(row("platform", value)); r.status != 200 {
				t.Errorf("platform %s: %d %s", value, r.status, r.body)
			}
		}
		// Reconciliation reads the lists of exactly the platforms with a format, matched
		// on their id parameters.
		table, err := reconcile.Read(strings.NewReader("person-1\n"), p.Name, "")
		switch {
		case p.Reconcile == "" && p.Name != "" && err == nil:
			t.Errorf("platform %s has no reconcile format, yet its list is read", p.Name)
		case p.Reconcile != "" && err != nil:
			t.Errorf("platform %s: reconcile: %v", p.Name, err)
		case p.Reconcile != "":
			for _, id := range p.IDParams {
				res := reconcile.ClassifyStudy(table, []reconcile.Participant{{UserID: "u", PlatformIDs: map[string]string{id: "person-1"}, StartedAt: 1}}, nil)
				if res.Lines[0].UserID != "u" {
					t.Errorf("platform %s: a participant arriving with %s=person-1 is not matched: %+v", p.Name, id, res.Lines[0])
				}
			}
		}
	}

	forms := offered("questionnaires")
	for _, q := range params.Questionnaires() {
		if forms[q.Name] == nil || forms[q.Name]["title"] != q.Title {
			t.Errorf("questionnaire %s: capabilities offer %v", q.Name, forms[q.Name])
		}
		if r := check(row("forms", `["`+q.Name+`"]`)); r.status != 200 {
			t.Errorf("questionnaire %s: %d %s", q.Name, r.status, r.body)
		}
	}

	types := offered("export_types")
	for _, typ := range export.TypeTable() {
		if types[typ.Name] == nil || types[typ.Name]["title"] != typ.Title {
			t.Errorf("export type %s: capabilities offer %v", typ.Name, types[typ.Name])
		}
	}

	algorithms := offered("algorithms")
	for _, a := range params.Algorithms() {
		got := algorithms[a.Name]
		if got == nil || got["title"] != a.Title || a.Summary == "" || got["summary"] != a.Summary {
			t.Errorf("algorithm %s: capabilities offer %v", a.Name, got)
		}
	}
	if len(algorithms) != len(params.Algorithms()) || len(platforms) != len(params.Platforms()) || len(forms) != len(params.Questionnaires()) || len(types) != len(export.TypeTable()) {
		t.Errorf("capabilities offer %d algorithms, %d platforms, %d questionnaires, %d export types", len(algorithms), len(platforms), len(forms), len(types))
	}
}

// TestBuiltinDefinitionsStartAQuestionnaire: /v1/capabilities offers every built-in's
// definition, and each, given a name of its own as the wizard's "Start from a built-in"
// does, is a custom questionnaire check_parameters accepts.
func TestBuiltinDefinitionsStartAQuestionnaire(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ada := e.researcher()
	caps := e.call(ada, http.MethodGet, "/v1/capabilities", nil, "")
	if caps.status != 200 {
		t.Fatalf("capabilities: %d %s", caps.status, caps.body)
	}
	defs, _ := caps.json["data"].(map[string]any)["questionnaire_definitions"].([]any)
	if len(defs) != len(qdef.Builtins()) {
		t.Fatalf("capabilities offer %d definitions, there are %d built-ins", len(defs), len(qdef.Builtins()))
	}
	for _, d := range defs {
		q := d.(map[string]any)
		name := q["name"].(string)
		q["name"] = "my_" + name
		list, _ := json.Marshal([]any{q})
		rows := []map[string]any{
			{"condition": 1, "param": "entity_sets", "value": `[{"entity_set":"solarflare_demo"}]`},
			{"condition": 1, "param": "questionnaires", "value": string(list)},
			{"condition": 1, "param": "forms", "value": `["my_` + name + `"]`},
		}
		r := e.call(ada, http.MethodPost, "/v1/check_parameters", map[string]any{"condition_settings": rows}, "application/json")
		if r.status != 200 {
			t.Errorf("built-in %s as my_%s: %d %s", name, name, r.status, r.body)
		}
	}
}
