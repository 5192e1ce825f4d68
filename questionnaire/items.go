package questionnaire

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// located is an item seen earlier in the questionnaire, for show_if.
type located struct {
	item Item
	page int
}

// checker checks the pages of one questionnaire in order, remembering the items seen so
// that a show_if can only name an earlier one.
type checker struct {
	p        *parser
	earlier  map[string]located // top-level items by id
	ids      map[string]bool    // the top-level ids so far, to report duplicates
	all      map[string]bool    // every top-level id, to tell "later" from "missing"
	count    int
	random   bool            // the current page randomizes its items
	thisPage map[string]Item // items above on the current page
}

var pageKeys = []string{"intro", "items", "randomize_items"}

func (c *checker) page(raw json.RawMessage) Page {
	p := c.p
	m := p.object(raw, "page", `{"intro":"…","items":[…]}`, pageKeys)
	if m == nil {
		return Page{}
	}
	pg := Page{Intro: p.text(p.str(m, "intro"), "the intro", MaxTextLen, true)}
	if r := p.boolean(m, "randomize_items"); r != nil {
		pg.RandomizeItems = *r
	}
	c.random = pg.RandomizeItems
	before := len(p.problems)
	items := p.list(m, "items", MaxItemsPerPage)
	if len(items) == 0 && len(p.problems) == before {
		p.fail("has no items; a page needs at least one")
	}
	if c.ids == nil {
		c.ids = map[string]bool{}
	}
	c.thisPage = map[string]Item{}
	groups := map[string]bool{} // the groups of this page so far
	last := ""
	for i, raw := range items {
		p.at.item = "#" + strconv.Itoa(i+1)
		it, ok := c.item(raw, "", nil)
		c.count++
		if !ok {
			continue
		}
		// A group is shown as one block: its items follow one another.
		if it.Group != "" && it.Group != last && groups[it.Group] {
			p.fail("the items of group %s must follow one another; this one comes after another group's", quote(it.Group))
		}
		groups[it.Group], last = true, it.Group
		pg.Items = append(pg.Items, it)
		c.thisPage[it.ID] = it
	}
	// Items of this page join the earlier pages' only now: a show_if naming an item above
	// it on a shuffled page is refused, as that item may be shown after it.
	for id, it := range c.thisPage {
		c.earlier[id] = located{item: it, page: p.at.page}
	}
	p.at.item = ""
	return pg
}

// keysOf are the keys each type allows, after the common ones.
var commonKeys = []string{"id", "type", "text", "required", "help", "unmarked", "save", "group", "show_if"}

var keysOf = map[string][]string{
	Single:    {"options", "randomize_options", "reverse_options", "other"},
	Multi:     {"options", "randomize_options", "reverse_options", "other", "min", "max"},
	Attention: {"options", "randomize_options", "reverse_options", "expect"},
	Likert:    {"points", "labels"},
	Matrix:    {"points", "labels", "statements"},
	Slider:    {"min", "max", "step", "default", "labels", "unit"},
	Number:    {"min", "max", "integer", "min_exclusive", "invalid"},
	Text:      {"max_length"},
	Textarea:  {"max_length"},
	Cards:     {"from", "order", "sample", "lures", "items"},
}

const itemExample = `{"id":"q1","type":"single","text":"…","options":[{"value":"yes","label":"Yes"}]}`

