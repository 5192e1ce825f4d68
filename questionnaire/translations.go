package questionnaire

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// The built-ins in other languages (issue 24; docs/languages.md): builtins/<tag>/NAME.json
// is the WHOLE definition of builtins/NAME.json with only the words a participant reads
// translated. <tag> is a participant catalogue's tag (es, de, fr, pt-BR, ar, zh-Hans: the
// caller maps a condition's language to one with params.BuiltInCatalogue). A language may
// lack a questionnaire's file: that questionnaire is then served in English.
//
// Everything else (names, ids, types, option values, numbers, required, show_if, order,
// keys) is English's to the byte, so that answers are stored under the same fields and
// values in every language and an export does not change shape with the language.
// checkTranslation holds a file to that, naming the file and JSON path of every difference.

// WordKeys are the keys of a definition whose string values a participant reads, in
// definition.go's order: the questionnaire's title and heading, a page's intro, an item's
// text, help, invalid and unit, an option's label, a scale's labels and a statement's text.
// Only these differ in a translated file. An item's group (a heading above its items) is
// read too, but it names a topic ("COVID") and may stay as it is; see groupKey.
var WordKeys = []string{"title", "heading", "intro", "text", "help", "invalid", "unit", "label", "labels"}

// groupKey is the item key that is a heading of consecutive items: translated or not, the
// same items must share one group as in English (the page shows them, and randomize_items
// shuffles them, as one block).
const groupKey = "group"

// sameInEveryLanguage are word texts a translation may leave as in English: names.
var sameInEveryLanguage = []string{"COVID", "COVID-19"}

// sameIn are, per language, the words it writes as English does (Spanish "No").
var sameIn = map[string][]string{"es": {"No"}, "fr": {"Questionnaire"}}

// English is the language of builtins/NAME.json, served when no translation is.
const English = "en"

// translations holds every translated built-in, by catalogue tag then name, each checked
// against its English file once when first asked for. A file that fails the check is left
// out, its questionnaire served in English rather than with changed values:
// TestBuiltinTranslationsKeepTheirStructure names its problems, so none reaches a release.
var translations = sync.OnceValue(func() map[string]map[string]Questionnaire {
	out := map[string]map[string]Questionnaire{}
	for _, tag := range translationTags() {
		for _, name := range BuiltinOrder {
			if q, found, err := readTranslation(tag, name); found && err == nil {
				if out[tag] == nil {
					out[tag] = map[string]Questionnaire{}
				}
				out[tag][name] = q
			}
		}
	}
	return out
})

// translationTags are the folders of builtins/, sorted.
func translationTags() []string {
	entries, err := fs.ReadDir(builtinFiles, "builtins")
	if err != nil {
		panic(err.Error()) // the folder is embedded
	}
	var tags []string
	for _, e := range entries {
		if e.IsDir() {
			tags = append(tags, e.Name())
		}
	}
	return tags
}

// readTranslation reads and checks builtins/<tag>/NAME.json; found is false when the
// language has no such file.
func readTranslation(tag, name string) (q Questionnaire, found bool, err error) {
	path := "builtins/" + tag + "/" + name + ".json"
	data, err := builtinFiles.ReadFile(path)
	if err != nil {
		return Questionnaire{}, false, nil
	}
	english, err := builtinFiles.ReadFile("builtins/" + name + ".json")
	if err != nil {
		return Questionnaire{}, true, fmt.Errorf("questionnaire: %s translates no built-in: %w", path, err)
	}
	if problems := checkTranslation(tag, english, data); len(problems) > 0 {
		return Questionnaire{}, true, fmt.Errorf("questionnaire: %s: %s", path, strings.Join(problems, "; "))
	}
	q, err = parseOne(data, nil)
	if err != nil {
		return Questionnaire{}, true, fmt.Errorf("questionnaire: %s: %w", path, err)
	}
	return q, true, nil
}

// BuiltinIn returns the built-in called name as a participant whose catalogue is tag
// reads it, and the language it is in: tag when builtins/<tag>/NAME.json translates it,
// else English (the language has no translation of it, or tag is English or unknown).
// ok is false when name is no built-in.
func BuiltinIn(name, tag string) (q Questionnaire, lang string, ok bool) {
	if tr, found := translations()[tag][name]; found {
		return tr, tag, true
	}
	q, ok = Builtin(name)
	return q, English, ok
}

// TranslatedInto lists the languages (catalogue tags, sorted) with a translation of the
// built-in called name.
func TranslatedInto(name string) []string {
	var out []string
	for tag, qs := range translations() {
		if _, ok := qs[name]; ok {
			out = append(out, tag)
		}
	}
	slices.Sort(out)
	return out
}

// checkTranslation compares a translated definition with its English one (both as
// written in the files) and names every difference that is not a translated word, each
// with its JSON path: a missing or added key, a list of another length, a non-word value
// changed, a word left empty or, unless it is a name, as in English, a group that does
// not group the same items.
func checkTranslation(tag string, english, translated []byte) []string {
	var en, tr any
	if err := json.Unmarshal(english, &en); err != nil {
		return []string{"the English file is not JSON: " + err.Error()}
	}
	if err := json.Unmarshal(translated, &tr); err != nil {
		return []string{"not JSON: " + err.Error()}
	}
	c := &translationCheck{same: append(slices.Clone(sameInEveryLanguage), sameIn[tag]...), groups: map[string]string{}, groupOf: map[string]string{}}
	c.value("", en, tr)
	return c.problems
}

type translationCheck struct {
	problems []string
	same     []string          // the words this language may write as English does
	groups   map[string]string // English group → its translation
	groupOf  map[string]string // translated group → the English one it stands for
}

