package study

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"feedlab/feed"
	"feedlab/params"
	"feedlab/store"
)

// customStudy stores a set of three cards with headlines and answers the rows of a
// one-condition study ranked by script.
func customStudy(t *testing.T, st *store.Store, script string) []params.Row {
	t.Helper()
	set := store.NewSet{Name: "20260101_heads", Category: "news", Columns: []string{"source_url", "filename", "retrieve_date", "entity_type", "headline", "topic"}}
	if _, err := st.EntitySet(t.Context(), set.Name); err != nil {
		for i, h := range []string{"Comet over the bay", "Apples are red", "Budget passes"} {
			set.Entities = append(set.Entities, store.NewEntity{EntityURL: "/media/x.png", SourceURL: "https://example.org/" + h[:1], Filename: "x.png",
				RetrieveDate: "2026", EntityType: "image", Headline: h, Covariates: map[string]string{"topic": []string{"science", "food", "politics"}[i]}})
		}
		if err := st.CreateEntitySet(t.Context(), set, nil); err != nil {
			t.Fatal(err)
		}
	}
	return []params.Row{
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"20260101_heads","number_to_show":3,"randomize_between_subjects":"no"}]`},
		{Condition: 1, Param: "algorithm", Value: "custom"},
		{Condition: 1, Param: "algorithm-script", Value: script},
	}
}

// The study's check runs a script on the study's real cards in a worker, with the
// arrival's bounds: a top level that loops or holds 300 MB is a problem for the
// researcher, not a stalled or dead server; a script sorting by headline passes, and a
// participant's feed is ranked by it.
func TestCheckRunsTheScriptOnTheRealCards(t *testing.T) {
	ctx := t.Context()
	st, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	// The step limit, not the time limit, must stop the endless loop, however loaded the
	// machine running the test.
	stop, err := feed.StartScripts(feed.Limits{Timeout: 10 * time.Second, Memory: feed.DefaultLimits.Memory, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	for script, want := range map[string]string{
		"x = 0\nwhile True:\n  x += 1\ndef rank(cards, p):\n  return cards\n":        "the script is refused: the script ran for more than 1000000 steps",
		"big = 'x' * 300000000\ndef rank(cards, p):\n  return cards\n":               "the script is refused: the script used more than 64 MB",
		"def rank(cards, p):\n  return sorted(cards, key=lambda c: c['nope'])\n":     `the script fails at line 2, column 39: key "nope" not in dict (run on the study's stimulus sets)`,
		"def rank(cards, p):\n  return [c for c in cards if c['topic'] != 'food']\n": "rank returned 2 cards for a feed of 3",
	} {
		_, err := Check(ctx, st, customStudy(t, st, script))
		var problems params.Problems
		if !errors.As(err, &problems) || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want a problem saying %q", script, err, want)
		}
	}
	id, err := Create(ctx, st, customStudy(t, st, "def rank(cards, p):\n  return sorted(cards, key=lambda c: c['headline'])\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	def, err := NewDefinitions(st).Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	ents, err := st.Entities(ctx, "20260101_heads")
	if err != nil {
		t.Fatal(err)
	}
	items, err := def.Composer()(ctx, 1, 7, func(set string) ([]store.Entity, error) { return st.Entities(ctx, set) })
	if err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, it := range items {
		got = append(got, it.EntityID)
	}
	if want := []int64{ents[1].EntityID, ents[2].EntityID, ents[0].EntityID}; !slices.Equal(got, want) {
		t.Errorf("feed %v, want by headline %v", got, want)
	}
}

// A script of a condition ranked by answers given before the feed is dry-run with a
// sample participant's answers: reading a required item passes, reading an optional item
// without .get is a problem at Verify (a participant may leave it out).
func TestCheckDryRunsAnswerScriptsWithSampleAnswers(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	st, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	q := `[{"name":"views","title":"Views","pages":[{"items":[
{"id":"side","type":"likert","text":"Side?","points":5,"labels":["L","R"]},
{"id":"note","type":"text","text":"Anything?","required":false},
{"id":"decoy","type":"likert","text":"A distractor","points":5,"save":false}]}]}]`
	rows := func(script string) []params.Row {
		return append(customStudy(t, st, script),
			params.Row{Condition: 1, Param: "questionnaires", Value: q},
			params.Row{Condition: 1, Param: "forms-before", Value: `["views"]`})
	}
	ok := "def rank(cards, p):\n  s = int(p['answers']['views.side'])\n  return sorted(cards, key=lambda c: c['headline'], reverse = s > 3)\n"
	if _, err := Check(ctx, st, rows(ok)); err != nil {
		t.Errorf("a script reading a required answer: %v", err)
	}
	bad := "def rank(cards, p):\n  n = p['answers']['views.note']\n  return cards\n"
	_, err = Check(ctx, st, rows(bad))
	var problems params.Problems
	if !errors.As(err, &problems) || !strings.Contains(err.Error(), `key "views.note" not in dict`) {
		t.Errorf("a script reading an optional answer without .get: %v", err)
	}
	// An item asked but never stored (save false) has no answer to read either.
	decoy := "def rank(cards, p):\n  n = p['answers']['views.decoy']\n  return cards\n"
	if _, err = Check(ctx, st, rows(decoy)); !errors.As(err, &problems) || !strings.Contains(err.Error(), `key "views.decoy" not in dict`) {
		t.Errorf("a script reading an answer never stored: %v", err)
	}
}