// item checks one item. cards is the enclosing cards item's id ("" at the top level) and
// siblings its sub-items checked so far. ok is false when the item is too broken to keep.
func (c *checker) item(raw json.RawMessage, cards string, siblings []Item) (Item, bool) {
	p := c.p
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil || m == nil {
		p.fail("the item must be a JSON object such as %s", itemExample)
		return Item{}, false
	}
	it := Item{ID: p.str(m, "id"), Type: p.str(m, "type")}
	switch {
	case it.ID == "":
		p.fail("has no id; give each item an id such as \"q1\" (it names the answer in the exports)")
	case len(it.ID) > MaxIDLen || strings.TrimFunc(it.ID, idRune) != "" || !isLetter(it.ID[0]):
		p.fail("the id %s must start with a letter and use only letters, digits, _ and - (at most %d)", quote(it.ID), MaxIDLen)
		it.ID = ""
	default:
		p.at.item = strconv.Quote(cards + dot(cards) + it.ID)
	}
	if it.ID != "" {
		if cards == "" {
			if c.ids[it.ID] {
				p.fail("the id is used by another item of this questionnaire; ids must be unique")
			}
			c.ids[it.ID] = true
		} else if slices.ContainsFunc(siblings, func(s Item) bool { return s.ID == it.ID }) {
			p.fail("the id is used by another question of this cards item; ids must be unique")
		}
	}
	extra, known := keysOf[it.Type]
	switch {
	case it.Type == "":
		p.fail("has no type; use one of %s", strings.Join(Types, ", "))
	case !known:
		p.fail("unknown type %s; use one of %s", quote(it.Type), strings.Join(Types, ", "))
	case cards != "" && it.Type == Cards:
		p.fail("a cards item cannot hold another cards item; its items are asked about one card")
		known = false
	}
	if !known {
		return Item{}, false
	}
	allowed := append(slices.Clone(commonKeys), extra...)
	if it.Type == Cards {
		// A cards item asks nothing itself: its questions are required, unmarked or unsaved.
		allowed = slices.DeleteFunc(allowed, func(k string) bool { return k == "required" || k == "unmarked" || k == "save" })
	}
	if cards != "" {
		// Each card is a page of its own, asked without groups.
		allowed = slices.DeleteFunc(allowed, func(k string) bool { return k == "group" })
	}
	for _, k := range sortedKeys(m) {
		if !slices.Contains(allowed, k) {
			p.fail("unknown key %s for a %s item; its keys are %s", quote(k), it.Type, strings.Join(allowed, ", "))
		}
	}
	it.Text = p.text(p.str(m, "text"), "the text", MaxTextLen, true)
	if strings.TrimSpace(it.Text) == "" && it.Type != Cards {
		p.fail("has no text; the text is the question the participant reads")
	}
	it.Help = p.text(p.str(m, "help"), "the help", MaxTextLen, true)
	it.Required = p.boolean(m, "required")
	if b := p.boolean(m, "unmarked"); b != nil && *b {
		it.Unmarked = true
		if it.IsRequired() {
			p.fail("unmarked is for an optional item (required false); a required item is never marked (optional)")
		}
	}
	it.Save = p.boolean(m, "save")
	if it.Save != nil && *it.Save {
		it.Save = nil // true is the default: one spelling of each definition
	}
	if !it.IsSaved() && it.Type == Attention {
		p.fail("an attention item's answer is what is checked; it cannot have save false")
	}
	it.Group = strings.TrimSpace(p.text(p.str(m, "group"), "the group", MaxLabelLen, false))

	switch it.Type {
	case Single, Multi, Attention:
		c.choices(m, &it)
	case Likert, Matrix:
		c.scale(m, &it)
	case Slider:
		c.slider(m, &it)
	case Number:
		it.Min, it.Max = p.number(m, "min"), p.number(m, "max")
		if b := p.boolean(m, "integer"); b != nil {
			it.Integer = *b
		}
		if it.Min != nil && it.Max != nil && *it.Min > *it.Max {
			p.fail("min %g is above max %g", *it.Min, *it.Max)
		}
		if b := p.boolean(m, "min_exclusive"); b != nil && *b {
			it.MinExclusive = true
			if it.Min == nil {
				p.fail("min_exclusive needs a min (the number the answer must be above)")
			}
		}
		it.Invalid = p.text(p.str(m, "invalid"), "the invalid hint", MaxLabelLen, false)
	case Text, Textarea:
		it.MaxLength = p.whole(m, "max_length", 1, MaxAnswerLen)
	case Cards:
		c.cards(m, &it)
	}
	if raw, ok := m["show_if"]; ok && string(raw) != "null" {
		it.ShowIf = c.showIf(raw, it, cards, siblings)
	}
	return it, it.ID != ""
}

