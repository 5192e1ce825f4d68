package api

import (
	"feedlab/study"
	"net/http"
	"slices"

	"feedlab/params"
)

type renderRequest struct {
	Field string `json:"field"`
	Text  string `json:"text"`
	// Type is the intervention-type whose text is previewed (field intervention-text):
	// an empty text shows that type's default.
	Type string `json:"type"`
	// Language is the condition's language: the keyword default and an empty
	// intervention-text show feedlab's built-in text in it (English without one).
	Language string `json:"language"`
}

var renderFields = []string{"consent", "instruct", "custom-msg", "intervention-text"}

// renderMarkdown answers a researcher's text as a participant will see it (the wizard's
// Preview). The text goes the participant's way exactly: checked and normalised by
// params.Validate as one parameter of a one-condition study, then renderTexts (the
// keyword default, goldmark, bluemonday).
func (s *Server) renderMarkdown(w http.ResponseWriter, r *http.Request) {
	var req renderRequest
	if err := decode(w, r, limitEvent, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if !slices.Contains(renderFields, req.Field) {
		s.fail(w, r, badRequest("field must be one of consent, instruct, custom-msg, intervention-text."))
		return
	}
	if req.Field == "intervention-text" {
		html, err := renderInterventionText(req.Type, req.Text, req.Language)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		ok(w, map[string]any{"html": html})
		return
	}
	html, err := renderText(req.Field, req.Text, req.Language)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"html": html})
}

// renderText renders one researcher text the participant's way exactly: checked and
// normalised by params.Validate as one parameter of a one-condition study, then
// study.Texts (the keyword default, goldmark, bluemonday). Problems with the text are an
// invalid_parameters error.
func renderText(field, text, language string) (string, error) {
	rows := withLanguage([]params.Row{
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"preview"}]`},
		{Condition: 1, Param: field, Value: text},
	}, language)
	if field == "custom-msg" {
		// A message without a type is cleared; an empty one with a type is refused.
		if text == "" {
			return "", nil
		}
		rows = append(rows, params.Row{Condition: 1, Param: "custom-msg-type", Value: "onpage"})
	}
	def, err := params.Validate(rows, func(string) (int, bool) { return 1, true })
	if err != nil {
		return "", invalidParameters(err)
	}
	texts, err := study.Texts(def.Conditions[0])
	if err != nil {
		return "", err
	}
	return texts[field], nil
}

// renderInterventionText renders an intervention's text as the participant will see it:
// the text given, or the type's default when it is empty.
func renderInterventionText(typ, text, language string) (string, error) {
	if typ == "" {
		return "", badRequest("type must name the intervention-type whose text is previewed.")
	}
	rows := withLanguage([]params.Row{
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"preview"}]`},
		{Condition: 1, Param: "intervention-type", Value: typ},
		{Condition: 1, Param: "intervention-text", Value: text},
	}, language)
	def, err := params.Validate(rows, func(string) (int, bool) { return 1, true })
	if err != nil {
		return "", invalidParameters(err)
	}
	texts, err := study.Texts(def.Conditions[0])
	if err != nil {
		return "", err
	}
	return texts["intervention"], nil
}

// withLanguage adds the previewed condition's language, checked as the parameter is (a tag
// that is not one is refused with the parameter's own message).
func withLanguage(rows []params.Row, language string) []params.Row {
	if language == "" {
		return rows
	}
	return append(rows, params.Row{Condition: 1, Param: "language", Value: language})
}
