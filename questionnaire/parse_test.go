package questionnaire

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

var reservedNames = []string{"form", "crt", "final"}

func TestParseAcceptsEveryItemTypeAndRoundTrips(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/every_type.json")
	if err != nil {
		t.Fatal(err)
	}
	qs, err := Parse(data, reservedNames)
	if err != nil {
		t.Fatalf("rejected: %v", err)
	}
	if len(qs) != 1 || len(qs[0].Pages) != 2 {
		t.Fatalf("parsed %+v", qs)
	}
	q := qs[0]
	var types []string
	for _, p := range q.Pages {
		for _, it := range p.Items {
			types = append(types, it.Type)
		}
	}
	if !reflect.DeepEqual(types, Types) {
		t.Errorf("types %v, want every type %v", types, Types)
	}
	cards := q.Pages[1].Items[0]
	if cards.From != "feed" || cards.Order != "shuffled" || cards.Sample != 6 || cards.Lures != 2 || len(cards.Items) != 2 {
		t.Errorf("cards item %+v", cards)
	}
	if !q.HasCards() || q.Pages[0].Items[2].IsRequired() || !q.Pages[0].Items[0].IsRequired() {
		t.Error("HasCards or IsRequired wrong")
	}
	wantFields := []string{"uses", "uses.other", "apps", "trust", "views.media", "views.science", "hours", "age", "city", "why", "check", "posts.seen", "posts.accurate"}
	if got := q.Fields(); !reflect.DeepEqual(got, wantFields) {
		t.Errorf("Fields %v\nwant %v", got, wantFields)
	}
	// What Parse returns, written back as JSON, is read back as the same definitions: the
	// study stores and exports the parsed form.
	out, err := json.Marshal(qs)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Parse(out, reservedNames)
	if err != nil {
		t.Fatalf("written form rejected: %v\n%s", err, out)
	}
	if !reflect.DeepEqual(again, qs) {
		t.Errorf("round trip differs:\n%s", out)
	}
}

func TestParseBlankIsNoQuestionnaires(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", "  ", "null", "[]"} {
		qs, err := Parse([]byte(s), reservedNames)
		if err != nil || len(qs) != 0 {
			t.Errorf("%q: %v %v", s, qs, err)
		}
	}
}

// one wraps items in a one-page questionnaire named q.
func one(items string) string {
	return `[{"name":"q","title":"Q","pages":[{"items":[` + items + `]}]}]`
}

const yesNo = `"options":[{"value":"yes","label":"Yes"},{"value":"no","label":"No"}]`

