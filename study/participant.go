package study

import (
	"slices"

	"feedlab/markdown"
	"feedlab/params"
	"feedlab/questionnaire"
)

// This file is what a participant receives of a study: their condition's parameters
// (without what must stay hidden), its texts rendered, and their feed. What a participant
// is registered with (their platform ids) is here too.

// PlatformIDKeys are the arrival parameters that identify a participant on a recruitment
// platform (Prolific, MTurk/CloudResearch, Lucid/Cint). They are kept with the participant
// because researchers need them for payment.
var PlatformIDKeys = []string{"PROLIFIC_PID", "STUDY_ID", "SESSION_ID", "workerId", "assignmentId", "hitId", "rid", "RID"}

// PlatformIDs picks the platform ids out of a participant's arrival parameters.
func PlatformIDs(query map[string]string) map[string]string {
	ids := map[string]string{}
	for _, k := range PlatformIDKeys {
		if v, ok := query[k]; ok {
			ids[k] = v
		}
	}
	return ids
}

// hiddenFromParticipants are parameters a participant's browser never receives:
// entity_sets, because set names (say "fakenews_high") could reveal the manipulation to a
// participant reading browser storage, completion-code, which would let a participant
// claim payment without finishing (the end-redirect checkpoint answers the code), and the
// study's title, which is for researchers and could name the manipulation.
var hiddenFromParticipants = []string{"entity_sets", "completion-code", "title"}

// participantParameters is the condition's parameter list as the participant's browser
// receives it. The definitions of the questionnaires the condition names (forms and
// forms-before, the study's own and built-ins alike: one renderer for both) follow as
// questionnaires (a JSON list): only those, so one condition's participants do not read
// another's measures. Called once per condition and study definition (definition.go).
func participantParameters(s params.Study, c params.Condition) []params.Param {
	var out []params.Param
	for _, p := range withDefaultTexts(c).ExperimentParameters() {
		if !slices.Contains(hiddenFromParticipants, p.Param) {
			out = append(out, p)
		}
	}
	// The hash of the words the intervention shows (its text or its type's default), so
	// the browser records with each intervention shown exactly which text it was.
	if text := c.InterventionShownText(); text != "" {
		out = append(out, params.Param{Param: InterventionTextHashParam, Value: params.TextHash(text)})
	}
	// The study's own interface texts for this condition's language only (languages.go).
	if own := s.ParticipantTranslations(c.LanguageTag()); own != "" {
		out = append(out, params.Param{Param: "translations", Value: own})
	}
	// A built-in comes in the condition's language when feedlab has it translated (the same
	// ids and values: answers are stored as in English), in English otherwise.
	catalogue := params.BuiltInCatalogue(c.LanguageTag())
	var custom []questionnaire.Questionnaire
	for _, name := range append(slices.Clone(c.FormsBefore), c.Forms...) {
		if q, ok := s.Questionnaire(name); ok {
			custom = append(custom, q)
		} else if q, _, ok := questionnaire.BuiltinIn(name, catalogue); ok {
			custom = append(custom, q)
		}
	}
	if len(custom) > 0 {
		// Each text with its markdown rendered (questionnaire_html.go).
		list, err := participantQuestionnaires(custom)
		if err != nil {
			panic(err.Error()) // plain data, and markdown that goldmark always renders: cannot fail
		}
		out = append(out, params.Param{Param: "questionnaires", Value: list})
	}
	return out
}

// DefaultTextKeyword, as the value of consent or instruct, stands for the built-in text.
const DefaultTextKeyword = "default"

// DefaultConsent and DefaultInstructions are the English consent and instruction texts
// used when a study's consent or instruct parameter is "default"; a condition in another
// language reads them in its language (params.DefaultText, params/defaulttexts/).
var (
	DefaultConsent      = params.DefaultText(params.TextConsent, params.DefaultLanguage)
	DefaultInstructions = params.DefaultText(params.TextInstruct, params.DefaultLanguage)
)

// withDefaultTexts replaces the "default" keyword of consent and instruct with the
// built-in texts in the condition's language.
func withDefaultTexts(c params.Condition) params.Condition {
	if c.Consent == DefaultTextKeyword {
		c.Consent = params.DefaultText(params.TextConsent, c.LanguageTag())
	}
	if c.Instruct == DefaultTextKeyword {
		c.Instruct = params.DefaultText(params.TextInstruct, c.LanguageTag())
	}
	return c
}

// InterventionTextHashParam is the participant parameter holding params.TextHash of the
// intervention's shown text.
const InterventionTextHashParam = "intervention-text-sha256"

// Texts renders the condition's markdown texts (consent, instruct, custom-msg, and the
// intervention's: its intervention-text or its type's default) to sanitized HTML; an
// empty text stays empty (its modal is not shown).
func Texts(c params.Condition) (map[string]string, error) {
	c = withDefaultTexts(c)
	out := map[string]string{}
	for name, src := range map[string]string{"consent": c.Consent, "instruct": c.Instruct, "custom-msg": c.CustomMsg, "intervention": c.InterventionShownText()} {
		if src == "" {
			out[name] = ""
			continue
		}
		html, err := markdown.ToHTML(src)
		if err != nil {
			return nil, err
		}
		out[name] = html
	}
	return out, nil
}