func dot(s string) string {
	if s == "" {
		return ""
	}
	return "."
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

func sortedKeys(m map[string]json.RawMessage) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// value checks a stored value (an option's value or a show_if's): one line, no ';' (a
// multi joins its values with ';'), at most MaxValueLen characters.
func (c *checker) value(v, what string) bool {
	switch {
	case strings.TrimSpace(v) == "":
		c.p.fail("%s is empty; a value is what the export stores", what)
	case v != strings.TrimSpace(v):
		c.p.fail("%s %s has spaces at its ends", what, quote(v))
	case len(v) > MaxValueLen:
		c.p.fail("%s is longer than %d bytes", what, MaxValueLen)
	case strings.ContainsAny(v, ";"):
		c.p.fail("%s %s contains ';', which joins a multi item's values in the export", what, quote(v))
	case strings.IndexFunc(v, func(r rune) bool { return r < ' ' || r == 0x7f }) >= 0:
		c.p.fail("%s contains control characters", what)
	default:
		return true
	}
	return false
}

func (c *checker) choices(m map[string]json.RawMessage, it *Item) {
	p := c.p
	if b := p.boolean(m, "randomize_options"); b != nil {
		it.RandomizeOptions = *b
	}
	if b := p.boolean(m, "other"); b != nil {
		it.Other = *b
	}
	if b := p.boolean(m, "reverse_options"); b != nil {
		it.ReverseOptions = *b
	}
	before := len(p.problems)
	raws := p.list(m, "options", MaxOptions)
	if len(raws) < 2 && len(p.problems) == before {
		p.fail("has %d options; a %s item needs at least 2", len(raws), it.Type)
	}
	seen := map[string]bool{}
	for i, raw := range raws {
		om := p.object(raw, fmt.Sprintf("option %d", i+1), `{"value":"yes","label":"Yes"}`, []string{"value", "label"})
		if om == nil {
			continue
		}
		o := Option{Value: p.str(om, "value"), Label: p.text(p.str(om, "label"), fmt.Sprintf("option %d's label", i+1), MaxLabelLen, false)}
		if strings.TrimSpace(o.Label) == "" {
			p.fail("option %d has no label; the label is what the participant reads", i+1)
		}
		if !c.value(o.Value, fmt.Sprintf("option %d's value", i+1)) {
			continue
		}
		if seen[o.Value] {
			p.fail("the value %s is given to two options; each option needs its own", quote(o.Value))
			continue
		}
		if it.Other && o.Value == "other" {
			p.fail(`the value "other" is kept for the "other" text box; give this option another value`)
			continue
		}
		seen[o.Value] = true
		it.Options = append(it.Options, o)
	}
	switch it.Type {
	case Multi:
		n := len(raws)
		if it.Other {
			n++
		}
		lo, hi := p.whole(m, "min", 0, MaxOptions+1), p.whole(m, "max", 0, MaxOptions+1)
		if _, ok := m["min"]; ok && lo <= n {
			it.Min = ptr(float64(lo))
		} else if ok {
			p.fail("min %d is more than the %d choices", lo, n)
		}
		if _, ok := m["max"]; ok && hi >= 1 && hi <= n {
			it.Max = ptr(float64(hi))
		} else if ok {
			p.fail("max %d must be from 1 to the %d choices", hi, n)
		}
		if it.Min != nil && it.Max != nil && *it.Min > *it.Max {
			p.fail("min %d is above max %d", lo, hi)
		}
	case Attention:
		it.Expect = p.str(m, "expect")
		switch {
		case it.Expect == "":
			p.fail("has no expect; an attention item names the option value that passes")
		case !seen[it.Expect]:
			p.fail("expect %s is not among the options' values (%s)", quote(it.Expect), strings.Join(optionValues(it.Options), ", "))
		}
	}
}

func ptr[T any](v T) *T { return &v }

func optionValues(os []Option) []string {
	out := make([]string, len(os))
	for i, o := range os {
		out[i] = o.Value
	}
	return out
}

// scale checks a likert or matrix item's points, labels and (matrix) statements.
func (c *checker) scale(m map[string]json.RawMessage, it *Item) {
	p := c.p
	if _, ok := m["points"]; !ok {
		p.fail("has no points; a %s item needs points from 3 to 11", it.Type)
	} else {
		it.Points = p.whole(m, "points", 3, 11)
	}
	it.Labels = c.labels(m)
	if n := len(it.Labels); it.Points > 0 && n != 0 && n != 2 && n != it.Points {
		p.fail("has %d labels; give 2 (the ends) or %d (every point)", n, it.Points)
	}
	if it.Type != Matrix {
		return
	}
	before := len(p.problems)
	raws := p.list(m, "statements", MaxStatements)
	if len(raws) == 0 && len(p.problems) == before {
		p.fail("has no statements; a matrix rates at least one statement")
	}
	c.count += len(raws)
	for i, raw := range raws {
		sm := p.object(raw, fmt.Sprintf("statement %d", i+1), `{"id":"s1","text":"…"}`, []string{"id", "text"})
		if sm == nil {
			continue
		}
		s := Statement{ID: p.str(sm, "id"), Text: p.text(p.str(sm, "text"), fmt.Sprintf("statement %d's text", i+1), MaxLabelLen*2, true)}
		switch {
		case s.ID == "" || len(s.ID) > MaxIDLen || strings.TrimFunc(s.ID, idRune) != "" || !isLetter(s.ID[0]):
			p.fail("statement %d's id %s must start with a letter and use only letters, digits, _ and - (at most %d)", i+1, quote(s.ID), MaxIDLen)
			continue
		case slices.ContainsFunc(it.Statements, func(o Statement) bool { return o.ID == s.ID }):
			p.fail("statement id %s is used twice", quote(s.ID))
			continue
		case strings.TrimSpace(s.Text) == "":
			p.fail("statement %s has no text", quote(s.ID))
		}
		it.Statements = append(it.Statements, s)
	}
}

func (c *checker) labels(m map[string]json.RawMessage) []string {
	p := c.p
	var out []string
	for i, raw := range p.list(m, "labels", 11) {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			p.fail("label %d must be text in quotes", i+1)
			continue
		}
		out = append(out, p.text(s, fmt.Sprintf("label %d", i+1), MaxLabelLen, false))
	}
	return out
}

