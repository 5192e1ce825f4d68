package study

import (
	"testing"

	"feedlab/params"
)

// A participant's browser receives their condition's language and the study's own texts
// for that language only; an English condition without own texts receives neither.
func TestParticipantsReceiveTheirLanguageAndItsOwnTexts(t *testing.T) {
	t.Parallel()
	sets := func(string) (int, bool) { return 5, true }
	texts := `{"es":{"feed.submit":"Ir al cuestionario"},"de":{"feed.submit":"Weiter zum Fragebogen"}}`
	s, err := params.Validate([]params.Row{
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"x"}]`}, {Condition: 1, Param: "language", Value: "es"}, {Condition: 1, Param: "translations", Value: texts},
		{Condition: 2, Param: "entity_sets", Value: `[{"entity_set":"x"}]`},
	}, sets)
	if err != nil {
		t.Fatal(err)
	}
	sent := func(c params.Condition) map[string]string {
		got := map[string]string{}
		for _, p := range participantParameters(s, c) {
			if p.Param == "language" || p.Param == "translations" {
				got[p.Param] = p.Value
			}
		}
		return got
	}
	if got := sent(s.Conditions[0]); got["language"] != "es" || got["translations"] != `{"feed.submit":"Ir al cuestionario"}` {
		t.Errorf("the Spanish condition's browser gets %v", got)
	}
	if got := sent(s.Conditions[1]); len(got) != 0 {
		t.Errorf("the English condition's browser gets %v, want neither language nor translations", got)
	}
}
