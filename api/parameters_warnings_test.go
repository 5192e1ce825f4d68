package api

import (
	"net/http"
	"strings"
	"testing"
)

// TestCheckAndSpawnAnswerWarnings: settings that can have no effect are answered as
// warnings beside the rows (check_parameters) and the new id (spawn_experiment); the
// study is still valid and created as written.
func TestCheckAndSpawnAnswerWarnings(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.researcher()
	rows := []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": `[{"entity_set":"solarflare_demo","number_to_show":3}]`},
		{"condition": 1, "param": "custom-msg", "value": "You%20were%20deceived."},
		{"condition": 1, "param": "completion-code", "value": "ABC"},
	}
	for _, path := range []string{"/v1/check_parameters", "/v1/spawn_experiment"} {
		r := e.call(c, http.MethodPost, path, map[string]any{"condition_settings": rows}, "application/json")
		if r.status != 200 {
			t.Fatalf("%s: %d %s", path, r.status, r.body)
		}
		ws, _ := r.json["data"].(map[string]any)["warnings"].([]any)
		var params []string
		for _, w := range ws {
			m := w.(map[string]any)
			params = append(params, m["param"].(string))
			if m["condition"].(float64) != 1 || !strings.Contains(m["message"].(string), "no effect") {
				t.Errorf("%s: warning %v", path, m)
			}
		}
		if strings.Join(params, ",") != "custom-msg,completion-code" {
			t.Errorf("%s: warnings about %v, want custom-msg and completion-code", path, params)
		}
	}
	// A study without such settings answers an empty list, not null.
	r := e.call(c, http.MethodPost, "/v1/check_parameters", map[string]any{"condition_settings": rows[:1]}, "application/json")
	if !strings.Contains(string(r.body), `"warnings":[]`) {
		t.Fatalf("no warnings: %s", r.body)
	}
}
