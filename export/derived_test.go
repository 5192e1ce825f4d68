package export

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/csv"
	"fmt"
	"slices"
	"strings"
	"testing"

	"feedlab/store"
)

// scripted is a study with forms, covariates (one named like a feedlab column) and one
// participant, u1, whose every act is known: five cards, dwell visits on four, a like
// turned on then off, a share left on, a rating, a video pause, two answers and three
// checkpoints. u2 arrived and never saw the feed.
func scripted(t *testing.T) (*store.Store, string, []store.Entity) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	set := store.NewSet{Name: "20260101_mixed", Category: "news", Columns: []string{"source_url", "filename", "retrieve_date", "entity_type", "headline", "topic", "likes"}}
	for i := range 5 {
		set.Entities = append(set.Entities, store.NewEntity{EntityURL: "/media/x.png", SourceURL: fmt.Sprintf("https://example.org/%d", i), Filename: "f.png",
			RetrieveDate: "2026-01-01", EntityType: "image", Headline: fmt.Sprintf("H%d", i), Covariates: map[string]string{"topic": fmt.Sprintf("t%d", i), "likes": "=1+1"}})
	}
	if err := st.CreateEntitySet(ctx, set, nil); err != nil {
		t.Fatal(err)
	}
	sets := `[{"entity_set":"20260101_mixed","number_to_show":5,"randomize_between_subjects":"no"}]`
	id, err := st.CreateStudy(ctx, store.NewStudy{NConditions: 1, Params: []store.Param{
		{Condition: 1, Param: "entity_sets", Value: sets}, {Condition: 1, Param: "feed", Value: "scroll"}, {Condition: 1, Param: "forms", Value: `["form","crt"]`},
	}})
	if err != nil {
		t.Fatal(err)
	}
	ents, _ := st.Entities(ctx, set.Name)
	compose := func(context.Context, int, uint64, store.EntityLookup) ([]store.InventoryItem, error) {
		var items []store.InventoryItem
		for _, e := range ents {
			items = append(items, store.InventoryItem{EntityID: e.EntityID, Likes: sql.NullInt64{Int64: 7, Valid: true}})
		}
		return items, nil
	}
	p, _, err := st.RegisterParticipant(ctx, store.Registration{ExperimentID: id, UserID: "u1", NConditions: 1,
		PlatformIDs: map[string]string{"PROLIFIC_PID": "pp1"}, QueryParams: map[string]string{"PROLIFIC_PID": "pp1", "src": "mail"}}, compose)
	if err != nil {
		t.Fatal(err)
	}
	pid := p.ParticipantID
	eng := func(ev, typ, resp string, card int) store.Engagement {
		return store.Engagement{EventID: ev, ParticipantID: pid, EntityID: ents[card].EntityID, Type: typ, Response: resp}
	}
	dwells := map[int][]int{0: {1200, 100}, 1: {40000}, 2: {300, 200}, 3: {5000}}
	var evs []store.Engagement
	for card, visits := range dwells {
		for k, ms := range visits {
			evs = append(evs, eng(fmt.Sprintf("b/%d/%d", card, k), "dwell", fmt.Sprint(ms), card))
		}
	}
	evs = append(evs, eng("l1", "likes", "1", 1), eng("l2", "likes", "0", 1), eng("s1", "shares", "1", 2),
		eng("a1", "accuracy_score", "4", 3), eng("v1", "videopause_true", "1", 0))
	_, err = st.RecordEvent(ctx, store.Event{Engagements: evs, Answers: []store.Answer{
		{EventID: "q1", ParticipantID: pid, Kind: store.AnswerKindAnswer, Field: "age", Response: "30"},
		{EventID: "q2", ParticipantID: pid, Kind: store.AnswerKindAnswer, Field: "gender", Response: "female"},
		{EventID: "c1", ParticipantID: pid, Kind: store.AnswerKindCheckpoint, Field: "feed-landed", Response: "1"},
		{EventID: "c2", ParticipantID: pid, Kind: store.AnswerKindCheckpoint, Field: "feed-entity-idx-0", Response: "1"},
		{EventID: "c3", ParticipantID: pid, Kind: store.AnswerKindCheckpoint, Field: "submit-click", Response: "1"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.RegisterParticipant(ctx, store.Registration{ExperimentID: id, UserID: "u2", NConditions: 1}, compose); err != nil {
		t.Fatal(err)
	}
	return st, id, ents
}

func exportWith(t *testing.T, st *store.Store, typ, id string, opts Options) ([]string, []map[string]string) {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteWith(context.Background(), st, &buf, typ, id, opts); err != nil {
		t.Fatalf("export %s: %v", typ, err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatalf("export %s is not valid CSV: %v", typ, err)
	}
	var out []map[string]string
	for _, r := range recs[1:] {
		m := map[string]string{}
		for i, h := range recs[0] {
			m[h] = r[i]
		}
		out = append(out, m)
	}
	return recs[0], out
}

// pick returns, for each row, the named columns joined with commas.
func pick(rows []map[string]string, cols ...string) []string {
	var out []string
	for _, r := range rows {
		var vals []string
		for _, c := range cols {
			vals = append(vals, r[c])
		}
		out = append(out, strings.Join(vals, ","))
	}
	return out
}

func TestExposuresAreWhatTheParticipantDid(t *testing.T) {
	st, id, ents := scripted(t)
	header, rows := exportWith(t, st, TypeExposures, id, Options{})
	// u1's five cards; u2 got a feed too (registration composes it) but did nothing.
	if len(rows) != 10 {
		t.Fatalf("%d rows, want 10 (two participants × five cards)", len(rows))
	}
	u1 := rows[:5]
	want := []string{
		fmt.Sprintf("u1,0,%d,1300,2,1200;100,1300,1,0,0,0,,0,1,7,0", ents[0].EntityID),
		fmt.Sprintf("u1,1,%d,40000,1,40000,40000,1,0,0,0,,0,0,7,0", ents[1].EntityID),
		fmt.Sprintf("u1,2,%d,500,2,300;200,500,1,0,1,0,,0,0,7,0", ents[2].EntityID),
		fmt.Sprintf("u1,3,%d,5000,1,5000,5000,1,0,0,0,4,0,0,7,0", ents[3].EntityID),
		fmt.Sprintf("u1,4,%d,0,0,,0,0,0,0,0,,0,0,7,0", ents[4].EntityID),
	}
	got := pick(u1, "user_id", "item_order", "entity_id", "dwell_ms", "dwell_visits", "dwell_visits_ms", "dwell_raw_ms", "seen",
		"likes", "shares", "upvote", "accuracy_score", "videomute_true", "videopause_true", "shown_likes", "saw_every_card")
	if !slices.Equal(got, want) {
		t.Errorf("exposures\n got %q\nwant %q", got, want)
	}
	// The covariate named like a column is prefixed, raw values neutralised by default.
	if !slices.Contains(header, "covariate_likes") || u1[0]["covariate_likes"] != "'=1+1" || u1[0]["topic"] != "t0" {
		t.Errorf("covariates: header %v, row %v", header, u1[0])
	}
	if u1[0]["cards_in_feed"] != "5" || u1[0]["feed"] != "scroll" || u1[0]["entity_category"] != "news" {
		t.Errorf("row 0: %v", u1[0])
	}
}

func TestExposureCleaningChangesExactlyWhatTheCodebookSays(t *testing.T) {
	st, id, _ := scripted(t)
	cols := []string{"user_id", "item_order", "dwell_ms", "dwell_visits_ms", "dwell_raw_ms", "seen", "saw_every_card"}
	_, base := exportWith(t, st, TypeExposures, id, Options{})
	// Floor 250 ms drops the 100 ms and 200 ms visits; cap 30 s shortens the 40 s visit.
	_, cleaned := exportWith(t, st, TypeExposures, id, Options{Cleaning: Cleaning{DwellCapMs: 30000, DwellFloorMs: 250}})
	want := []string{
		"u1,0,1200,1200,1300,1,0", "u1,1,30000,30000,40000,1,0", "u1,2,300,300,500,1,0", "u1,3,5000,5000,5000,1,0", "u1,4,0,,0,0,0",
	}
	if got := pick(cleaned[:5], cols...); !slices.Equal(got, want) {
		t.Errorf("cap+floor\n got %q\nwant %q", got, want)
	}
	// Only the dwell columns changed.
	for i := range base {
		for k, v := range base[i] {
			if !slices.Contains([]string{"dwell_ms", "dwell_visits", "dwell_visits_ms"}, k) && cleaned[i][k] != v {
				t.Errorf("row %d column %s changed from %q to %q", i, k, v, cleaned[i][k])
			}
		}
	}
	// Trim 1 drops item_order 0 and 4 of each participant; then u1 saw every remaining card.
	_, trimmed := exportWith(t, st, TypeExposures, id, Options{Cleaning: Cleaning{Trim: 1}})
	if got := pick(trimmed, "user_id", "item_order", "saw_every_card"); !slices.Equal(got, []string{"u1,1,1", "u1,2,1", "u1,3,1", "u2,1,0", "u2,2,0", "u2,3,0"}) {
		t.Errorf("trim 1: %q", got)
	}
	// Saw-every-card keeps only u1's rows.
	_, only := exportWith(t, st, TypeExposures, id, Options{Cleaning: Cleaning{Trim: 1, SawEveryCard: true}})
	if got := pick(only, "user_id", "item_order"); !slices.Equal(got, []string{"u1,1", "u1,2", "u1,3"}) {
		t.Errorf("saw every card: %q", got)
	}
	// Trimming more than half a feed leaves nothing, and is not an error.
	if _, none := exportWith(t, st, TypeExposures, id, Options{Cleaning: Cleaning{Trim: 3}}); len(none) != 0 {
		t.Errorf("trim 3 of 5 cards: %d rows", len(none))
	}
	for _, bad := range []Cleaning{{DwellCapMs: -1}, {DwellFloorMs: -5}, {DwellCapMs: 100, DwellFloorMs: 100}, {Trim: -1}, {Trim: MaxTrim + 1}} {
		if err := WriteWith(context.Background(), st, &bytes.Buffer{}, TypeExposures, id, Options{Cleaning: bad}); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	// The codebook states the cleaning that was applied.
	var md bytes.Buffer
	cb, err := NewCodebook(context.Background(), st, TypeExposures, id, Options{Cleaning: Cleaning{DwellCapMs: 30000, DwellFloorMs: 250, Trim: 3, SawEveryCard: true}}, "test")
	if err != nil {
		t.Fatal(err)
	}
	if err := cb.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"| dwell_cap_ms | 30000 ms", "| dwell_floor_ms | 250 ms", "| trim | 3: each participant's first 3 and last 3", "| saw_every_card_only | yes"} {
		if !strings.Contains(md.String(), s) {
			t.Errorf("codebook lacks %q:\n%s", s, md.String())
		}
	}
}

func TestParticipantsExportHasOneRowPerParticipant(t *testing.T) {
	st, id, _ := scripted(t)
	header, rows := exportWith(t, st, TypeParticipants, id, Options{})
	if len(rows) != 2 {
		t.Fatalf("%d rows, want 2", len(rows))
	}
	u1, u2 := rows[0], rows[1]
	for col, want := range map[string]string{
		"user_id": "u1", "condition": "1", "stage": "questionnaires", "completed": "0", "completed_at_ms": "", "platform_PROLIFIC_PID": "pp1",
		"URLParams-src": "mail", "age": "30", "gender": "female", "crt_mark-adam-28": "", "cards_in_feed": "5", "cards_seen": "4",
		"dwell_total_ms": "46800", "engagements": "5", "feed": "scroll",
	} {
		if u1[col] != want {
			t.Errorf("u1 %s = %q, want %q", col, u1[col], want)
		}
	}
	if u1["checkpoint_feed-landed"] == "" || u1["checkpoint_submit-click"] == "" || slices.Contains(header, "checkpoint_feed-entity-idx-0") {
		t.Errorf("checkpoints: header %v row %v", header, u1)
	}
	if u2["stage"] != "arrived" || u2["age"] != "" || u2["platform_PROLIFIC_PID"] != "" {
		t.Errorf("u2: %v", u2)
	}
	// Questionnaire fields come in the pages' order: form's before crt's.
	if slices.Index(header, "age") > slices.Index(header, "crt_mark-adam-28") || slices.Index(header, "age") < 0 {
		t.Errorf("header order: %v", header)
	}
}

// TestEveryColumnHasACodebookEntry fails when any export writes a column the codebook
// cannot describe: add its entry to codebook_columns.go.
func TestEveryColumnHasACodebookEntry(t *testing.T) {
	st, id, _ := scripted(t)
	ctx := context.Background()
	for _, typ := range Types {
		target := id
		if typ == TypeStimulusSet {
			target = "20260101_mixed"
		}
		header, _ := exportWith(t, st, typ, target, Options{})
		cb, err := NewCodebook(ctx, st, typ, target, Options{}, "test")
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, c := range cb.Columns {
			names = append(names, c.Name)
			if !c.Documented || c.Type == "" || c.Origin == "" || c.Meaning == "" {
				t.Errorf("%s: column %q has no codebook entry", typ, c.Name)
			}
		}
		if !slices.Equal(names, header) {
			t.Errorf("%s: codebook columns %v, file header %v", typ, names, header)
		}
		var md bytes.Buffer
		if err := cb.WriteMarkdown(&md); err != nil {
			t.Fatal(err)
		}
		for _, h := range header {
			if !strings.Contains(md.String(), "\n| "+cell(h)+" |") {
				t.Errorf("%s: the Markdown codebook has no row for %q", typ, h)
			}
		}
		if typ == TypeEngagement && !strings.Contains(md.String(), "| dwell | One visit") {
			t.Errorf("engagement codebook lacks engagement_type values")
		}
		if typ == TypeUserForm && !strings.Contains(md.String(), "| gender | radio, required | What is your gender? | female = Female;") {
			t.Errorf("user_form codebook lacks the questions:\n%s", md.String())
		}
	}
}

// TestColumnsOtherPartsAddAreDescribed covers the columns other branches add to the
// exports (CONTRACT.md), so their codebook entries exist the day they land.
func TestColumnsOtherPartsAddAreDescribed(t *testing.T) {
	for _, c := range []struct{ typ, col string }{
		{TypeEngagement, "is_test"}, {TypeEngagement, "study_version"}, {TypeUserForm, "is_test"}, {TypeUserForm, "study_version"},
		{TypeEngagement, "accuracy_score"}, {TypeEngagement, "user_agent"}, {TypeEngagement, "time_stamp_iso"}, {TypeUserForm, "time_stamp_iso"},
		{TypeInventory, "algorithm"}, {TypeInventory, "score"}, {TypeInventory, "reason"}, {TypeInventory, "inputs"},
		{TypeParticipants, "is_test"}, {TypeParticipants, "study_version"}, {TypeExposures, "is_test"},
	} {
		if _, ok := describeColumn(c.typ, c.col, nil, nil, nil); !ok {
			t.Errorf("%s: no codebook entry for %s", c.typ, c.col)
		}
	}
}

// A parameter named like a column of another export (the ranking's algorithm) is described
// as the parameter it is.
func TestAParameterNamedLikeAColumnIsAParameter(t *testing.T) {
	d, ok := describeColumn(TypeUserForm, "algorithm", []string{"algorithm"}, nil, nil)
	if !ok || !strings.Contains(d.Meaning, "study parameter algorithm") {
		t.Errorf("user_form algorithm: %+v", d)
	}
	if d, _ := describeColumn(TypeInventory, "algorithm", nil, nil, nil); !strings.Contains(d.Meaning, "ranking algorithm that placed") {
		t.Errorf("inventory algorithm: %+v", d)
	}
}