func TestParseNamesEveryProblemWithItsPlace(t *testing.T) {
	t.Parallel()
	single := func(id string, extra string) string {
		return `{"id":"` + id + `","type":"single","text":"T",` + yesNo + extra + `}`
	}
	cases := []struct {
		name, json string
		want       []string // each must be one problem's text, in full or in part
	}{
		{"not a list", `{"name":"q"}`, []string{"must be a JSON list of questionnaires"}},
		{"duplicate id", one(single("a", "") + "," + single("a", "")), []string{`questionnaire "q", page 1, item "a": the id is used by another item`}},
		{"show_if later", one(single("a", `,"show_if":{"item":"b","equals":"yes"}`) + "," + single("b", "")), []string{`item "a": show_if names "b", which comes later`}},
		{"show_if missing", one(single("a", `,"show_if":{"item":"zz","equals":"yes"}`)), []string{`item "a": show_if names "zz", which is not an item`}},
		{"show_if itself", one(single("a", `,"show_if":{"item":"a","equals":"yes"}`)), []string{`item "a": show_if names the item itself`}},
		{"show_if bad value", one(single("a", "") + "," + single("b", `,"show_if":{"item":"a","equals":"maybe"}`)), []string{`item "b": show_if: "maybe" is not a value "a" can store (yes, no)`}},
		{"show_if both", one(single("a", "") + "," + single("b", `,"show_if":{"item":"a","equals":"yes","in":["no"]}`)), []string{`item "b": show_if needs either equals`}},
		{"show_if on shuffled page", `[{"name":"q","title":"Q","pages":[{"randomize_items":true,"items":[` + single("a", "") + "," + single("b", `,"show_if":{"item":"a","equals":"yes"}`) + `]}]}]`, []string{`page 1, item "b": show_if names "a" on this page, whose items come in random order`}},
		{"expect not an option", one(`{"id":"c","type":"attention","text":"T",` + yesNo + `,"expect":"maybe"}`), []string{`item "c": expect "maybe" is not among the options' values (yes, no)`}},
		{"expect missing", one(`{"id":"c","type":"attention","text":"T",` + yesNo + `}`), []string{`item "c": has no expect`}},
		{"points too many", one(`{"id":"l","type":"likert","text":"T","points":12}`), []string{`item "l": points is 12; it must be a whole number from 3 to 11`}},
		{"points fraction", one(`{"id":"l","type":"likert","text":"T","points":4.5}`), []string{`points is 4.5`}},
		{"labels count", one(`{"id":"l","type":"likert","text":"T","points":5,"labels":["a","b","c"]}`), []string{`has 3 labels; give 2 (the ends) or 5 (every point)`}},
		{"slider min max", one(`{"id":"s","type":"slider","text":"T","min":5,"max":1}`), []string{`item "s": min 5 must be below max 1`}},
		{"slider default outside", one(`{"id":"s","type":"slider","text":"T","min":0,"max":10,"default":11}`), []string{`default 11 lies outside`}},
		{"slider too many steps", one(`{"id":"s","type":"slider","text":"T","min":0,"max":1000000,"step":0.001}`), []string{`make at most 10000 steps`}},
		{"number min max", one(`{"id":"n","type":"number","text":"T","min":5,"max":1}`), []string{`item "n": min 5 is above max 1`}},
		// The keys the built-ins need (heading, group, save, unmarked, reverse_options,
		// min_exclusive, invalid, unit), refused where they cannot mean anything.
		{"unmarked required", one(single("a", `,"unmarked":true`)), []string{`item "a": unmarked is for an optional item`}},
		{"attention unsaved", one(`{"id":"c","type":"attention","text":"T",` + yesNo + `,"expect":"yes","save":false}`), []string{`item "c": an attention item's answer is what is checked`}},
		{"group apart", one(single("a", `,"group":"G"`) + "," + single("b", "") + "," + single("c", `,"group":"G"`)), []string{`item "c": the items of group "G" must follow one another`}},
		{"min_exclusive alone", one(`{"id":"n","type":"number","text":"T","min_exclusive":true}`), []string{`item "n": min_exclusive needs a min`}},
		{"unit on a number", one(`{"id":"n","type":"number","text":"T","unit":"%"}`), []string{`item "n": unknown key "unit" for a number item`}},
		{"reverse on a likert", one(`{"id":"l","type":"likert","text":"T","points":5,"reverse_options":true}`), []string{`unknown key "reverse_options" for a likert item`}},
		{"unit too long", one(`{"id":"s","type":"slider","text":"T","min":0,"max":1,"unit":"` + strings.Repeat("u", 21) + `"}`), []string{`the unit has 21 characters`}},
		{"group in a cards item", one(`{"id":"p","type":"cards","items":[{"id":"s","type":"likert","text":"T","points":5,"group":"G"}]}`), []string{`unknown key "group" for a likert item`}},
		{"save on a cards item", one(`{"id":"p","type":"cards","save":false,"items":[{"id":"s","type":"likert","text":"T","points":5}]}`), []string{`unknown key "save" for a cards item`}},
		{"multi max", one(`{"id":"m","type":"multi","text":"T",` + yesNo + `,"max":3}`), []string{`item "m": max 3 must be from 1 to the 2 choices`}},
		{"unknown type", one(`{"id":"x","type":"dropdown","text":"T"}`), []string{`item "x": unknown type "dropdown"; use one of single, multi`}},
		{"unknown key", one(`{"id":"x","type":"number","text":"T","points":5}`), []string{`item "x": unknown key "points" for a number item`}},
		{"no id", one(`{"type":"text","text":"T"}`), []string{`page 1, item #1: has no id`}},
		{"bad id", one(`{"id":"a.b","type":"text","text":"T"}`), []string{`the id "a.b" must start with a letter`}},
		{"built-in name", `[{"name":"crt","title":"T","pages":[{"items":[` + single("a", "") + `]}]}]`, []string{`questionnaire "crt": the name is a built-in questionnaire's`}},
		{"bad name chars", `[{"name":"My Survey","title":"T","pages":[{"items":[` + single("a", "") + `]}]}]`, []string{`questionnaire #1: the name "My Survey" may use only lower-case letters`}},
		{"two with one name", `[{"name":"a","title":"T","pages":[{"items":[` + single("x", "") + `]}]},{"name":"a","title":"T","pages":[{"items":[` + single("x", "") + `]}]}]`, []string{`questionnaire "a": the name is used by questionnaire 1 too`}},
		{"no pages", `[{"name":"a","title":"T","pages":[]}]`, []string{`questionnaire "a": has no pages`}},
		{"empty page", `[{"name":"a","title":"T","pages":[{"items":[]}]}]`, []string{`questionnaire "a", page 1: has no items`}},
		{"option value with ;", one(`{"id":"a","type":"single","text":"T","options":[{"value":"a;b","label":"A"},{"value":"c","label":"C"}]}`), []string{`contains ';'`}},
		{"duplicate option", one(`{"id":"a","type":"single","text":"T","options":[{"value":"a","label":"A"},{"value":"a","label":"C"}]}`), []string{`the value "a" is given to two options`}},
		{"cards in cards", one(`{"id":"p","type":"cards","items":[{"id":"q","type":"cards","items":[]}]}`), []string{`item "p.q": a cards item cannot hold another cards item`}},
		{"cards bad order", one(`{"id":"p","type":"cards","order":"random","items":[` + single("s", "") + `]}`), []string{`item "p": order "random" is unknown`}},
		{"cards sub show_if later", one(`{"id":"p","type":"cards","items":[` + single("s", `,"show_if":{"item":"t","equals":"yes"}`) + "," + single("t", "") + `]}`), []string{`item "p.s": show_if names "t", which is not an item`}},
		{"text too long", one(`{"id":"a","type":"text","text":"` + strings.Repeat("x", MaxTextLen+1) + `"}`), []string{`the text has 5001 characters`}},
		{"max_length", one(`{"id":"a","type":"text","text":"T","max_length":50000}`), []string{`max_length is 50000`}},
		{"several problems at once", `[{"name":"a","title":"T","pages":[{"items":[` + single("x", "") + `,{"id":"x","type":"likert","text":"T"}]},{"items":[{"id":"y","type":"bogus","text":"T"}]}]}]`,
			[]string{`questionnaire "a", page 1, item "x": the id is used`, `questionnaire "a", page 1, item "x": has no points`, `questionnaire "a", page 2, item "y": unknown type "bogus"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			qs, err := Parse([]byte(c.json), reservedNames)
			var ps Problems
			if !errors.As(err, &ps) || qs != nil {
				t.Fatalf("accepted or not Problems: %v %v", qs, err)
			}
			var got []string
			for _, p := range ps {
				got = append(got, p.String())
			}
			for _, w := range c.want {
				if !slices.ContainsFunc(got, func(g string) bool { return strings.Contains(g, w) }) {
					t.Errorf("no problem says %q; got:\n%s", w, strings.Join(got, "\n"))
				}
			}
		})
	}
}

func TestParseLimitsTheSize(t *testing.T) {
	t.Parallel()
	big := `[` + strings.Repeat(`{},`, MaxJSONLen/3) + `{}]`
	if _, err := Parse([]byte(big), nil); err == nil || !strings.Contains(err.Error(), "at most 1000000") {
		t.Errorf("a huge list: %v", err)
	}
	var pages []string
	for p := range 6 {
		items := make([]string, MaxItemsPerPage)
		for i := range items {
			items[i] = fmt.Sprintf(`{"id":"a%d_%d","type":"text","text":"T"}`, p, i)
		}
		pages = append(pages, `{"items":[`+strings.Join(items, ",")+`]}`)
	}
	_, err := Parse([]byte(`[{"name":"q","title":"Q","pages":[`+strings.Join(pages, ",")+`]}]`), nil)
	if err == nil || !strings.Contains(err.Error(), "at most 500 are allowed") {
		t.Errorf("600 items: %v", err)
	}
}
