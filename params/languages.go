package params

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"feedlab/frontend"
	"feedlab/questionnaire"
)

// Languages (issue 24; docs/languages.md). A condition's language (a BCP 47 tag, English by
// default) picks the participant interface's catalogue (frontend/src/participant/i18n); the
// study-wide translations (JSON: language → key → text) override or add any of its texts.
// Both are written only for a study that uses them, so a study from before has the same rows.
const (
	paramLanguage     = "language"
	paramTranslations = "translations"
)

// DefaultLanguage is the language of a condition that sets none.
const DefaultLanguage = "en"

// maxTranslationsLen bounds the translations parameter: every text of seven languages is
// about 150 KB; a study has no reason to send its participants more.
const maxTranslationsLen = 500_000

// languageTag is the shape of a BCP 47 tag feedlab accepts: a language of 2 or 3 letters,
// then optionally a script of 4 letters, a region of 2 letters or 3 digits, and variants.
var languageTag = regexp.MustCompile(`^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-(?:[A-Za-z]{2}|[0-9]{3}))?(-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*$`)

// CanonicalLanguage writes a tag the usual way (language lower case, script title case,
// region upper case: "PT-br" → "pt-BR"), or reports that it is not a language tag.
func CanonicalLanguage(tag string) (string, bool) {
	tag = strings.ReplaceAll(strings.TrimSpace(tag), "_", "-")
	if !languageTag.MatchString(tag) {
		return "", false
	}
	parts := strings.Split(tag, "-")
	for i, p := range parts {
		switch {
		case i == 0:
			parts[i] = strings.ToLower(p)
		case len(p) == 4 && !isDigit(p[0]):
			parts[i] = strings.ToUpper(p[:1]) + strings.ToLower(p[1:])
		case len(p) == 2 || (len(p) == 3 && isDigit(p[0])):
			parts[i] = strings.ToUpper(p)
		default:
			parts[i] = strings.ToLower(p)
		}
	}
	return strings.Join(parts, "-"), true
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// BuiltInCatalogue is the built-in catalogue a language uses, "en" when there is none: the
// exact tag, else its language (es-MX → es, pt → pt-BR), Chinese Simplified unless the tag
// asks for Traditional script or a region that writes it. The participant bundle applies
// the same rule (builtInFor in src/participant/i18n/index.ts; both tested on the same tags).
func BuiltInCatalogue(tag string) string {
	cats := frontend.Catalogues()
	lower := strings.ToLower(tag)
	for lang := range cats {
		if strings.ToLower(lang) == lower {
			return lang
		}
	}
	base := strings.SplitN(lower, "-", 2)[0]
	switch base {
	case "zh":
		for _, trad := range []string{"-hant", "-tw", "-hk", "-mo"} {
			if strings.Contains(lower+"-", trad+"-") {
				return DefaultLanguage
			}
		}
		return "zh-Hans"
	case "pt":
		return "pt-BR"
	}
	if _, ok := cats[base]; ok {
		return base
	}
	return DefaultLanguage
}

// MessageKeys are the participant interface's text keys (the English catalogue's), sorted.
func MessageKeys() []string {
	en := frontend.Catalogues()[DefaultLanguage]
	keys := make([]string, 0, len(en))
	for k := range en {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// pluralForms are CLDR's plural categories. A count text (en.json's family.one and
// family.other, such as comments.view) takes one key per form its language uses: Arabic's
// comments.view.few, Chinese's comments.view.other alone; the page picks the form by
// Intl.PluralRules and falls back to the .other form (frontend/src/participant/i18n).
var pluralForms = []string{"zero", "one", "two", "few", "many", "other"}

// countFamily is the count text key is a form of ("comments.view" for comments.view.few),
// or "" when key is no such form (form.other, "Other", is a plain text).
func countFamily(key string) string {
	i := strings.LastIndexByte(key, '.')
	if i < 0 || !slices.Contains(pluralForms, key[i+1:]) {
		return ""
	}
	family := key[:i]
	en := frontend.Catalogues()[DefaultLanguage]
	_, one := en[family+".one"]
	_, other := en[family+".other"]
	if !one || !other {
		return ""
	}
	return family
}

// language checks a condition's language: a BCP 47 tag; empty or en is the default ("").
func language(f field) string {
	t := f.text()
	if t == "" {
		return ""
	}
	tag, ok := CanonicalLanguage(t)
	if !ok {
		f.fail("%s is not a language tag; write a BCP 47 tag such as en, es, de, pt-BR, ar or zh-Hans", quote(truncateText(t, 40)))
		return ""
	}
	if tag == DefaultLanguage {
		return ""
	}
	return tag
}

// Language is the condition's language tag (DefaultLanguage when it sets none).
func (c Condition) LanguageTag() string {
	if c.Language == "" {
		return DefaultLanguage
	}
	return c.Language
}

// UsesLanguage reports whether some condition sets a language: then the participant-level
// exports carry a language column (a study without one keeps its files as before).
func (s Study) UsesLanguage() bool {
	return slices.ContainsFunc(s.Conditions, func(c Condition) bool { return c.Language != "" })
}

// studyTranslations checks the study-wide translations: a JSON object of language tag →
// object of key → text, the keys those of the participant interface, the same wherever
// given (the wizard may send it with every condition).
func (v *validator) studyTranslations(byCond map[int]map[string]Row, top int) map[string]map[string]string {
	var out map[string]map[string]string
	from := 0
	for c := 1; c <= top; c++ {
		r, ok := byCond[c][paramTranslations]
		if !ok {
			continue
		}
		f := field{v: v, cond: c, param: paramTranslations, raw: r.Value, line: r.Line}
		got, ok := translations(f)
		if !ok {
			continue
		}
		if from == 0 {
			out, from = got, c
			continue
		}
		if !reflect.DeepEqual(got, out) {
			f.fail("differs from the translations given for condition %d; translations is study-wide, the same on every condition", from)
		}
	}
	return out
}

// translationsExample is how the translations parameter is written.
const translationsExample = `{"es": {"feed.submit": "Continuar al cuestionario"}}`

// translations reads one translations value; ok is false when it was refused (reported).
func translations(f field) (map[string]map[string]string, bool) {
	t := f.text()
	if t == "" || t == "{}" {
		return nil, true
	}
	if len(t) > maxTranslationsLen {
		f.fail("the translations are longer than %d bytes", maxTranslationsLen)
		return nil, false
	}
	var raw map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(t), &raw); err != nil || raw == nil {
		f.fail("must be a JSON object of language → key → text, such as %s", translationsExample)
		return nil, false
	}
	known := frontend.Catalogues()[DefaultLanguage]
	out := map[string]map[string]string{}
	good := true
	for _, lang := range sortedKeys(raw) {
		tag, okTag := CanonicalLanguage(lang)
		if !okTag {
			f.fail("%s is not a language tag; write a BCP 47 tag such as es, pt-BR or zh-Hans", quote(truncateText(lang, 40)))
			good = false
			continue
		}
		if _, dup := out[tag]; dup {
			f.fail("the language %s is given twice", tag)
			good = false
			continue
		}
		texts := map[string]string{}
		var unknown []string
		for _, key := range sortedKeys(raw[lang]) {
			if _, ok := known[key]; !ok && countFamily(key) == "" {
				unknown = append(unknown, key)
				continue
			}
			var text string
			if err := json.Unmarshal(raw[lang][key], &text); err != nil {
				f.fail("%s %s: the text must be a JSON string, not %s", tag, key, truncateText(string(raw[lang][key]), 30))
				good = false
				continue
			}
			switch {
			case strings.TrimSpace(text) == "":
				f.fail("%s %s: the text is empty; leave the key out to use the built-in text", tag, key)
				good = false
			case utf8.RuneCountInString(text) > MaxTextLen:
				f.fail("%s %s: the text has %d characters; at most %d are allowed", tag, key, utf8.RuneCountInString(text), MaxTextLen)
				good = false
			default:
				texts[key] = text
			}
		}
		if len(unknown) > 0 {
			msg := fmt.Sprintf("%s: unknown key %s", tag, strings.Join(quoteAll(unknown), ", "))
			if c := closest(unknown[0], MessageKeys()); c != "" {
				msg += " (did you mean " + c + "?)"
			}
			f.fail("%s; the keys are those of docs/languages.md (the wizard's Languages table lists them)", msg)
			good = false
		}
		out[tag] = texts
	}
	return out, good
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = quote(s)
	}
	return out
}

// ParticipantTranslations is the study's own texts for one language (key → text), as the
// participant's browser receives them, or "" when it has none.
func (s Study) ParticipantTranslations(lang string) string {
	texts := s.Translations[lang]
	if len(texts) == 0 {
		return ""
	}
	return jsonText(texts)
}

// FallbackKeys are the interface texts a participant in lang reads in English: those
// neither its built-in catalogue nor the study's translations give, sorted.
func (s Study) FallbackKeys(lang string) []string {
	// English texts are no fallback for English (en, en-GB, ...): they are its catalogue.
	var builtIn map[string]string
	if cat := BuiltInCatalogue(lang); cat != DefaultLanguage || strings.HasPrefix(strings.ToLower(lang)+"-", DefaultLanguage+"-") {
		builtIn = frontend.Catalogues()[cat]
	}
	own := s.Translations[lang]
	var missing []string
	for _, k := range MessageKeys() {
		if _, ok := builtIn[k]; ok {
			continue
		}
		if _, ok := own[k]; ok {
			continue
		}
		// A count's form the language lacks (Chinese has no .one) shows its .other form.
		if family := countFamily(k); family != "" {
			if _, ok := builtIn[family+".other"]; ok {
				continue
			}
			if _, ok := own[family+".other"]; ok {
				continue
			}
		}
		missing = append(missing, k)
	}
	return missing
}

// maxNamedFallbacks bounds how many keys a fallback warning names; the count says the rest.
const maxNamedFallbacks = 25

// languageWarnings tells, for each condition's language, which interface texts its
// participants will read in English: neither a built-in catalogue nor the study's
// translations give them; and which built-in questionnaires, which feedlab has not
// translated into it. Not an error: the researcher may accept English buttons.
func languageWarnings(byCond map[int]map[string]Row, conds []int) Problems {
	v := &validator{}
	var study Study
	for _, c := range conds {
		if r, ok := byCond[c][paramTranslations]; ok {
			study.Translations, _ = translations(field{v: v, cond: c, param: paramTranslations, raw: r.Value})
			break
		}
	}
	var ws Problems
	for _, c := range conds {
		r, ok := byCond[c][paramLanguage]
		if !ok {
			continue
		}
		tag, ok := CanonicalLanguage(norm(r.Value))
		if !ok || tag == DefaultLanguage {
			continue
		}
		// The built-in consent, instructions and intervention texts exist in the built-in
		// catalogues' languages (default_texts.go); in another language the participant
		// would read them in English, so the researcher writes their own.
		for _, p := range []string{"consent", "instruct"} {
			if !hasDefaultTexts(tag) && strings.EqualFold(norm(byCond[c][p].Value), "default") {
				ws = append(ws, Problem{Line: byCond[c][p].Line, Condition: c, Param: p, Message: fmt.Sprintf(
					"is the built-in text, which is in English, in a condition whose language is %s; write the text in %s instead of default", tag, tag)})
			}
		}
		typ := strings.ToLower(norm(byCond[c]["intervention-type"].Value))
		if typ == InterventionAccPromptModal {
			typ = InterventionAccPrompt
		}
		if !hasDefaultTexts(tag) && DefaultInterventionText(typ) != "" && norm(byCond[c]["intervention-text"].Value) == "" {
			r := byCond[c]["intervention-type"]
			ws = append(ws, Problem{Line: r.Line, Condition: c, Param: "intervention-type", Message: fmt.Sprintf(
				"shows its built-in text, which is in English, in a condition whose language is %s; write it in %s as intervention-text", tag, tag)})
		}
		missing := study.FallbackKeys(tag)
		english := untranslatedBuiltins(byCond[c], tag)
		if len(missing) == 0 {
			if len(english) == 1 {
				ws = append(ws, Problem{Line: r.Line, Condition: c, Param: paramLanguage, Message: fmt.Sprintf(
					"the built-in questionnaire %s shows in English to %s participants: feedlab has no %s translation of it (write your own in %s, docs/languages.md)", english[0], tag, tag, tag)})
			} else if len(english) > 1 {
				ws = append(ws, Problem{Line: r.Line, Condition: c, Param: paramLanguage, Message: fmt.Sprintf(
					"the built-in questionnaires %s show in English to %s participants: feedlab has no %s translation of them (write your own in %s, docs/languages.md)", strings.Join(english, ", "), tag, tag, tag)})
			}
			continue
		}
		also := ""
		if len(english) == 1 {
			also = fmt.Sprintf("; so does the built-in questionnaire %s, which feedlab has not translated into %s", english[0], tag)
		} else if len(english) > 1 {
			also = fmt.Sprintf("; so do the built-in questionnaires %s, which feedlab has not translated into %s", strings.Join(english, ", "), tag)
		}
		named := missing
		more := ""
		if len(named) > maxNamedFallbacks {
			named = named[:maxNamedFallbacks]
			more = fmt.Sprintf(" and %d more", len(missing)-maxNamedFallbacks)
		}
		why := "feedlab has no built-in " + tag + " catalogue and the study's translations do not give them"
		if BuiltInCatalogue(tag) != DefaultLanguage {
			why = "the study's translations do not give them"
		}
		ws = append(ws, Problem{Line: r.Line, Condition: c, Param: paramLanguage, Message: fmt.Sprintf(
			"%d of the %d interface texts show in English to %s participants (%s): %s%s%s", len(missing), len(MessageKeys()), tag, why, strings.Join(named, ", "), more, also)})
	}
	return ws
}

// untranslatedBuiltins are the built-in questionnaires a condition names (forms-before,
// then forms) that its participants, whose language is tag, read in English: feedlab has
// no translation of them into tag's catalogue (questionnaire/builtins/<tag>/).
func untranslatedBuiltins(rows map[string]Row, tag string) []string {
	if base, _, _ := strings.Cut(strings.ToLower(tag), "-"); base == DefaultLanguage {
		return nil // en-GB reads the English questionnaires as written
	}
	var out []string
	for _, p := range []string{"forms-before", "forms"} {
		var names []string
		_ = json.Unmarshal([]byte(norm(rows[p].Value)), &names) // checked by Validate
		for _, name := range names {
			if _, lang, ok := questionnaire.BuiltinIn(name, BuiltInCatalogue(tag)); ok && lang == questionnaire.English && !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	return out
}
