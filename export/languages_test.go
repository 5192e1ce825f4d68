package export

import (
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
		md := codebookMarkdown(t, st, typ, bilingual, Options{})
		if !strings.Contains(md, "| language |") || !strings.Contains(md, "a BCP 47 tag (en where the condition set none)") {
			t.Errorf("%s codebook does not describe language", typ)
		}
	}
	eng := exportRows(t, st, TypeEngagement, bilingual)
	if h := eng[len(eng)-1]["__header__"]; !strings.Contains(","+h+",", ",language,") || strings.Contains(h, "translations") {
		t.Errorf("engagement header %s: want a language column and no translations column", h)
	}
}

// The codebook marks a built-in questionnaire that conditions in another language received
// in feedlab's translation: once per questionnaire and language, naming the conditions and
// their tags, "translation not validated". A condition in a language without a
// translation (Hebrew) read English and is not named; the study's own questionnaire,
// written in its language, is never marked; an English study's codebook says nothing of
// translations.
func TestCodebookMarksTranslatedBuiltins(t *testing.T) {
	t.Parallel()
	st, english := seeded(t)
	ctx := context.Background()
	sets := `[{"entity_set":"20260101_news","number_to_show":3}]`
	mine := `[{"name":"mine","title":"Sobre ti","pages":[{"items":[{"id":"why","type":"text","text":"¿Por qué?"}]}]}]`
	var ps []store.Param
	for c, lang := range map[int]string{1: "en", 2: "es-MX", 3: "he", 4: "es"} {
		ps = append(ps, store.Param{Condition: c, Param: "entity_sets", Value: sets}, store.Param{Condition: c, Param: "language", Value: lang},
			store.Param{Condition: c, Param: "questionnaires", Value: mine}, store.Param{Condition: c, Param: "forms", Value: `["mine","final"]`})
	}
	ps = append(ps, store.Param{Condition: 4, Param: "forms-before", Value: `["final"]`})
	id, err := st.CreateStudy(ctx, store.NewStudy{NConditions: 4, Params: ps})
	if err != nil {
		t.Fatal(err)
	}
	codebook := func(typ, id string) string { return codebookMarkdown(t, st, typ, id, Options{}) }
	for _, typ := range []string{TypeUserForm, TypeParticipants} {
		md := codebook(typ, id)
		want := "**es: translation not validated.** Conditions 2, 4 (language es, es-MX) received this questionnaire in feedlab's es translation (`feedlab questionnaire show final --language es`), not in English."
		if strings.Count(md, "translation not validated") != 1 || !strings.Contains(md, want) {
			t.Errorf("%s codebook: want once\n%s\ngot\n%s", typ, want, md)
		}
		// Below final's own table, not the study's own questionnaire's.
		final := strings.Index(md, "### Final questions (/form/final)")
		own := strings.Index(md, "### Sobre ti (/form/mine, the study's own questionnaire)")
		mark := strings.Index(md, want)
		if final < 0 || own < 0 || mark < final || (own > final && mark > own) {
			t.Errorf("%s codebook: the mark is not under final's table (final at %d, mine at %d, mark at %d)", typ, final, own, mark)
		}
		if strings.Contains(md, "**he") || strings.Contains(md, "--language he") {
			t.Errorf("%s codebook names a Hebrew translation", typ)
		}
	}
	if md := codebook(TypeUserForm, english); strings.Contains(md, "translation") {
		t.Errorf("an English study's codebook speaks of translations:\n%s", md)
	}
}
