package questionnaire

import (
	"encoding/json"
	"slices"
	"sync"

	"feedlab/frontend"
)

// The built-in questionnaires in the custom format. Their questions are defined once, in
// the participant app (frontend/src/participant/forms/definitions), whose generated data
// copy frontend/questionnaires.json the codebooks already read; the definitions here are
// derived from that copy, so a built-in shown by `feedlab questionnaire show` can never
// differ from the page participants answer. What the format cannot say of a built-in is
// left out: its page heading, topic blocks shuffled as blocks, reversed option order, an
// attention check shown without "(optional)", answers asked but not saved (ac).

// builtinField is one field of questionnaires.json.
type builtinField struct {
	Name     string `json:"name"`
	Kind     string `json:"kind"`
	Question string `json:"question"`
	Required bool   `json:"required"`
	Options  []struct {
		Value string `json:"value"`
		Text  string `json:"text"`
	} `json:"options"`
	Format       string   `json:"format"`
	Min          *float64 `json:"min"`
	MinExclusive bool     `json:"min_exclusive"`
	Max          *float64 `json:"max"`
	Step         *float64 `json:"step"`
	Initial      *float64 `json:"initial"`
	MinLabel     string   `json:"min_label"`
	MaxLabel     string   `json:"max_label"`
	MaxLength    int      `json:"max_length"`
	Multiline    bool     `json:"multiline"`
}

var builtins = sync.OnceValue(func() []Questionnaire {
	var f struct {
		Questionnaires []struct {
			Name   string         `json:"name"`
			Title  string         `json:"title"`
			Intro  string         `json:"intro"`
			Fields []builtinField `json:"fields"`
		} `json:"questionnaires"`
	}
	if err := json.Unmarshal(frontend.QuestionnairesJSON, &f); err != nil {
		panic("questionnaire: frontend/questionnaires.json: " + err.Error()) // embedded; a test reads it
	}
	out := make([]Questionnaire, 0, len(f.Questionnaires))
	for _, q := range f.Questionnaires {
		page := Page{Intro: q.Intro}
		for _, bf := range q.Fields {
			page.Items = append(page.Items, builtinItem(bf))
		}
		out = append(out, Questionnaire{Name: q.Name, Title: q.Title, Pages: []Page{page}})
	}
	return out
})

func builtinItem(f builtinField) Item {
	it := Item{ID: f.Name, Text: f.Question}
	if !f.Required {
		it.Required = ptr(false)
	}
	for _, o := range f.Options {
		it.Options = append(it.Options, Option{Value: o.Value, Label: o.Text})
	}
	switch f.Kind {
	case "radio":
		it.Type = Single
	case "checkbox":
		it.Type = Multi
	case "number":
		it.Type = Number
		it.Integer = f.Format == "integer"
		it.Min, it.Max = f.Min, f.Max
		if f.MinExclusive && it.Integer && f.Min != nil {
			it.Min = ptr(*f.Min + 1) // above 0 in whole numbers is from 1
		}
	case "slider":
		it.Type = Slider
		it.Min, it.Max, it.Step, it.Default = f.Min, f.Max, f.Step, f.Initial
		if f.MinLabel != "" || f.MaxLabel != "" {
			it.Labels = []string{f.MinLabel, f.MaxLabel}
		}
	case "text":
		it.Type = Text
		if f.Multiline {
			it.Type = Textarea
		}
		it.MaxLength = f.MaxLength
	}
	return it
}

// Builtins are the built-in questionnaires with questions, in the wizard's order, in the
// custom format (the end message page asks nothing and is not among them).
func Builtins() []Questionnaire { return slices.Clone(builtins()) }

// Builtin returns the built-in questionnaire called name in the custom format.
func Builtin(name string) (Questionnaire, bool) {
	i := slices.IndexFunc(builtins(), func(q Questionnaire) bool { return q.Name == name })
	if i < 0 {
		return Questionnaire{}, false
	}
	return builtins()[i], true
}
