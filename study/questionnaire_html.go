package study

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"feedlab/markdown"
	"feedlab/questionnaire"
)

// A questionnaire's texts are markdown (issue 23): an item's text and help, a page's
// intro, a matrix's statements and a choice's option labels. The participant's browser never renders researcher markdown or HTML
// itself; like consent and instructions, the server renders them with package markdown
// (goldmark, then bluemonday) when the participant receives the definitions, as text_html,
// help_html and intro_html beside the plain texts (a statement's text_html, an option's
// label_html). A question's text and help, a statement and an option label are one line
// in the page (a label, a legend): a single paragraph is given without its <p>.

// BuiltinForParticipants is a built-in questionnaire's definition as a participant whose
// catalogue is tag (params.BuiltInCatalogue) receives it (a JSON object, its texts
// rendered), for a page opened as a preview, with no study, and the language it is in:
// tag's translation when feedlab has one, else English. ok is false when name is no
// built-in.
func BuiltinForParticipants(name, tag string) (def, lang string, ok bool) {
	q, lang, ok := questionnaire.BuiltinIn(name, tag)
	if !ok {
		return "", "", false
	}
	key := lang + "/" + name
	if def, cached := builtinsForParticipants.Load(key); cached {
		return def.(string), lang, true
	}
	list, err := participantQuestionnaires([]questionnaire.Questionnaire{q})
	if err != nil {
		panic(err.Error()) // embedded definitions; TestEveryBuiltinReachesParticipantsAsWritten renders each
	}
	def = strings.TrimSuffix(strings.TrimPrefix(list, "["), "]")
	builtinsForParticipants.Store(key, def)
	return def, lang, true
}

// builtinsForParticipants keeps each built-in rendered, by "<language>/<name>": a preview
// is public and a built-in never changes while feedlab runs.
var builtinsForParticipants sync.Map

// participantQuestionnaires is the JSON of the definitions a participant receives, each
// text with its rendered HTML.
func participantQuestionnaires(qs []questionnaire.Questionnaire) (string, error) {
	b, err := json.Marshal(qs)
	if err != nil {
		return "", fmt.Errorf("study: marshal questionnaires: %w", err)
	}
	var list []map[string]any
	if err := json.Unmarshal(b, &list); err != nil {
		return "", fmt.Errorf("study: questionnaires as data: %w", err)
	}
	for _, q := range list {
		pages, _ := q["pages"].([]any)
		for _, pg := range pages {
			page := pg.(map[string]any)
			if err := addHTML(page, "intro", false); err != nil {
				return "", err
			}
			items, _ := page["items"].([]any)
			if err := itemsHTML(items); err != nil {
				return "", err
			}
		}
	}
	out, err := json.Marshal(list)
	if err != nil {
		return "", fmt.Errorf("study: marshal questionnaires: %w", err)
	}
	return string(out), nil
}

// itemsHTML renders the text and help of items and of a cards item's questions, their
// matrix statements and option labels.
func itemsHTML(items []any) error {
	for _, x := range items {
		it := x.(map[string]any)
		for _, key := range []string{"text", "help"} {
			if err := addHTML(it, key, true); err != nil {
				return err
			}
		}
		for list, key := range map[string]string{"statements": "text", "options": "label"} {
			entries, _ := it[list].([]any)
			for _, e := range entries {
				if err := addHTML(e.(map[string]any), key, true); err != nil {
					return err
				}
			}
		}
		if sub, ok := it["items"].([]any); ok {
			if err := itemsHTML(sub); err != nil {
				return err
			}
		}
	}
	return nil
}

// addHTML sets <key>_html to the rendered markdown of m[key], when it has text.
func addHTML(m map[string]any, key string, inline bool) error {
	src, _ := m[key].(string)
	if strings.TrimSpace(src) == "" {
		return nil
	}
	html, err := markdown.ToHTML(src)
	if err != nil {
		return fmt.Errorf("study: render %s: %w", key, err)
	}
	if inline {
		html = unwrapParagraph(html)
	}
	m[key+"_html"] = html
	return nil
}

// unwrapParagraph takes the <p> off HTML that is one paragraph, so it fits in a label.
func unwrapParagraph(html string) string {
	t := strings.TrimSpace(html)
	inner, ok := strings.CutPrefix(t, "<p>")
	if !ok {
		return html
	}
	inner, ok = strings.CutSuffix(inner, "</p>")
	if !ok || strings.Contains(inner, "<p>") {
		return html
	}
	return inner
}
