package params

import (
	"encoding/json"
	"fmt"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"feedlab/questionnaire"
)

const (
	// MaxTextLen is the longest instruct, consent or custom-msg text, in characters.
	MaxTextLen = 20000

	defaultInterventionPerc = 50
	maxJSONLen              = 100_000 // bytes of entity_sets or forms
	maxURLLen               = 2000
	maxCodeLen              = 100

	// entitySetsMissing is the spec's message when a condition has no stimulus set.
	entitySetsMissing = "You need to select at least one set per condition under the Cards section."
)

// Validate checks rows against the rules of the spec and returns the study they define.
// sets tells which stimulus sets exist (nil means none do). On failure the error is a
// Problems listing everything wrong, and the Study is empty.
func Validate(rows []Row, sets SetLookup) (Study, error) {
	if sets == nil {
		sets = func(string) (int, bool) { return 0, false }
	}
	v := &validator{sets: sets}
	if len(rows) == 0 {
		v.add(Problem{Message: "no rows: a study needs at least one condition"})
		return Study{}, v.problems
	}

	// First pass: each row on its own, and grouping by condition.
	byCond := map[int]map[string]Row{}
	seen := map[int]bool{}                // conditions with any row, even a rejected one
	rejected := map[int]map[string]bool{} // parameters already reported as unreadable
	var nConds []Row
	top := 0
	// Rows of conditions above the maximum are one problem, not one per row: a study of
	// 100 conditions is told the maximum once.
	var over []Row
	for _, r := range rows {
		p := Problem{Line: r.Line, Condition: r.Condition}
		switch {
		case r.Condition < 1:
			p.Condition = 0
			p.Message = fmt.Sprintf("condition %d: conditions are numbered from 1", r.Condition)
			v.add(p)
			continue
		case r.Condition > MaxConditions:
			over = append(over, r)
			continue
		}
		seen[r.Condition] = true
		top = max(top, r.Condition)
		if !slices.Contains(allParams, r.Param) {
			p.Message = "unknown parameter " + quote(r.Param)
			if c := closest(r.Param, allParams); c != "" {
				p.Message += " (did you mean " + c + "?)"
			} else {
				p.Message += "; known parameters: " + strings.Join(allParams, ", ")
			}
			v.add(p)
			continue
		}
		p.Param = r.Param
		switch {
		case !utf8.ValidString(r.Value):
			p.Message = "the value is not valid UTF-8 text"
		case strings.IndexByte(r.Value, 0) >= 0:
			p.Message = "the value contains a NUL character"
		}
		if p.Message != "" {
			v.add(p)
			if rejected[r.Condition] == nil {
				rejected[r.Condition] = map[string]bool{}
			}
			rejected[r.Condition][r.Param] = true
			continue
		}
		params := byCond[r.Condition]
		if params == nil {
			params = map[string]Row{}
			byCond[r.Condition] = params
		}
		if first, dup := params[r.Param]; dup {
			p.Message = "given more than once for this condition"
			if first.Line > 0 {
				p.Message += fmt.Sprintf(" (first on line %d)", first.Line)
			}
			v.add(p)
			continue
		}
		params[r.Param] = r
		if r.Param == paramNConditions {
			nConds = append(nConds, r)
		}
	}

	if len(over) > 0 {
		lo, hi := over[0].Condition, over[0].Condition
		for _, r := range over {
			lo, hi = min(lo, r.Condition), max(hi, r.Condition)
		}
		which := fmt.Sprintf("condition %d", lo)
		if hi > lo {
			which = fmt.Sprintf("conditions %d to %d", lo, hi)
		}
		v.add(Problem{Line: over[0].Line, Message: fmt.Sprintf("%s: a study may have at most %d conditions", which, MaxConditions)})
	}

	// Conditions must be 1..N without gaps.
	for c := 1; c < top; c++ {
		if !seen[c] {
			v.add(Problem{Condition: c, Message: fmt.Sprintf("no rows for this condition; conditions must be numbered 1 to %d without gaps", top)})
		}
	}
	for _, r := range nConds {
		n, err := strconv.Atoi(norm(r.Value))
		switch {
		case err != nil:
			v.add(Problem{Line: r.Line, Condition: r.Condition, Param: r.Param, Message: quote(r.Value) + " is not a whole number"})
		case n > MaxConditions:
			v.add(Problem{Line: r.Line, Condition: r.Condition, Param: r.Param, Message: fmt.Sprintf("is %d; a study may have at most %d conditions", n, MaxConditions)})
		case n != top && top > 0:
			v.add(Problem{Line: r.Line, Condition: r.Condition, Param: r.Param, Message: fmt.Sprintf("is %d but the rows define conditions 1 to %d", n, top)})
		}
	}

	var study Study
	// The custom questionnaires first: the conditions' forms may name them.
	study.Questionnaires = v.customQuestionnaires(byCond, top)
	for c := 1; c <= top; c++ {
		if seen[c] {
			study.Conditions = append(study.Conditions, v.condition(c, byCond[c], rejected[c]))
		}
	}
	study.Title = v.title(byCond, top)
	study.Reactions = v.reactions(byCond, top)
	study.Translations = v.studyTranslations(byCond, top)
	study.Recruitment = v.studyRecruitment(byCond, top)
	if len(v.problems) > 0 {
		sortProblems(v.problems)
		return Study{}, v.problems
	}
	return study, nil
}

