package export

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"feedlab/store"
)

// TestLanguageColumnOnlyWhereAStudySetsOne: a study whose conditions set a language has a
// language column in the participants, engagement and user_form exports, each row with its
// participant's language and the codebook describing it; the study's own texts
// (translations) never become a column; a study without a language keeps its header.
func TestLanguageColumnOnlyWhereAStudySetsOne(t *testing.T) {
	t.Parallel()
	st, id := seeded(t)
	ctx := context.Background()
	for _, typ := range []string{TypeParticipants, TypeEngagement, TypeUserForm} {
		rows := exportRows(t, st, typ, id)
		if h := rows[len(rows)-1]["__header__"]; strings.Contains(","+h+",", ",language,") {
			t.Fatalf("%s of a study without a language has a language column: %s", typ, h)
		}
	}

	// The same design in two languages (the rows params.Study.Rows writes for it).
	ps, err := st.StudyParams(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	ps = append(ps,
		store.Param{Condition: 1, Param: "language", Value: "en"}, store.Param{Condition: 2, Param: "language", Value: "es"},
		store.Param{Condition: 1, Param: "translations", Value: `{"es":{"feed.submit":"Ir al cuestionario"}}`},
	)
	bilingual, err := st.CreateStudy(ctx, store.NewStudy{NConditions: 2, Params: ps})
	if err != nil {
		t.Fatal(err)
	}
	for _, user := range []string{"a1", "a2"} {
		p, _, err := st.RegisterParticipant(ctx, store.Registration{ExperimentID: bilingual, UserID: user, NConditions: 2, QueryParams: map[string]string{}},
			func(context.Context, int, uint64, store.EntityLookup) ([]store.InventoryItem, error) { return nil, nil })
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.RecordEvent(ctx, store.Event{Answers: []store.Answer{{EventID: user + "-c", ParticipantID: p.ParticipantID, Kind: store.AnswerKindAnswer, Field: "comments", Response: "ok"}}}); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]string{"1": "en", "2": "es"}
	for _, typ := range []string{TypeParticipants, TypeUserForm} {
		rows := exportRows(t, st, typ, bilingual)
		header := rows[len(rows)-1]["__header__"]
		if !strings.Contains(","+header+",", ",language,") || strings.Contains(header, "translations") {
			t.Errorf("%s header %s: want a language column and no translations column", typ, header)
		}
		conditions := map[string]bool{}
		for _, r := range rows[:len(rows)-1] {
			if r["language"] != want[r["condition"]] {
				t.Errorf("%s: a participant of condition %s has language %q, want %q", typ, r["condition"], r["language"], want[r["condition"]])
			}
			conditions[r["condition"]] = true
		}
		if len(conditions) == 0 {
			t.Errorf("%s: no rows", typ)
		}
		cb, err := NewCodebook(ctx, st, typ, bilingual, Options{}, "test")
		if err != nil {
			t.Fatal(err)
		}
		var md bytes.Buffer
		if err := cb.WriteMarkdown(&md); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(md.String(), "| language |") || !strings.Contains(md.String(), "a BCP 47 tag (en where the condition set none)") {
			t.Errorf("%s codebook does not describe language", typ)
		}
	}
	eng := exportRows(t, st, TypeEngagement, bilingual)
	if h := eng[len(eng)-1]["__header__"]; !strings.Contains(","+h+",", ",language,") || strings.Contains(h, "translations") {
		t.Errorf("engagement header %s: want a language column and no translations column", h)
	}
}
