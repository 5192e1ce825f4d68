package export

import (
	"encoding/json"
	"slices"
	"sync"

	"feedlab/frontend"
	"feedlab/store"
)

// Questionnaire is one questionnaire page as the participant app defines it
// (frontend/questionnaires.json, generated from the TypeScript definitions).
type Questionnaire struct {
	Name    string   `json:"name"`
	Title   string   `json:"title"`
	Fields  []QField `json:"fields"`
	Discard []string `json:"discard"`
	// Custom: one of the study's own questionnaires (custom_questionnaires.go).
	Custom bool `json:"-"`
}

// QField is one question: its answer field name, kind, text and options.
type QField struct {
	Name     string    `json:"name"`
	Kind     string    `json:"kind"` // radio, checkbox, number, text, slider
	Question string    `json:"question"`
	Required bool      `json:"required"`
	Options  []QOption `json:"options"`
	Format   string    `json:"format"` // number fields: integer or decimal
	Min      *float64  `json:"min"`
	Max      *float64  `json:"max"`
	Step     *float64  `json:"step"`
	Unit     string    `json:"unit"`
	// A custom questionnaire's field also says its scale or range, when it is shown and,
	// for a cards item's question, how the cards were chosen.
	Scale  string `json:"-"`
	ShowIf string `json:"-"`
	Cards  string `json:"-"`
}

// QOption is one choice: the value saved and the text the participant reads.
type QOption struct {
	Value string `json:"value"`
	Text  string `json:"text"`
}

// Questionnaires returns every questionnaire definition, in the participant app's order.
var Questionnaires = sync.OnceValue(func() []Questionnaire {
	var f struct {
		Questionnaires []Questionnaire `json:"questionnaires"`
	}
	if err := json.Unmarshal(frontend.QuestionnairesJSON, &f); err != nil {
		panic("export: frontend/questionnaires.json: " + err.Error()) // embedded; a test reads it
	}
	return f.Questionnaires
})

// saved reports whether a field's answer is written (not discarded by its page).
func (q Questionnaire) saved(field string) bool {
	return !slices.Contains(q.Discard, field)
}

// studyForms returns the questionnaires a study's forms and forms-before parameters name,
// built-in and custom, in first-seen order (conditions may differ).
func studyForms(ps []store.Param) []Questionnaire {
	var names []string
	for _, p := range ps {
		if p.Param != "forms" && p.Param != "forms-before" {
			continue
		}
		var list []string
		_ = json.Unmarshal([]byte(p.Value), &list) // validated when the study was created
		for _, n := range list {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	custom := customQuestionnaires(ps)
	var out []Questionnaire
	for _, n := range names {
		for _, q := range Questionnaires() {
			if q.Name == n {
				out = append(out, q)
			}
		}
		for _, q := range custom {
			if q.Name == n {
				out = append(out, customForm(q))
			}
		}
	}
	return out
}