// title checks the study-wide title: plain text on one line, at most MaxTitleLen
// characters, the same wherever it is given (the wizard sends it with every condition).
func (v *validator) title(byCond map[int]map[string]Row, top int) string {
	title, from := "", 0
	for c := 1; c <= top; c++ {
		r, ok := byCond[c][paramTitle]
		if !ok {
			continue
		}
		f := field{v: v, cond: c, param: paramTitle, raw: r.Value, line: r.Line}
		t := f.text()
		switch {
		case strings.ContainsAny(t, "\r\n\u2028\u2029"):
			f.fail("the title must be one line of text, without line breaks")
			continue
		case strings.IndexFunc(t, unicode.IsControl) >= 0:
			f.fail("the title contains control characters")
			continue
		case utf8.RuneCountInString(t) > MaxTitleLen:
			f.fail("the title has %d characters; at most %d are allowed", utf8.RuneCountInString(t), MaxTitleLen)
			continue
		}
		if from == 0 {
			title, from = t, c
			continue
		}
		if t != title {
			f.fail("differs from the title given for condition %d (%s); a study has one title, the same on every condition", from, quote(title))
		}
	}
	return title
}

type validator struct {
	sets     SetLookup
	problems Problems
	// custom are the names of the study's own questionnaires, customQ their definitions;
	// customBroken is set when the questionnaires parameter could not be read, so that
	// forms naming one of them are not reported on top.
	custom       []string
	customQ      []questionnaire.Questionnaire
	customBroken bool
}

func (v *validator) add(p Problem) { v.problems = append(v.problems, p) }

// field is one parameter of the condition being checked.
type field struct {
	v     *validator
	cond  int
	param string
	raw   string // as given
	line  int
	// rejected is set when the row was already reported as unreadable: the field then
	// reads as empty, and "required" is not reported on top.
	rejected bool
}

// text is the value after the spec's normalisation: blank, 'null' and 'undefined' are empty.
func (f field) text() string { return norm(f.raw) }

// word is text in lower case, for enumerations.
func (f field) word() string { return strings.ToLower(f.text()) }

func (f field) fail(format string, args ...any) {
	if f.rejected {
		return
	}
	f.v.add(Problem{Line: f.line, Condition: f.cond, Param: f.param, Message: fmt.Sprintf(format, args...)})
}

// failAt reports a problem placed inside the field's value (a ranking script's line and column).
func (f field) failAt(at *ScriptAt, format string, args ...any) {
	if f.rejected {
		return
	}
	f.v.add(Problem{Line: f.line, Condition: f.cond, Param: f.param, Message: fmt.Sprintf(format, args...), Script: at})
}

