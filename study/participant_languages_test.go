package study

import (
	"encoding/json"
	"slices"
	"strings"
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

// A built-in questionnaire reaches a condition's participants in its language when feedlab
// has it translated (es-MX reads the es file), in English otherwise (Hebrew, English), with
// the same ids and values, so that answers are stored as in English; the study's own
// questionnaire is sent as written.
func TestParticipantsReceiveTheBuiltinsInTheirLanguage(t *testing.T) {
	t.Parallel()
	sets := func(string) (int, bool) { return 5, true }
	var rows []params.Row
	for c, lang := range []string{"es-MX", "he", "en"} {
		rows = append(rows, params.Row{Condition: c + 1, Param: "entity_sets", Value: `[{"entity_set":"x"}]`},
			params.Row{Condition: c + 1, Param: "language", Value: lang}, params.Row{Condition: c + 1, Param: "forms", Value: `["mine","final"]`})
	}
	rows = append(rows, params.Row{Condition: 1, Param: "questionnaires", Value: `[{"name":"mine","title":"Lo mío","pages":[{"items":[{"id":"a","type":"text","text":"¿Por qué?"}]}]}]`})
	s, err := params.Validate(rows, sets)
	if err != nil {
		t.Fatal(err)
	}
	d := &Definition{ExperimentID: "x", Study: s}
	type option struct{ Value, Label string }
	type def struct {
		Name, Title string
		Pages       []struct {
			Items []struct {
				ID      string
				Text    string
				Options []option
			}
		}
	}
	sent := func(n int) map[string]def {
		out := map[string]def{}
		for _, p := range d.participantParameters(d.Condition(n)) {
			if p.Param != "questionnaires" {
				continue
			}
			var list []def
			if err := json.Unmarshal([]byte(p.Value), &list); err != nil {
				t.Fatal(err)
			}
			for _, q := range list {
				out[q.Name] = q
			}
		}
		return out
	}
	for n, want := range map[int]string{1: "Preguntas finales", 2: "Final questions", 3: "Final questions"} {
		got := sent(n)
		final := got["final"]
		if final.Title != want || got["mine"].Title != "Lo mío" {
			t.Errorf("condition %d receives final as %q and mine as %q, want %q", n, final.Title, got["mine"].Title, want)
			continue
		}
		yes := map[int]string{1: "Sí", 2: "Yes", 3: "Yes"}[n]
		random := final.Pages[0].Items[0]
		if random.ID != "random" || !slices.Equal(random.Options, []option{{"no", "No"}, {"yes", yes}}) {
			t.Errorf("condition %d: final's first item %+v", n, random)
		}
	}
}

// A Spanish condition whose consent and instructions are "default" and whose intervention
// shows its type's built-in text reads all three in Spanish, and the hash its browser
// records with the intervention is that of the Spanish text; an English condition keeps
// the English texts and their hash.
func TestASpanishConditionShowsTheSpanishDefaultTexts(t *testing.T) {
	t.Parallel()
	sets := func(string) (int, bool) { return 5, true }
	var rows []params.Row
	for c, lang := range map[int]string{1: "es", 2: "en"} {
		rows = append(rows, params.Row{Condition: c, Param: "entity_sets", Value: `[{"entity_set":"x"}]`}, params.Row{Condition: c, Param: "language", Value: lang},
			params.Row{Condition: c, Param: "consent", Value: "default"}, params.Row{Condition: c, Param: "instruct", Value: "default"}, params.Row{Condition: c, Param: "intervention-type", Value: "importance"})
	}
	s, err := params.Validate(rows, sets)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []struct{ consent, instruct, intervention, hashOf string }{
		{"Consentimiento para participar</h2>", "Instrucciones</h2>", "La exactitud importa</h2>", params.DefaultText("importance", "es")},
		{"Consent to take part</h2>", "Instructions</h2>", "Accuracy matters</h2>", params.DefaultInterventionText("importance")},
	} {
		c := s.Conditions[i]
		texts, err := Texts(c)
		if err != nil {
			t.Fatal(err)
		}
		for name, w := range map[string]string{"consent": want.consent, "instruct": want.instruct, "intervention": want.intervention} {
			if !strings.Contains(texts[name], w) {
				t.Errorf("condition %d (%s) %s = %.80q…, want %q", i+1, c.LanguageTag(), name, texts[name], w)
			}
		}
		got := map[string]string{}
		for _, p := range participantParameters(s, c) {
			got[p.Param] = p.Value
		}
		if got[InterventionTextHashParam] != params.TextHash(want.hashOf) {
			t.Errorf("condition %d (%s) records the intervention hash %s, want the shown text's %s", i+1, c.LanguageTag(), got[InterventionTextHashParam], params.TextHash(want.hashOf))
		}
	}
	if params.DefaultText("importance", "es") == params.DefaultInterventionText("importance") {
		t.Error("the Spanish importance text is the English one")
	}
}
