package export

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	cq "feedlab/questionnaire"
	"feedlab/store"
)

// The codebooks list every item of a study's own questionnaires: its answer field, type,
// text, options with values or scale, when it is shown and how a cards question's cards
// are chosen; the participants export describes each custom answer column by its question.
func TestCodebookListsEveryCustomItem(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	set := store.NewSet{Name: "20260101_c", Category: "news", Columns: []string{"source_url", "filename", "retrieve_date", "entity_type", "headline"}}
	set.Entities = append(set.Entities, store.NewEntity{EntityURL: "/media/x.png", SourceURL: "https://example.org/", Filename: "f.png", RetrieveDate: "2026-01-01", EntityType: "image", Headline: "H"})
	if err := st.CreateEntitySet(ctx, set, nil); err != nil {
		t.Fatal(err)
	}
	every, err := os.ReadFile("../questionnaire/testdata/every_type.json")
	if err != nil {
		t.Fatal(err)
	}
	defs, err := cq.Parse(every, nil)
	if err != nil {
		t.Fatal(err)
	}
	id, err := st.CreateStudy(ctx, store.NewStudy{NConditions: 1, Params: []store.Param{
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"20260101_c"}]`},
		{Condition: 1, Param: "questionnaires", Value: string(every)},
		{Condition: 1, Param: "forms", Value: `["news_items","crt"]`},
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, typ := range []string{TypeUserForm, TypeParticipants} {
		cb, err := NewCodebook(ctx, st, typ, id, Options{}, "test")
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := cb.WriteMarkdown(&b); err != nil {
			t.Fatal(err)
		}
		md := b.String()
		if !strings.Contains(md, "### About the posts (/form/news_items, the study's own questionnaire)") || !strings.Contains(md, "### Word problems (/form/crt)") {
			t.Fatalf("%s codebook lacks a questionnaire section:\n%s", typ, md)
		}
		for _, field := range defs[0].Fields() {
			if !strings.Contains(md, "| "+field+" | ") {
				t.Errorf("%s codebook does not list %s", typ, field)
			}
		}
		for _, want := range []string{
			"| apps | multi, required | Which apps? | fb = Facebook; x = X; tt = TikTok; at least 1 and at most 2 selections | shown when uses is yes |",
			"| trust | likert | How much do you trust the news? | 1 to 5 (1 = Not at all, 5 = Completely) | always |",
			"| views.media | matrix, required | How much do you agree?: The media are fair. | 1 to 3 (1 = Disagree, 2 = Neutral, 3 = Agree) |",
			"| uses.other | text | What else",
			"| hours | slider, required | Hours online a day | from 0, to 24, step 0.5, ends labelled none and all day, no starting position (must be moved)",
			"| check | attention, required | Choose Blue. | red = Red; blue = Blue; passes with blue |",
			"| posts.accurate | likert, required | Is it accurate? | 1 to 4 | shown when seen is yes | asked about 6 cards drawn from those the participant was shown in the feed, in a shuffled order, with 2 lures",
		} {
			if !strings.Contains(md, want) {
				t.Errorf("%s codebook lacks %q", typ, want)
			}
		}
		if typ == TypeParticipants {
			for _, c := range cb.Columns {
				if c.Name == "views.science" && !strings.Contains(c.Meaning, "How much do you agree?: Science helps.") {
					t.Errorf("participants column views.science: %+v", c)
				}
			}
		}
	}
}

// The keys the built-ins brought into the format reach a study's own codebook: an item
// asked but not stored (save false) has no line, a number above its min says so, a
// slider's unit is named.
func TestCodebookReadsTheBuiltinsKeysOfACustomQuestionnaire(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	def := `[{"name":"mine","title":"Mine","heading":"About you","pages":[{"items":[
{"id":"decoy","type":"single","text":"Decoy","save":false,"options":[{"value":"a","label":"A"},{"value":"b","label":"B"}]},
{"id":"kids","type":"number","text":"How many children?","min":0,"min_exclusive":true,"integer":true,"invalid":"Enter a whole number above 0"},
{"id":"share","type":"slider","text":"Share","min":0,"max":100,"unit":"%"}]}]}]`
	id, err := st.CreateStudy(ctx, store.NewStudy{NConditions: 1, Params: []store.Param{
		{Condition: 1, Param: "questionnaires", Value: def},
		{Condition: 1, Param: "forms", Value: `["mine"]`},
	}})
	if err != nil {
		t.Fatal(err)
	}
	md := codebookMarkdown(t, st, TypeUserForm, id, Options{})
	if strings.Contains(md, "| decoy |") {
		t.Errorf("an item with save false is listed:\n%s", md)
	}
	for _, want := range []string{"| kids | number, required | How many children? | above 0 |", "| share | slider, required | Share | from 0, to 100, unit %,"} {
		if !strings.Contains(md, want) {
			t.Errorf("codebook lacks %q:\n%s", want, md)
		}
	}
}