// oneOf checks an enumerated value; empty gives def.
func (f field) oneOf(def string, allowed ...string) string {
	w := f.word()
	if w == "" {
		return def
	}
	if slices.Contains(allowed, w) {
		return w
	}
	f.fail("%s is not allowed; use %s", quote(f.text()), strings.Join(allowed, ", "))
	return def
}

// markdown checks researcher-written text, which is kept as given apart from line breaks.
func (f field) markdown() string {
	if f.text() == "" {
		return ""
	}
	s := newlines(f.raw)
	if n := utf8.RuneCountInString(s); n > MaxTextLen {
		f.fail("the text has %d characters; at most %d are allowed", n, MaxTextLen)
		return ""
	}
	return s
}

// orNone maps the spec's None choice to the empty value it stands for.
func orNone(s string) string {
	if s == "none" {
		return ""
	}
	return s
}

func norm(s string) string {
	t := strings.TrimSpace(s)
	if t == "null" || t == "undefined" {
		return ""
	}
	return t
}

// condition checks the accepted rows of one condition. Parameters in rejected were
// already reported, so their absence is not reported again.
func (v *validator) condition(num int, rows map[string]Row, rejected map[string]bool) Condition {
	get := func(param string) field {
		r := rows[param]
		return field{v: v, cond: num, param: param, raw: r.Value, line: r.Line, rejected: rejected[param]}
	}
	c := Condition{Number: num, Buttons: map[string]string{}}

	c.Feed = get("feed").oneOf(feedTypes[0].Name, values(feedTypes)...)
	c.SourceLine = sourceSpec(get("source-line"), "domain")
	c.SourceTime = sourceSpec(get("source-time"))
	var sizes map[string]int
	c.EntitySets, sizes = v.entitySets(get("entity_sets"))
	for _, kind := range buttonKinds {
		c.Buttons[kind] = get("feed-button-"+kind).oneOf(buttonValues[0].Name, values(buttonValues)...)
	}

	c.InterventionType = orNone(get("intervention-type").oneOf("", values(interventionTypes)...))
	if c.InterventionType != "" {
		// With no type the spec resets the percentage, so a leftover value is ignored.
		c.InterventionPerc = intRange(get("intervention-perc"), defaultInterventionPerc, 1, 100)
	}
	if c.InterventionType == "default-modal" {
		c.InterventionVideo = mediaPath(get("intervention-video"))
	}
	interventionFamily(&c, get)
	socialSettings(&c, get)
	speakSettings(&c, get)
	c.Language = language(get(paramLanguage))
	c.TextSize = textSize(get(paramTextSize))

	c.Algorithm = algorithm(get("algorithm"))
	c.Ranking = rankingSettings(c.Algorithm, get)
	if c.Algorithm != "random" {
		// The spec: any other algorithm ranks all cards of every selected set, so
		// number_to_show becomes the set's size.
		for i := range c.EntitySets {
			c.EntitySets[i].NumberToShow = sizes[c.EntitySets[i].EntitySet]
		}
	}

	c.CustomMsgType = orNone(get("custom-msg-type").oneOf("", values(customMsgTypes)...))
	if c.CustomMsgType != "" {
		m := get("custom-msg")
		c.CustomMsg = m.markdown()
		if m.text() == "" {
			m.fail("the custom end message is empty but custom-msg-type is %s; write the message or set the type to none", c.CustomMsgType)
		}
	}

	c.Forms = v.formList(get("forms"))
	c.FormsBefore = v.formsBefore(get(paramFormsBefore), &c)
	v.attitudeAnswer(get(paramAttitudeParam), &c)
	c.Instruct = get("instruct").markdown()
	c.Consent = get("consent").markdown()

	c.Platform = orNone(get("platform").oneOf("", platformValues()...))
	switch p, _ := PlatformNamed(c.Platform); { // None and an unknown value: neither
	case p.NeedsRedirect:
		c.RedirectURL = redirectURL(get("redirect-url"), c.Platform)
	case p.CompletionCode:
		c.CompletionCode = completionCode(get("completion-code"))
	}
	conditionRecruitment(&c, get)
	return c
}

