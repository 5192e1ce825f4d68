package export

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"feedlab/params"
	"feedlab/store"
)

// TestInterventionRecordsReachExportsAndCodebook: a study of the intervention family, one
// participant with the rows the participant app records; the participants export carries
// the condition's skin and style, the hash of its own text and the recorded fields, and the
// codebook describes each.
func TestInterventionRecordsReachExportsAndCodebook(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	set := store.NewSet{Name: "20260101_news", Category: "news", Columns: []string{"source_url", "filename", "retrieve_date", "entity_type", "headline"}}
	set.Entities = []store.NewEntity{{EntityURL: "/media/x.png", SourceURL: "https://example.org/a", Filename: "f.png", RetrieveDate: "2026-01-01", EntityType: "image", Headline: "A"}}
	if err := st.CreateEntitySet(ctx, set, nil); err != nil {
		t.Fatal(err)
	}
	const text = "## Pause\n\nThink first."
	study, err := params.Validate([]params.Row{
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"20260101_news"}]`},
		{Condition: 1, Param: "intervention-type", Value: "importance"},
		{Condition: 1, Param: "intervention-style", Value: "infeed"},
		{Condition: 1, Param: "intervention-text", Value: text},
		{Condition: 1, Param: "skin", Value: "distract"},
	}, func(string) (int, bool) { return 1, true })
	if err != nil {
		t.Fatal(err)
	}
	var ps []store.Param
	for _, r := range study.Rows() {
		ps = append(ps, store.Param{Condition: r.Condition, Param: r.Param, Value: r.Value})
	}
	id, err := st.CreateStudy(ctx, store.NewStudy{NConditions: 1, Params: ps})
	if err != nil {
		t.Fatal(err)
	}
	p, _, err := st.RegisterParticipant(ctx, store.Registration{ExperimentID: id, UserID: "u1", NConditions: 1},
		func(context.Context, int, uint64, store.EntityLookup) ([]store.InventoryItem, error) { return nil, nil })
	if err != nil {
		t.Fatal(err)
	}
	answers := []store.Answer{}
	for i, f := range [][2]string{{"intervention_type", "importance"}, {"intervention_style", "infeed"}, {"intervention_text_sha256", params.TextHash(text)}, {"intervention_dwell_ms", "2400"}} {
		answers = append(answers, store.Answer{EventID: "iv-" + string(rune('a'+i)), ParticipantID: p.ParticipantID, Kind: store.AnswerKindAnswer, Field: f[0], Response: f[1]})
	}
	if _, err := st.RecordEvent(ctx, store.Event{Answers: answers}); err != nil {
		t.Fatal(err)
	}

	rows := exportRows(t, st, TypeParticipants, id)
	r := rows[0]
	for col, want := range map[string]string{
		"skin": "distract", "intervention-style": "infeed", "intervention-trigger": "position",
		"intervention-text-sha256": params.TextHash(text), "intervention_text_sha256": params.TextHash(text),
		"intervention_type": "importance", "intervention_dwell_ms": "2400",
	} {
		if r[col] != want {
			t.Errorf("participants export %s = %q, want %q", col, r[col], want)
		}
	}
	if header := rows[len(rows)-1]["__header__"]; strings.Contains(header, ",intervention-text,") {
		t.Errorf("the long text is a column: %s", header)
	}

	for _, typ := range []string{TypeParticipants, TypeUserForm} {
		cb, err := NewCodebook(ctx, st, typ, id, Options{}, "test")
		if err != nil {
			t.Fatal(err)
		}
		var md bytes.Buffer
		if err := cb.WriteMarkdown(&md); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"## Interventions", "| intervention_preceded |"} {
			if !strings.Contains(md.String(), want) {
				t.Errorf("%s codebook lacks %q", typ, want)
			}
		}
		for _, c := range cb.Columns {
			if strings.HasPrefix(c.Name, "intervention") && (!c.Documented || strings.Contains(c.Meaning, "no built-in questionnaire")) {
				t.Errorf("%s codebook: column %s is not described as an intervention column: %q", typ, c.Name, c.Meaning)
			}
		}
	}
}
