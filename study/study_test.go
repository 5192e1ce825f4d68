package study

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"feedlab/params"
	"feedlab/store"
)

func TestCreateLoadAndTheParticipantsView(t *testing.T) {
	ctx := t.Context()
	st := storeWithNewsSet(t)
	rows := []params.Row{
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"20260101_news","number_to_show":2,"randomize_between_subjects":"yes"}]`},
		{Condition: 1, Param: "consent", Value: "default"},
		{Condition: 1, Param: "platform", Value: "mturk"},
		{Condition: 1, Param: "completion-code", Value: "SECRET"},
	}
	if _, err := Create(ctx, st, []params.Row{{Condition: 1, Param: "colour", Value: "red"}}, ""); !errors.As(err, new(params.Problems)) {
		t.Fatalf("bad rows: %v, want params.Problems", err)
	}
	id, err := Create(ctx, st, rows, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Create(ctx, st, rows, "", Builtin(id)); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a built-in study over an existing id: %v, want ErrConflict", err)
	}
	defs := NewDefinitions(st)
	if _, err := defs.Load(ctx, "fl-missing"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown study: %v, want ErrNotFound", err)
	}
	def, err := defs.Load(ctx, id)
	if err != nil || def.Condition(1) == nil || def.Condition(2) != nil {
		t.Fatalf("definition %+v, %v", def, err)
	}
	if again, _ := defs.Load(ctx, id); again != def {
		t.Error("a loaded study is not kept in memory")
	}
	var names []string
	for _, p := range participantParameters(def.Study, *def.Condition(1)) {
		names = append(names, p.Param)
		if p.Param == "consent" && !strings.Contains(p.Value, "voluntary") {
			t.Errorf("consent %q: the default text was not used", p.Value)
		}
	}
	if slices.Contains(names, "entity_sets") || slices.Contains(names, "completion-code") || !slices.Contains(names, "platform") {
		t.Errorf("a participant receives %v", names)
	}
	items, err := def.Composer()(t.Context(), 1, 7, func(set string) ([]store.Entity, error) { return st.Entities(ctx, set) })
	if err != nil || len(items) != 2 {
		t.Fatalf("composed %+v, %v; want 2 cards", items, err)
	}
	if ids := PlatformIDs(map[string]string{"workerId": "w1", "other": "x"}); len(ids) != 1 || ids["workerId"] != "w1" {
		t.Errorf("platform ids %v", ids)
	}
}

// storeWithNewsSet opens a store in a temporary directory holding one set of three image
// cards, 20260101_news.
func storeWithNewsSet(t *testing.T) *store.Store {
	t.Helper()
	st, err := store.Open(t.Context(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	set := store.NewSet{Name: "20260101_news", Category: "news", Columns: []string{"source_url", "filename", "retrieve_date", "entity_type"}}
	for range 3 {
		set.Entities = append(set.Entities, store.NewEntity{EntityURL: "/media/x.png", SourceURL: "https://example.org", Filename: "x.png", RetrieveDate: "2026", EntityType: "image"})
	}
	if err := st.CreateEntitySet(t.Context(), set, nil); err != nil {
		t.Fatal(err)
	}
	return st
}