// intRange checks a whole number in [lo, hi]; empty gives def.
func intRange(f field, def, lo, hi int) int {
	t := f.text()
	if t == "" {
		return def
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < lo || n > hi {
		f.fail("%s is not a whole number from %d to %d", quote(t), lo, hi)
		return def
	}
	return n
}

var entityKeys = []string{"entity_set", "number_to_show", "randomize_between_subjects"}

const entitySetsExample = `[{"entity_set":"NAME","number_to_show":10,"randomize_between_subjects":"yes"}]`

// entitySets checks the condition's stimulus sets and returns them with each set's size.
func (v *validator) entitySets(f field) ([]EntitySetChoice, map[string]int) {
	t := f.text()
	if t == "" {
		f.fail("%s", entitySetsMissing)
		return nil, nil
	}
	if len(t) > maxJSONLen {
		f.fail("the list is longer than %d bytes", maxJSONLen)
		return nil, nil
	}
	var entries []map[string]json.RawMessage
	if err := json.Unmarshal([]byte(t), &entries); err != nil {
		f.fail("must be a JSON list of sets such as %s", entitySetsExample)
		return nil, nil
	}
	if len(entries) == 0 {
		f.fail("%s", entitySetsMissing)
		return nil, nil
	}
	var choices []EntitySetChoice
	sizes := map[string]int{}
	for i, e := range entries {
		at := fmt.Sprintf("entry %d", i+1)
		if e == nil {
			f.fail("%s: must be an object such as %s", at, strings.Trim(entitySetsExample, "[]"))
			continue
		}
		for _, k := range sortedKeys(e) {
			if !slices.Contains(entityKeys, k) {
				msg := fmt.Sprintf("%s: unknown key %s", at, quote(k))
				if c := closest(k, entityKeys); c != "" {
					msg += " (did you mean " + c + "?)"
				} else {
					msg += "; the keys are " + strings.Join(entityKeys, ", ")
				}
				f.fail("%s", msg)
			}
		}
		name, ok := jsonString(e["entity_set"])
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			f.fail("%s: entity_set must name a stimulus set", at)
			continue
		}
		at = "set " + quote(name)
		size, exists := v.sets(name)
		if !exists {
			f.fail("unknown stimulus set %s", quote(name))
			continue
		}
		if _, dup := sizes[name]; dup {
			f.fail("%s is listed more than once", at)
			continue
		}
		sizes[name] = size
		if size < 1 {
			f.fail("%s has no cards", at)
			continue
		}
		choice := EntitySetChoice{EntitySet: name, NumberToShow: size, RandomizeBetweenSubjects: "yes"}
		if n, ok := numberToShow(e["number_to_show"]); !ok {
			f.fail("%s: number_to_show must be a whole number from 1 to %d (the set's size), or empty for all", at, size)
		} else if n != 0 && (n < 1 || n > size) {
			f.fail("%s: number_to_show %d is outside 1 to %d (the set's size)", at, n, size)
		} else if n != 0 {
			choice.NumberToShow = n
		}
		r, ok := jsonString(e["randomize_between_subjects"])
		r = strings.ToLower(norm(r))
		switch {
		case !ok:
			f.fail("%s: randomize_between_subjects must be \"yes\" or \"no\"", at)
		case r == "":
		case r == "yes" || r == "no":
			choice.RandomizeBetweenSubjects = r
		default:
			f.fail("%s: randomize_between_subjects is %s; use yes or no", at, quote(r))
		}
		choices = append(choices, choice)
	}
	return choices, sizes
}

