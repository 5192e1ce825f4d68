package export

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"feedlab/store"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/builtin_golden from the current code")

// TestBuiltinQuestionnaireExportsStayTheSame holds the exports and codebooks of a study
// that uses every built-in questionnaire, each field answered, to files written by the
// code before custom questionnaires existed (issue 23): expressing the built-ins in the
// custom format must not change a byte a researcher's analysis reads. Times and the
// study's id, which differ at every run, are masked.
func TestBuiltinQuestionnaireExportsStayTheSame(t *testing.T) {
	t.Parallel()
	st, id := everyBuiltinAnswered(t)
	mask := func(b []byte) []byte {
		b = bytes.ReplaceAll(b, []byte(id), []byte("STUDY"))
		b = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z`).ReplaceAll(b, []byte("TIME"))
		return regexp.MustCompile(`\b1\d{12}\b`).ReplaceAll(b, []byte("MILLIS"))
	}
	for _, typ := range []string{TypeUserForm, TypeParticipants, TypeExposures} {
		var data bytes.Buffer
		if err := WriteWith(context.Background(), st, &data, typ, id, Options{}); err != nil {
			t.Fatal(err)
		}
		cb, err := NewCodebook(context.Background(), st, typ, id, Options{}, "test")
		if err != nil {
			t.Fatal(err)
		}
		var md bytes.Buffer
		if err := cb.WriteMarkdown(&md); err != nil {
			t.Fatal(err)
		}
		for name, got := range map[string][]byte{typ + ".csv": mask(data.Bytes()), typ + "_codebook.md": mask(md.Bytes())} {
			path := filepath.Join("testdata", "builtin_golden", name)
			if *updateGolden {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from testdata/builtin_golden/%s (the built-ins' exports must stay byte-identical)\n got:\n%s", name, name, got)
			}
		}
	}
}

// everyBuiltinAnswered is a study listing every built-in questionnaire, with one
// participant who answered each field of each (a choice its first option, a checkbox its
// first two, a number 7, a text a word) and saw three cards.
func everyBuiltinAnswered(t *testing.T) (*store.Store, string) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	set := store.NewSet{Name: "20260101_golden", Category: "news", Columns: []string{"source_url", "filename", "retrieve_date", "entity_type", "headline"}}
	for i := range 3 {
		set.Entities = append(set.Entities, store.NewEntity{EntityURL: "/media/x.png", SourceURL: fmt.Sprintf("https://example.org/%d", i), Filename: "f.png",
			RetrieveDate: "2026-01-01", EntityType: "image", Headline: fmt.Sprintf("H%d", i)})
	}
	if err := st.CreateEntitySet(ctx, set, nil); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, q := range Questionnaires() {
		names = append(names, q.Name)
	}
	forms, _ := json.Marshal(append(names, "custom-msg"))
	id, err := st.CreateStudy(ctx, store.NewStudy{NConditions: 1, Params: []store.Param{
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"20260101_golden","number_to_show":3,"randomize_between_subjects":"no"}]`},
		{Condition: 1, Param: "feed", Value: "scroll"}, {Condition: 1, Param: "forms", Value: string(forms)},
		{Condition: 1, Param: "custom-msg-type", Value: "onpage"}, {Condition: 1, Param: "custom-msg", Value: "Thanks"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	ents, _ := st.Entities(ctx, set.Name)
	p, _, err := st.RegisterParticipant(ctx, store.Registration{ExperimentID: id, UserID: "u1", NConditions: 1, QueryParams: map[string]string{"PROLIFIC_PID": "pp1"}},
		func(context.Context, int, uint64, store.EntityLookup) ([]store.InventoryItem, error) {
			var items []store.InventoryItem
			for _, e := range ents {
				items = append(items, store.InventoryItem{EntityID: e.EntityID, Likes: sql.NullInt64{Int64: 3, Valid: true}})
			}
			return items, nil
		})
	if err != nil {
		t.Fatal(err)
	}
	var answers []store.Answer
	var dwells []store.Engagement
	for i, e := range ents {
		dwells = append(dwells, store.Engagement{EventID: fmt.Sprintf("d%d", i), ParticipantID: p.ParticipantID, EntityID: e.EntityID, Type: "dwell", Response: fmt.Sprint(1000 * (i + 1))})
	}
	for _, q := range Questionnaires() {
		for _, f := range q.Fields {
			v := "word%20here"
			switch f.Kind {
			case "radio":
				v = f.Options[0].Value
			case "checkbox":
				v = f.Options[0].Value + "%3B" + f.Options[1].Value
			case "number", "slider":
				v = "7"
			}
			answers = append(answers, store.Answer{EventID: q.Name + "/" + f.Name, ParticipantID: p.ParticipantID, Kind: store.AnswerKindAnswer, Field: f.Name, Response: v})
		}
		answers = append(answers, store.Answer{EventID: "done/" + q.Name, ParticipantID: p.ParticipantID, Kind: store.AnswerKindCheckpoint, Field: "form-done:" + q.Name, Response: "1"})
	}
	answers = append(answers, store.Answer{EventID: "submit", ParticipantID: p.ParticipantID, Kind: store.AnswerKindCheckpoint, Field: "submit-click", Response: "1"})
	if _, err := st.RecordEvent(ctx, store.Event{Engagements: dwells, Answers: answers}); err != nil {
		t.Fatal(err)
	}
	return st, id
}

func TestGoldenMaskKeepsStructure(t *testing.T) {
	// The mask replaces only times and the id: a golden file still has every field.
	b, err := os.ReadFile(filepath.Join("testdata", "builtin_golden", TypeUserForm+".csv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range Questionnaires() {
		for _, f := range q.Fields {
			if q.saved(f.Name) && !strings.Contains(string(b), ","+f.Name+",") {
				t.Errorf("golden user_form lacks field %s", f.Name)
			}
		}
	}
}
