package questionnaire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Parse reads a study's questionnaires list (a JSON list of definitions) and checks every
// rule of the contract. reserved are the names a definition may not take (the built-ins).
// Blank text is an empty list. On failure the error is Problems, naming every problem with
// its questionnaire, page and item, and the list is nil.
func Parse(data []byte, reserved []string) ([]Questionnaire, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || string(data) == "null" {
		return nil, nil
	}
	p := &parser{reserved: reserved}
	switch {
	case len(data) > MaxJSONLen:
		p.fail("the questionnaires are %d bytes of JSON; at most %d are allowed", len(data), MaxJSONLen)
	case !utf8.Valid(data):
		p.fail("the questionnaires are not valid UTF-8 text")
	}
	if len(p.problems) > 0 {
		return nil, p.problems
	}
	var list []json.RawMessage
	if err := json.Unmarshal(data, &list); err != nil {
		p.fail(`must be a JSON list of questionnaires such as [{"name":"demo","title":"About you","pages":[{"items":[…]}]}]`)
		return nil, p.problems
	}
	if len(list) > MaxQuestionnaires {
		p.fail("%d questionnaires; a study may define at most %d", len(list), MaxQuestionnaires)
		return nil, p.problems
	}
	var out []Questionnaire
	first := map[string]int{}
	for i, raw := range list {
		q := p.questionnaire(i+1, raw)
		if q.Name == "" {
			continue
		}
		if n, dup := first[q.Name]; dup {
			p.at = place{q: strconv.Quote(q.Name)}
			p.fail("the name is used by questionnaire %d too; each questionnaire needs its own name", n)
			continue
		}
		first[q.Name] = i + 1
		out = append(out, q)
	}
	if len(p.problems) > 0 {
		return nil, p.problems
	}
	return out, nil
}

// place is where the parser is, for messages.
type place struct {
	q    string
	page int
	item string
}

type parser struct {
	reserved []string
	problems Problems
	at       place
}

func (p *parser) fail(format string, args ...any) {
	p.problems = append(p.problems, Problem{Questionnaire: p.at.q, Page: p.at.page, Item: p.at.item, Message: fmt.Sprintf(format, args...)})
}

// object reads a JSON object and reports keys outside allowed; nil when it is no object.
func (p *parser) object(raw json.RawMessage, what, example string, allowed []string) map[string]json.RawMessage {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		p.fail("the %s must be a JSON object such as %s", what, example)
		return nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !slices.Contains(allowed, k) {
			p.fail("unknown key %s in the %s; its keys are %s", quote(k), what, strings.Join(allowed, ", "))
		}
	}
	return m
}

// str reads an optional string; a value of another JSON type is reported.
func (p *parser) str(m map[string]json.RawMessage, key string) string {
	raw, ok := m[key]
	if !ok || string(raw) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		p.fail("%s must be text in quotes", key)
		return ""
	}
	return s
}

func (p *parser) boolean(m map[string]json.RawMessage, key string) *bool {
	raw, ok := m[key]
	if !ok || string(raw) == "null" {
		return nil
	}
	var b bool
	if json.Unmarshal(raw, &b) != nil {
		p.fail("%s must be true or false", key)
		return nil
	}
	return &b
}

func (p *parser) number(m map[string]json.RawMessage, key string) *float64 {
	raw, ok := m[key]
	if !ok || string(raw) == "null" {
		return nil
	}
	var f float64
	if json.Unmarshal(raw, &f) != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		p.fail("%s must be a number", key)
		return nil
	}
	if math.Abs(f) > MaxAbsNumber {
		p.fail("%s is %g; numbers here must lie between %g and %g", key, f, -MaxAbsNumber, MaxAbsNumber)
		return nil
	}
	return &f
}

// whole reads an optional whole number in [lo, hi]; absent gives 0.
func (p *parser) whole(m map[string]json.RawMessage, key string, lo, hi int) int {
	f := p.number(m, key)
	if f == nil {
		return 0
	}
	if *f != math.Trunc(*f) || *f < float64(lo) || *f > float64(hi) {
		p.fail("%s is %g; it must be a whole number from %d to %d", key, *f, lo, hi)
		return 0
	}
	return int(*f)
}

func (p *parser) list(m map[string]json.RawMessage, key string, max int) []json.RawMessage {
	raw, ok := m[key]
	if !ok || string(raw) == "null" {
		return nil
	}
	var l []json.RawMessage
	if json.Unmarshal(raw, &l) != nil {
		p.fail("%s must be a JSON list", key)
		return nil
	}
	if len(l) > max {
		p.fail("%s has %d entries; at most %d are allowed", key, len(l), max)
		return nil
	}
	return l
}