// jsonString reads an optional JSON string: absent and null are "", other types fail.
func jsonString(raw json.RawMessage) (string, bool) {
	if raw == nil || string(raw) == "null" {
		return "", true
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", false
	}
	return s, true
}

// numberToShow reads number_to_show given as a JSON number or numeric string; 0 means
// not given.
func numberToShow(raw json.RawMessage) (int, bool) {
	s := string(raw)
	if len(raw) > 0 && raw[0] == '"' && json.Unmarshal(raw, &s) != nil {
		return 0, false
	}
	s = norm(s)
	if s == "" {
		return 0, true
	}
	n, err := strconv.Atoi(s)
	if err != nil || n == 0 {
		return 0, false
	}
	return n, true
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// jsonList reads a JSON list of strings.
func jsonList(t string, out *[]string) error { return json.Unmarshal([]byte(t), out) }

func mediaPath(f field) string {
	t := f.text()
	if t == "" {
		return ""
	}
	p := t
	if !strings.HasPrefix(p, "/") {
		p = "/media/" + p
	}
	rest, ok := strings.CutPrefix(p, "/media/")
	bad := !ok || rest == "" || len(p) > 300
	for _, seg := range strings.Split(rest, "/") {
		if seg == "" || seg == "." || seg == ".." || strings.TrimFunc(seg, safeNameRune) != "" {
			bad = true
		}
	}
	if bad {
		f.fail("%s must be a media file name or a path /media/NAME, using only letters, digits, '.', '_' and '-'", quote(t))
		return ""
	}
	switch strings.ToLower(path.Ext(p)) {
	case ".mp4", ".webm", ".ogg":
		return p
	}
	f.fail("%s is not a video; use an .mp4, .webm or .ogg file", quote(t))
	return ""
}

func safeNameRune(r rune) bool {
	return r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-')
}

func hasSpaceOrControl(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0
}

func redirectURL(f field, platform string) string {
	t := f.text()
	if t == "" {
		f.fail("a redirect URL is required when the platform is %s", platform)
		return ""
	}
	if len(t) > maxURLLen {
		f.fail("the URL is longer than %d characters", maxURLLen)
		return ""
	}
	if hasSpaceOrControl(t) {
		f.fail("%s contains spaces or control characters; percent-encode them (a space is %%20)", quote(t))
		return ""
	}
	u, err := url.Parse(t)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Opaque != "" {
		f.fail("%s is not an absolute http or https URL (like https://example.org/done?code=X)", quote(t))
		return ""
	}
	return t
}

func completionCode(f field) string {
	t := f.text()
	if utf8.RuneCountInString(t) > maxCodeLen {
		f.fail("the completion code is longer than %d characters", maxCodeLen)
		return ""
	}
	if strings.IndexFunc(t, unicode.IsControl) >= 0 {
		f.fail("the completion code contains control characters")
		return ""
	}
	return t
}

// maxCovariateName bounds the column name in covariate:<name>.
const maxCovariateName = 100

// sourceSpec reads source-line or source-time: none (or empty), one of the words in
// also, or covariate:<column> naming a column of the stimulus sets. It returns "" for none.
// The column is not required to exist in every set: a card without it shows no source.
func sourceSpec(f field, also ...string) string {
	t := f.text()
	w := strings.ToLower(t)
	if w == "" || w == "none" {
		return ""
	}
	if slices.Contains(also, w) {
		return w
	}
	if name, ok := strings.CutPrefix(t, "covariate:"); ok {
		name = strings.TrimSpace(name)
		if name == "" || len(name) > maxCovariateName || hasSpaceOrControl(strings.ReplaceAll(name, " ", "")) {
			f.fail("covariate:%s must name a column of the stimulus sets (at most %d characters, no control characters)", quote(name), maxCovariateName)
			return ""
		}
		return "covariate:" + name
	}
	choices := append([]string{"none"}, also...)
	f.fail("%s is not allowed; use %s or covariate:<column> (a column of the stimulus sets, such as covariate:publisher)", quote(t), strings.Join(choices, ", "))
	return ""
}
