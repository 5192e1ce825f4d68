package export

import (
	"encoding/json"
	"slices"
	"sync"

	cq "feedlab/questionnaire"
	"feedlab/store"
)

// Questionnaire is one questionnaire as the codebooks and the participants export list
// it: a built-in (package questionnaire's builtins/, in the shape the codebooks have always
// written) or, Custom, one of the study's own.
type Questionnaire struct {
	Name    string
	Title   string
	Fields  []QField
	Discard []string // asked but not stored (an item with save false)
	// Custom: one of the study's own questionnaires (custom_questionnaires.go).
	Custom bool
	// Translations: a built-in's translations that some of the study's conditions
	// received (codebook_translations.go).
	Translations []Translation
}

// QField is one question: its answer field name, kind, text and options.
type QField struct {
	Name     string
	Kind     string // built-ins: radio, checkbox, number, text, slider
	Question string
	Required bool
	Options  []QOption
	Format   string // number fields: integer or decimal
	Min      *float64
	Max      *float64
	Step     *float64
	Unit     string
	// A custom questionnaire's field also says its scale or range, when it is shown and,
	// for a cards item's question, how the cards were chosen.
	Scale  string
	ShowIf string
	Cards  string
}

// QOption is one choice: the value saved and the text the participant reads.
type QOption struct {
	Value string
	Text  string
}

// Questionnaires returns every built-in questionnaire, in the wizard's order.
var Questionnaires = sync.OnceValue(func() []Questionnaire {
	var out []Questionnaire
	for _, q := range cq.Builtins() {
		out = append(out, builtinForm(q))
	}
	return out
})

// builtinKinds are the built-ins' kinds of question as their codebooks name them.
var builtinKinds = map[string]string{cq.Single: "radio", cq.Multi: "checkbox", cq.Number: "number", cq.Slider: "slider", cq.Text: "text", cq.Textarea: "text"}

// builtinForm is a built-in as its codebook lists it: one question per item, every item
// (those not stored are in Discard).
func builtinForm(q cq.Questionnaire) Questionnaire {
	out := Questionnaire{Name: q.Name, Title: q.Title}
	for _, p := range q.Pages {
		for _, it := range p.Items {
			f := QField{Name: it.ID, Kind: builtinKinds[it.Type], Question: it.Text, Required: it.IsRequired()}
			if f.Kind == "" {
				panic("export: built-in " + q.Name + " has a " + it.Type + " item") // builtins/ is ours; TestBuiltinQuestionnaireExportsStayTheSame covers every one
			}
			for _, o := range it.Options {
				f.Options = append(f.Options, QOption{Value: o.Value, Text: o.Label})
			}
			switch it.Type {
			case cq.Number:
				f.Format = "decimal"
				if it.Integer {
					f.Format = "integer"
				}
				f.Min, f.Max = it.Min, it.Max
			case cq.Slider:
				f.Min, f.Max, f.Step, f.Unit = it.Min, it.Max, it.Step, it.Unit
			}
			out.Fields = append(out.Fields, f)
			if !it.IsSaved() {
				out.Discard = append(out.Discard, it.ID)
			}
		}
	}
	return out
}

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
	translated := builtinTranslations(ps)
	var out []Questionnaire
	for _, n := range names {
		for _, q := range Questionnaires() {
			if q.Name == n {
				q.Translations = translated[n]
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
