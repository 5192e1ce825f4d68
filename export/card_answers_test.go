package export

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"strings"
	"testing"

	"feedlab/store"
)

// An answer about a feed card is stored with its card, lure flag and position, and the
// user_form export of a study whose questionnaires ask about cards ends with those three
// columns (empty on every other row); the questionnaires definition is no column. The
// exposures export ends with one column per card question.
func TestCardAnswersCarryTheirCard(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	set := store.NewSet{Name: "20260101_k", Category: "news", Columns: []string{"source_url", "filename", "retrieve_date", "entity_type", "headline"}}
	for _, h := range []string{"A", "B"} {
		set.Entities = append(set.Entities, store.NewEntity{EntityURL: "/media/x.png", SourceURL: "https://example.org/" + h, Filename: "f.png", RetrieveDate: "2026-01-01", EntityType: "image", Headline: h})
	}
	if err := st.CreateEntitySet(ctx, set, nil); err != nil {
		t.Fatal(err)
	}
	every, err := os.ReadFile("../questionnaire/testdata/every_type.json")
	if err != nil {
		t.Fatal(err)
	}
	id, err := st.CreateStudy(ctx, store.NewStudy{NConditions: 1, Params: []store.Param{
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"20260101_k"}]`},
		{Condition: 1, Param: "questionnaires", Value: string(every)},
		{Condition: 1, Param: "forms", Value: `["news_items"]`},
	}})
	if err != nil {
		t.Fatal(err)
	}
	ents, _ := st.Entities(ctx, set.Name)
	p, _, err := st.RegisterParticipant(ctx, store.Registration{ExperimentID: id, UserID: "u1", NConditions: 1},
		func(context.Context, int, uint64, store.EntityLookup) ([]store.InventoryItem, error) {
			return []store.InventoryItem{{EntityID: ents[0].EntityID}}, nil
		})
	if err != nil {
		t.Fatal(err)
	}
	n := func(v int64) sql.NullInt64 { return sql.NullInt64{Int64: v, Valid: true} }
	card := func(ev string, entity, lure, pos int64, v string) store.Answer {
		return store.Answer{EventID: ev, ParticipantID: p.ParticipantID, Kind: store.AnswerKindAnswer, Field: "posts.seen", Response: v,
			EntityID: n(entity), Lure: n(lure), Position: n(pos)}
	}
	if _, err := st.RecordEvent(ctx, store.Event{Answers: []store.Answer{
		card("c1", ents[0].EntityID, 0, 1, "yes"),
		card("c2", ents[1].EntityID, 1, 2, "no"),
		{EventID: "a1", ParticipantID: p.ParticipantID, Kind: store.AnswerKindAnswer, Field: "age", Response: "30"},
	}}); err != nil {
		t.Fatal(err)
	}
	// The same event id about another card is a conflict, not a retry.
	if _, err := st.RecordEvent(ctx, store.Event{Answers: []store.Answer{card("c1", ents[1].EntityID, 0, 1, "yes")}}); !errors.Is(err, store.ErrEventConflict) {
		t.Errorf("a reused event id about another card: %v, want ErrEventConflict", err)
	}

	rows := exportRows(t, st, TypeUserForm, id)
	header := rows[len(rows)-1]["__header__"]
	if !strings.HasSuffix(header, ",entity_id,lure,position") || strings.Contains(header, "questionnaires") {
		t.Fatalf("header %s", header)
	}
	got := map[string]string{}
	for _, r := range rows[:len(rows)-1] {
		if r["kind"] == store.AnswerKindAnswer {
			got[r["field"]+"="+r["response"]] = r["entity_id"] + "/" + r["lure"] + "/" + r["position"]
		}
	}
	want := map[string]string{
		"posts.seen=yes": itoa(ents[0].EntityID) + "/0/1",
		"posts.seen=no":  itoa(ents[1].EntityID) + "/1/2",
		"age=30":         "//",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %q, want %q (all %v)", k, got[k], v, got)
		}
	}

	// The exposures export: one column per card question, at the end, holding the answer
	// about the row's card (the lure is no exposure); the codebook describes them.
	exp := exportRows(t, st, TypeExposures, id)
	if h := exp[len(exp)-1]["__header__"]; !strings.HasSuffix(h, ",excluded,exclusion_reason,posts.seen,posts.accurate") {
		t.Fatalf("exposures header %s", h)
	}
	if len(exp) != 2 || exp[0]["entity_id"] != itoa(ents[0].EntityID) || exp[0]["posts.seen"] != "yes" || exp[0]["posts.accurate"] != "" {
		t.Errorf("exposures rows %v", exp)
	}
	cb, err := NewCodebook(ctx, st, TypeExposures, id, Options{}, "test")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cb.Columns {
		if c.Name == "posts.seen" && (!c.Documented || !strings.Contains(c.Meaning, "Did you see it?")) {
			t.Errorf("codebook of posts.seen: %+v", c)
		}
	}
}
