package export

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"feedlab/store"
)

// TestSpeechEndsTheEngagementExportOnlyWhereParticipantsSpeak: a study with
// feed-button-comment ends its engagement export with text and target_id, a comment's text
// neutralised when a spreadsheet would run it (kept as written with Raw), every other row
// empty there; the codebook documents both columns and the new engagement types. The seeded
// study without it keeps its header (TestEngagementExportShapeAndParameterColumns).
func TestSpeechEndsTheEngagementExportOnlyWhereParticipantsSpeak(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	set := store.NewSet{Name: "20260101_talk", Category: "news", Columns: []string{"source_url", "filename", "retrieve_date", "entity_type"}}
	set.Entities = append(set.Entities, store.NewEntity{EntityURL: "/media/x.png", SourceURL: "https://example.org/", Filename: "f.png", RetrieveDate: "2026-01-01", EntityType: "image"})
	if err := st.CreateEntitySet(ctx, set, nil); err != nil {
		t.Fatal(err)
	}
	id, err := st.CreateStudy(ctx, store.NewStudy{NConditions: 1, Params: []store.Param{
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"20260101_talk","number_to_show":1}]`},
		{Condition: 1, Param: "feed-button-comment", Value: "yes"}, {Condition: 1, Param: "comment-like", Value: "no"}, {Condition: 1, Param: "feed-compose", Value: "no"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	ents, _ := st.Entities(ctx, set.Name)
	card := ents[0].EntityID
	p, _, err := st.RegisterParticipant(ctx, store.Registration{ExperimentID: id, UserID: "ann", NConditions: 1},
		func(context.Context, int, uint64, store.EntityLookup) ([]store.InventoryItem, error) {
			return []store.InventoryItem{{EntityID: card}}, nil
		})
	if err != nil {
		t.Fatal(err)
	}
	formula := `=HYPERLINK("https://evil.example","see")`
	if _, err := st.RecordEvent(ctx, store.Event{Engagements: []store.Engagement{
		{EventID: "c-1", ParticipantID: p.ParticipantID, EntityID: card, Type: "comment", Response: "1", Text: formula, TargetID: "7"},
		{EventID: "r-1", ParticipantID: p.ParticipantID, EntityID: card, Type: "reply", Response: "1", Text: "Thanks, Dana", TargetID: "c1"},
		{EventID: "d-1", ParticipantID: p.ParticipantID, EntityID: card, Type: "dwell", Response: "1200"},
	}}); err != nil {
		t.Fatal(err)
	}
	rows := exportRows(t, st, TypeEngagement, id)
	if h := rows[len(rows)-1]["__header__"]; !strings.HasSuffix(h, ",feed-compose,text,target_id") {
		t.Fatalf("header %s, want text and target_id last", h)
	}
	by := map[string]map[string]string{}
	for _, r := range rows[:len(rows)-1] {
		by[r["engagement_type"]] = r
	}
	if c := by["comment"]; c["text"] == formula || !strings.Contains(c["text"], "HYPERLINK") || c["target_id"] != "7" {
		t.Errorf("comment row text %q target %q: want the formula neutralised, target the card", c["text"], c["target_id"])
	}
	if r := by["reply"]; r["text"] != "Thanks, Dana" || r["target_id"] != "c1" {
		t.Errorf("reply row %v", r)
	}
	if d := by["dwell"]; d["text"] != "" || d["target_id"] != "" {
		t.Errorf("dwell row carries speech: %v", d)
	}
	var raw bytes.Buffer
	if err := WriteWith(ctx, st, &raw, TypeEngagement, id, Options{Raw: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(raw.String(), `"=HYPERLINK(""https://evil.example"",""see"")",7`) {
		t.Errorf("raw export does not keep the text as written:\n%s", raw.String())
	}
	cb, err := NewCodebook(ctx, st, TypeEngagement, id, Options{}, "test")
	if err != nil {
		t.Fatal(err)
	}
	var md strings.Builder
	if err := cb.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	for _, c := range cb.Columns {
		if !c.Documented {
			t.Errorf("column %s is not described", c.Name)
		}
	}
	for _, want := range []string{"| text | text |", "| target_id | text |", "| comment | ", "| reply | ", "| comment_like | "} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("codebook lacks %q", want)
		}
	}
}