func (c *checker) slider(m map[string]json.RawMessage, it *Item) {
	p := c.p
	it.Min, it.Max = p.number(m, "min"), p.number(m, "max")
	it.Step, it.Default = p.number(m, "step"), p.number(m, "default")
	if it.Min == nil || it.Max == nil {
		p.fail("a slider needs min and max")
		return
	}
	if *it.Min >= *it.Max {
		p.fail("min %g must be below max %g", *it.Min, *it.Max)
		return
	}
	step := 1.0
	if it.Step != nil {
		step = *it.Step
	}
	if step <= 0 || (*it.Max-*it.Min)/step > MaxSliderSteps {
		p.fail("step %g must be above 0 and make at most %d steps from min to max", step, MaxSliderSteps)
	}
	if it.Default != nil && (*it.Default < *it.Min || *it.Default > *it.Max) {
		p.fail("default %g lies outside min %g to max %g", *it.Default, *it.Min, *it.Max)
	}
	it.Labels = c.labels(m)
	if n := len(it.Labels); n != 0 && n != 2 {
		p.fail("has %d labels; a slider takes 2 (its ends)", n)
	}
	it.Unit = p.text(p.str(m, "unit"), "the unit", MaxUnitLen, false)
}

func (c *checker) cards(m map[string]json.RawMessage, it *Item) {
	p := c.p
	it.From = p.str(m, "from")
	switch it.From {
	case "":
		it.From = "feed"
	case "feed":
	default:
		p.fail("from %s is unknown; use \"feed\" (the cards this participant was shown)", quote(it.From))
	}
	it.Order = p.str(m, "order")
	switch it.Order {
	case "":
		it.Order = "feed"
	case "feed", "shuffled":
	default:
		p.fail("order %s is unknown; use \"feed\" or \"shuffled\"", quote(it.Order))
	}
	it.Sample = p.whole(m, "sample", 0, MaxCardsAsked)
	it.Lures = p.whole(m, "lures", 0, MaxCardsAsked)
	before := len(p.problems)
	raws := p.list(m, "items", MaxCardItems)
	if len(raws) == 0 && len(p.problems) == before {
		p.fail("has no items; a cards item asks at least one question about each card")
	}
	at := p.at.item
	for i, raw := range raws {
		p.at.item = fmt.Sprintf("%s, question #%d", at, i+1)
		sub, ok := c.item(raw, it.ID, it.Items)
		c.count++
		if ok {
			it.Items = append(it.Items, sub)
		}
	}
	p.at.item = at
}