// text checks researcher-written text: no control characters apart from line breaks and
// tabs (when multiline), at most max characters.
func (p *parser) text(s, what string, max int, multiline bool) string {
	if n := utf8.RuneCountInString(s); n > max {
		p.fail("%s has %d characters; at most %d are allowed", what, n, max)
		return ""
	}
	if strings.IndexFunc(s, func(r rune) bool {
		return unicode.IsControl(r) && !(multiline && (r == '\n' || r == '\r' || r == '\t'))
	}) >= 0 {
		if multiline {
			p.fail("%s contains control characters", what)
		} else {
			p.fail("%s must be one line without control characters", what)
		}
		return ""
	}
	return s
}

var questionnaireKeys = []string{"name", "title", "heading", "pages"}

const questionnaireExample = `{"name":"demo","title":"About you","pages":[{"items":[…]}]}`

func (p *parser) questionnaire(n int, raw json.RawMessage) Questionnaire {
	p.at = place{q: "#" + strconv.Itoa(n)}
	m := p.object(raw, "questionnaire", questionnaireExample, questionnaireKeys)
	if m == nil {
		return Questionnaire{}
	}
	var q Questionnaire
	name := p.str(m, "name")
	switch {
	case name == "":
		p.fail("has no name; give it a name of lower-case letters, digits and _ such as \"demo\"")
	case len(name) > MaxNameLen || strings.TrimFunc(name, nameRune) != "":
		p.fail("the name %s may use only lower-case letters, digits and _ (at most %d)", quote(name), MaxNameLen)
	case slices.Contains(p.reserved, name):
		p.at.q = strconv.Quote(name)
		p.fail("the name is a built-in questionnaire's; choose another name (to start from the built-in, copy `feedlab questionnaire show %s`)", name)
	default:
		q.Name = name
		p.at.q = strconv.Quote(name)
	}
	if strings.TrimSpace(p.str(m, "title")) == "" {
		p.fail("has no title; the title names it on the participant's page")
	} else {
		q.Title = p.text(p.str(m, "title"), "the title", MaxTitleLen, false)
	}
	q.Heading = strings.TrimSpace(p.text(p.str(m, "heading"), "the heading", MaxTitleLen, false))
	before := len(p.problems)
	pages := p.list(m, "pages", MaxPages)
	if len(pages) == 0 && len(p.problems) == before {
		p.fail("has no pages; a questionnaire needs at least one page with one item")
	}
	v := &checker{p: p, earlier: map[string]located{}, all: allIDs(raw)}
	for i, raw := range pages {
		p.at.page, p.at.item = i+1, ""
		q.Pages = append(q.Pages, v.page(raw))
	}
	p.at.page, p.at.item = 0, ""
	if v.count > MaxItems {
		p.fail("has %d items, card questions and matrix statements; at most %d are allowed", v.count, MaxItems)
	}
	if q.Name == "" {
		return Questionnaire{}
	}
	return q
}

// nameRune are the characters of a questionnaire's name: it is a URL segment and a prefix
// of answer keys ("<questionnaire>.<item>").
func nameRune(r rune) bool { return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' }

// idRune are the characters of item, statement ids: they become export columns and field
// names, joined with '.', so a '.' of their own would be ambiguous.
func idRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-'
}

func quote(s string) string {
	const max = 60
	if utf8.RuneCountInString(s) > max {
		return fmt.Sprintf("%q…", string([]rune(s)[:max]))
	}
	return fmt.Sprintf("%q", s)
}

// allIDs reads every top-level item id, however broken the rest, so that a show_if naming
// a later item is told so rather than that the item does not exist.
func allIDs(raw json.RawMessage) map[string]bool {
	var loose struct {
		Pages []struct {
			Items []struct {
				ID any `json:"id"`
			} `json:"items"`
		} `json:"pages"`
	}
	_ = json.Unmarshal(raw, &loose) // best effort: what could not be read is reported elsewhere
	ids := map[string]bool{}
	for _, pg := range loose.Pages {
		for _, it := range pg.Items {
			if id, ok := it.ID.(string); ok {
				ids[id] = true
			}
		}
	}
	return ids
}

// parseOne reads a single definition (a JSON object), as `feedlab questionnaire show`
// prints one and as each built-in is stored (builtins/NAME.json).
func parseOne(data []byte, reserved []string) (Questionnaire, error) {
	list, err := Parse(append(append([]byte("["), bytes.TrimSpace(data)...), ']'), reserved)
	if err != nil {
		return Questionnaire{}, err
	}
	if len(list) != 1 {
		return Questionnaire{}, Problems{{Message: "must be one questionnaire (a JSON object)"}}
	}
	return list[0], nil
}
