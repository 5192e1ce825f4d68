package study

import (
	"encoding/json"
	"slices"
	"testing"

	"feedlab/params"
	"feedlab/store"
)

// A participant's browser receives the definitions of the questionnaires its condition
// names, custom and built-in alike, and only those.
func TestParticipantsReceiveTheirConditionsQuestionnaires(t *testing.T) {
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
	// Through the study's definition, which builds each condition's list once and keeps it:
	// asked for condition 1, 2 and 1 again, each gets its own.
	d := &Definition{ExperimentID: "x", Study: s}
	sent := func(n int) []string {
		var names []string
		for _, p := range d.participantParameters(d.Condition(n)) {
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
	for _, n := range []int{1, 2, 1} {
		want := map[int][]string{1: {"before", "after", "crt"}, 2: {"crt"}}[n]
		if got := sent(n); !slices.Equal(got, want) {
			t.Errorf("condition %d receives %v, want %v", n, got, want)
		}
	}
}

// A custom attention item answered otherwise than its expect ends the session at the
// quality-terminate link, as the ac form's check does; answered right, it does not.
func TestCustomAttentionItemFails(t *testing.T) {
	t.Parallel()
	s, err := params.Validate([]params.Row{
		{Condition: 1, Param: "questionnaires", Value: `[{"name":"check","title":"T","pages":[{"items":[{"id":"colour","type":"attention","text":"Pick blue","options":[{"value":"red","label":"Red"},{"value":"dark blue","label":"Blue"}],"expect":"dark blue"}]}]}]`},
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"x"}]`},
		{Condition: 1, Param: "forms", Value: `["check"]`},
		{Condition: 1, Param: "attention-fail-exit", Value: "quality-terminate"},
		{Condition: 1, Param: "redirect-url-quality", Value: "https://example.org/q"},
	}, func(string) (int, bool) { return 5, true })
	if err != nil {
		t.Fatal(err)
	}
	d := &Definition{ExperimentID: "fl-x", Study: s}
	p := store.Participant{Condition: 1}
	if !d.AsksAttention(map[string]string{"colour": "red"}) || d.AsksAttention(map[string]string{"other": "x"}) {
		t.Error("AsksAttention")
	}
	if !d.AttentionFailed(p, map[string]string{"colour": "red"}) {
		t.Error("a wrong answer passed")
	}
	if d.AttentionFailed(p, map[string]string{"colour": "dark%20blue"}) {
		t.Error("the expected answer (URL-encoded as sent) failed")
	}
}