var showIfExample = `{"item":"q1","equals":"yes"} or {"item":"q1","in":["yes","maybe"]}`

// showIf checks a show_if: it names an earlier item (a sub-item of the same cards item, or
// an item above), with values that item can store.
func (c *checker) showIf(raw json.RawMessage, it Item, cards string, siblings []Item) *ShowIf {
	p := c.p
	m := p.object(raw, "show_if", showIfExample, []string{"item", "equals", "in"})
	if m == nil {
		return nil
	}
	s := &ShowIf{Item: p.str(m, "item")}
	if _, ok := m["equals"]; ok {
		e := p.str(m, "equals")
		s.Equals = &e
	}
	for i, raw := range p.list(m, "in", MaxShowIfValues) {
		var v string
		if json.Unmarshal(raw, &v) != nil {
			p.fail("show_if: in's entry %d must be text in quotes", i+1)
			continue
		}
		s.In = append(s.In, v)
	}
	if (s.Equals == nil) == (len(s.In) == 0) {
		p.fail("show_if needs either equals (one value) or in (a list of values), not both, not neither")
		return nil
	}
	if s.Item == "" {
		p.fail("show_if has no item; name the earlier item it depends on")
		return nil
	}
	target, found := Item{}, false
	if cards != "" {
		i := slices.IndexFunc(siblings, func(o Item) bool { return o.ID == s.Item })
		if i >= 0 {
			target, found = siblings[i], true
		}
	}
	if !found {
		if loc, ok := c.earlier[s.Item]; ok {
			target, found = loc.item, true
		} else if above, ok := c.thisPage[s.Item]; ok {
			if c.random {
				p.fail("show_if names %s on this page, whose items come in random order, so it may come after; put %s on an earlier page", quote(s.Item), quote(s.Item))
				return nil
			}
			target, found = above, true
		}
	}
	if !found {
		switch {
		case s.Item == it.ID && cards == "":
			p.fail("show_if names the item itself; it can only depend on an earlier item")
		case c.all[s.Item]:
			p.fail("show_if names %s, which comes later; an item can only depend on an earlier one", quote(s.Item))
		default:
			p.fail("show_if names %s, which is not an item of this questionnaire", quote(s.Item))
		}
		return nil
	}
	var allowed []string
	switch target.Type {
	case Single, Multi, Attention:
		allowed = optionValues(target.Options)
		if target.Other {
			allowed = append(allowed, "other")
		}
	case Likert:
		for i := 1; i <= target.Points; i++ {
			allowed = append(allowed, strconv.Itoa(i))
		}
	case Matrix, Cards:
		p.fail("show_if names %s, a %s item; name a single, multi, likert, slider, number or text item", quote(s.Item), target.Type)
		return nil
	}
	vals := s.In
	if s.Equals != nil {
		vals = []string{*s.Equals}
	}
	for _, v := range vals {
		if !c.value(v, "the show_if value") {
			return nil
		}
		if allowed != nil && !slices.Contains(allowed, v) {
			p.fail("show_if: %s is not a value %s can store (%s)", quote(v), quote(s.Item), strings.Join(allowed, ", "))
			return nil
		}
	}
	return s
}