func (c *translationCheck) fail(path, format string, args ...any) {
	if path == "" {
		path = "(top)"
	}
	c.problems = append(c.problems, path+": "+fmt.Sprintf(format, args...))
}

// value compares a non-word value: the same JSON, recursively.
func (c *translationCheck) value(path string, en, tr any) {
	switch e := en.(type) {
	case map[string]any:
		t, ok := tr.(map[string]any)
		if !ok {
			c.fail(path, "is %s; in English it is an object", jsonKind(tr))
			return
		}
		for _, k := range sortedAnyKeys(e) {
			sub := strings.TrimPrefix(path+"."+k, ".")
			tv, ok := t[k]
			switch {
			case !ok:
				c.fail(sub, "is missing; the English file has it")
			case slices.Contains(WordKeys, k):
				c.word(sub, k, e[k], tv)
			case k == groupKey:
				c.group(sub, e[k], tv)
			default:
				c.value(sub, e[k], tv)
			}
			if word, ok := choiceWord[k]; ok {
				c.distinct(sub, word, e[k], tv)
			}
		}
		for _, k := range sortedAnyKeys(t) {
			if _, ok := e[k]; !ok {
				c.fail(strings.TrimPrefix(path+"."+k, "."), "is not in the English file; a translation only translates the words")
			}
		}
	case []any:
		t, ok := tr.([]any)
		if !ok {
			c.fail(path, "is %s; in English it is a list", jsonKind(tr))
			return
		}
		if len(t) != len(e) {
			c.fail(path, "has %d entries; the English list has %d", len(t), len(e))
			return
		}
		for i := range e {
			c.value(fmt.Sprintf("%s[%d]", path, i), e[i], t[i])
		}
	default:
		if !jsonEqual(en, tr) {
			c.fail(path, "is %s; it must be as in English, %s (only the words a participant reads are translated)", jsonText(tr), jsonText(en))
		}
	}
}

// word compares a participant-visible text (or, for labels, a list of them).
func (c *translationCheck) word(path, key string, en, tr any) {
	if list, ok := en.([]any); ok {
		t, ok := tr.([]any)
		if !ok || len(t) != len(list) {
			c.fail(path, "must be a list of %d texts, as in English", len(list))
			return
		}
		for i := range list {
			c.word(fmt.Sprintf("%s[%d]", path, i), key, list[i], t[i])
		}
		return
	}
	e, _ := en.(string)
	t, ok := tr.(string)
	switch {
	case !ok:
		c.fail(path, "is %s; it must be text", jsonKind(tr))
	case strings.TrimSpace(t) == "" && strings.TrimSpace(e) != "":
		c.fail(path, "is empty; the English text is %s", jsonText(e))
	case t == e && hasLetter(e) && !slices.Contains(c.same, e):
		c.fail(path, "reads as in English (%s); translate it, or, if the word is the same in both languages, add it to sameIn or sameInEveryLanguage", jsonText(e))
	}
}

// choiceWord are the lists whose entries a participant tells apart by their words: an
// item's options (by label), a scale's labels, a matrix's statements (by text).
var choiceWord = map[string]string{"options": "label", "labels": "", "statements": "text"}

// distinct checks that entries English tells apart by their words stay apart in the
// translation: two anchors of a scale translated alike ("somewhat" and "slightly" both
// "un peu") would make two answers one for the participant, though stored apart.
func (c *translationCheck) distinct(path, word string, en, tr any) {
	words := func(list any) []string {
		entries, _ := list.([]any)
		out := make([]string, len(entries))
		for i, e := range entries {
			if word == "" {
				out[i], _ = e.(string)
			} else if m, ok := e.(map[string]any); ok {
				out[i], _ = m[word].(string)
			}
		}
		return out
	}
	e, t := words(en), words(tr)
	if len(e) != len(t) {
		return // reported as a list of another length
	}
	for i := range t {
		for j := range i {
			if t[i] == t[j] && e[i] != e[j] {
				c.fail(fmt.Sprintf("%s[%d]", path, i), "reads %s, as entry %d does; English tells them apart (%s, %s)", jsonText(t[i]), j, jsonText(e[j]), jsonText(e[i]))
			}
		}
	}
}

// group checks that a group, translated or kept, stands for one English group and only
// that one.
func (c *translationCheck) group(path string, en, tr any) {
	e, _ := en.(string)
	t, ok := tr.(string)
	if !ok || strings.TrimSpace(t) == "" {
		c.fail(path, "must be the group's heading as text; the English one is %s", jsonText(e))
		return
	}
	if prev, seen := c.groups[e]; seen && prev != t {
		c.fail(path, "is %s, but an earlier item of the English group %s has %s; one group, one heading", jsonText(t), jsonText(e), jsonText(prev))
		return
	}
	if other, seen := c.groupOf[t]; seen && other != e {
		c.fail(path, "is %s, the heading given to the English group %s as well; the groups must stay apart", jsonText(t), jsonText(other))
		return
	}
	c.groups[e], c.groupOf[t] = t, e
}

func hasLetter(s string) bool { return strings.IndexFunc(s, unicode.IsLetter) >= 0 }

func jsonEqual(a, b any) bool { return jsonText(a) == jsonText(b) }

// jsonText is a value as JSON, cut to 60 characters for a message.
func jsonText(v any) string {
	b, _ := json.Marshal(v)
	if r := []rune(string(b)); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return string(b)
}

func jsonKind(v any) string {
	switch v.(type) {
	case map[string]any:
		return "an object"
	case []any:
		return "a list"
	case string:
		return "text"
	case float64:
		return "a number"
	case bool:
		return "true or false"
	}
	return "null"
}

func sortedAnyKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
