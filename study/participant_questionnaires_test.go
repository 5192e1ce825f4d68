package study

import (
	"encoding/json"
	"testing"

	"feedlab/params"
)

// A participant's browser receives the definitions of the custom questionnaires its
// condition names, and only those.
func TestParticipantsReceiveTheirConditionsCustomQuestionnaires(t *testing.T) {
	t.Parallel()
	q := func(name string) string {
		return `{"name":"` + name + `","title":"T","pages":[{"items":[{"id":"a","type":"text","text":"Why?"}]}]}`
	}
	sets := func(string) (int, bool) { return 5, true }
	s, err := params.Validate([]params.Row{
		{Condition: 1, Param: "questionnaires", Value: "[" + q("before") + "," + q("after") + "," + q("unused") + "]"},
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"x"}]`},
		{Condition: 1, Param: "forms", Value: `["after","crt"]`},
		{Condition: 1, Param: "forms-before", Value: `["before"]`},
		{Condition: 2, Param: "entity_sets", Value: `[{"entity_set":"x"}]`},
		{Condition: 2, Param: "forms", Value: `["crt"]`},
	}, sets)
	if err != nil {
		t.Fatal(err)
	}
	sent := func(c params.Condition) []string {
		var names []string
		for _, p := range participantParameters(s, c) {
			if p.Param != "questionnaires" {
				continue
			}
			var list []struct{ Name string }
			if err := json.Unmarshal([]byte(p.Value), &list); err != nil {
				t.Fatal(err)
			}
			for _, q := range list {
				names = append(names, q.Name)
			}
		}
		return names
	}
	if got := sent(s.Conditions[0]); len(got) != 2 || got[0] != "before" || got[1] != "after" {
		t.Errorf("condition 1 receives %v, want [before after]", got)
	}
	if got := sent(s.Conditions[1]); got != nil {
		t.Errorf("condition 2 receives %v, want none", got)
	}
}
