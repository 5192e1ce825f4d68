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
}

var renderFields = []string{"consent", "instruct", "custom-msg"}

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
		s.fail(w, r, badRequest("field must be one of consent, instruct, custom-msg."))
		return
	}
	html, err := renderText(req.Field, req.Text)
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
func renderText(field, text string) (string, error) {
	rows := []params.Row{
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"preview"}]`},
		{Condition: 1, Param: field, Value: text},
	}
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
