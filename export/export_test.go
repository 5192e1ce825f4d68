package export

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/csv"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"feedlab/store"
)

// seeded is a study with two conditions, one participant in each, and a few events.
func seeded(t *testing.T) (*store.Store, string) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	set := store.NewSet{Name: "20260101_news", Category: "news", Columns: []string{"source_url", "filename", "retrieve_date", "entity_type", "headline", "topic"}}
	for _, h := range []string{"One, with a comma", "Two \"quoted\"", "Three"} {
		set.Entities = append(set.Entities, store.NewEntity{EntityURL: "/media/x.png", SourceURL: "https://example.org/" + h[:3], Filename: "f.png",
			RetrieveDate: "2026-01-01", EntityType: "image", Headline: h, Covariates: map[string]string{"topic": "t-" + h[:3]}})
	}
	if err := st.CreateEntitySet(ctx, set, nil); err != nil {
		t.Fatal(err)
	}
	sets := `[{"entity_set":"20260101_news","number_to_show":3,"randomize_between_subjects":"yes"}]`
	id, err := st.CreateStudy(ctx, store.NewStudy{NConditions: 2, Params: []store.Param{
		{Condition: 1, Param: "entity_sets", Value: sets}, {Condition: 1, Param: "feed", Value: "scroll"}, {Condition: 1, Param: "consent", Value: "long text"},
		{Condition: 2, Param: "entity_sets", Value: sets}, {Condition: 2, Param: "feed", Value: "swipe"}, {Condition: 2, Param: "consent", Value: "long text"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	ents, _ := st.Entities(ctx, set.Name)
	for _, user := range []string{"u1", "u2"} {
		p, _, err := st.RegisterParticipant(ctx, store.Registration{ExperimentID: id, UserID: user, NConditions: 2, QueryParams: map[string]string{"PROLIFIC_PID": "pid-" + user}},
			func(context.Context, int, uint64, store.EntityLookup) ([]store.InventoryItem, error) {
				var items []store.InventoryItem
				for _, e := range ents {
					items = append(items, store.InventoryItem{EntityID: e.EntityID, Likes: sql.NullInt64{Int64: 99, Valid: true}})
				}
				return items, nil
			})
		if err != nil {
			t.Fatal(err)
		}
		_, err = st.RecordEvent(ctx, store.Event{
			Engagements: []store.Engagement{
				{EventID: user + "-like", ParticipantID: p.ParticipantID, EntityID: ents[1].EntityID, Type: "likes", Response: "1", Likes: sql.NullInt64{Int64: 1, Valid: true}},
				{EventID: user + "-dwell", ParticipantID: p.ParticipantID, EntityID: ents[0].EntityID, Type: "dwell", Response: "1234"},
			},
			Answers: []store.Answer{{EventID: user + "-c", ParticipantID: p.ParticipantID, Kind: store.AnswerKindAnswer, Field: "comments", Response: "caf%C3%A9%3B%20ok"}},
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return st, id
}

// codebookMarkdown is the codebook of export typ of study id as the researcher downloads it.
func codebookMarkdown(t *testing.T, st *store.Store, typ, id string, opts Options) string {
	t.Helper()
	cb, err := NewCodebook(context.Background(), st, typ, id, opts, "test")
	if err != nil {
		t.Fatal(err)
	}
	var md bytes.Buffer
	if err := cb.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	return md.String()
}

func exportRows(t *testing.T, st *store.Store, typ, id string) []map[string]string {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteWith(context.Background(), st, &buf, typ, id, Options{}); err != nil {
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
	if len(recs) > 0 {
		out = append(out, map[string]string{"__header__": strings.Join(recs[0], ",")})
	}
	return out
}

func TestEngagementExportShapeAndParameterColumns(t *testing.T) {
	st, id := seeded(t)
	rows := exportRows(t, st, TypeEngagement, id)
	header := rows[len(rows)-1]["__header__"]
	if !strings.HasPrefix(header, strings.Join(EngagementColumns, ",")) {
		t.Fatalf("header %s", header)
	}
	if !strings.HasSuffix(header, ",entity_sets,feed") || strings.Contains(header, "consent") {
		t.Fatalf("parameter columns: %s (want entity_sets, feed; no long texts)", header)
	}
	rows = rows[:len(rows)-1]
	if len(rows) != 4 {
		t.Fatalf("%d rows, want 4", len(rows))
	}
	feeds := map[string]string{}
	for _, r := range rows {
		feeds[r["condition"]] = r["feed"]
		if r["engagement_type"] == "dwell" && (r["response"] != "1234" || r["shown_likes"] != "99" || r["item_order"] != "0") {
			t.Fatalf("dwell row %v", r)
		}
		if r["engagement_type"] == "likes" && (r["likes"] != "1" || r["entity_category"] != "news" || !isEpochMillis(r["time_stamp"]) || !strings.HasSuffix(r["time_stamp_iso"], "Z")) {
			t.Fatalf("like row %v", r)
		}
	}
	if feeds["1"] != "scroll" || feeds["2"] != "swipe" {
		t.Fatalf("feed column by condition: %v", feeds)
	}
}

func TestUserFormExportDecodesAndHoldsArrivalRows(t *testing.T) {
	st, id := seeded(t)
	rows := exportRows(t, st, TypeUserForm, id)
	fields := map[string]string{}
	for _, r := range rows[:len(rows)-1] {
		if r["user_id"] == "u1" {
			fields[r["field"]] = r["response"]
		}
	}
	if fields["comments"] != "café; ok" || fields["URLParams-PROLIFIC_PID"] != "pid-u1" || fields["condition"] == "" {
		t.Fatalf("fields %v", fields)
	}
	if !HoldsPlatformIDs(TypeUserForm) || HoldsPlatformIDs(TypeEngagement) {
		t.Fatal("platform id notice rule")
	}
}

func TestOtherExports(t *testing.T) {
	st, id := seeded(t)
	info := exportRows(t, st, TypeEntityInfo, id)
	if len(info) != 4 || info[0]["topic"] != "t-One" || info[0]["headline"] != "One, with a comma" {
		t.Fatalf("entity_info %v", info)
	}
	ps := exportRows(t, st, TypeExperimentParameters, id)
	if len(ps) != 7 || ps[len(ps)-1]["__header__"] != "condition,param,value" {
		t.Fatalf("experiment_parameters %v", ps)
	}
	inv := exportRows(t, st, TypeInventory, id)
	if len(inv) != 7 || inv[0]["shown_likes"] != "99" {
		t.Fatalf("inventory %v", inv)
	}
	set := exportRows(t, st, TypeStimulusSet, "20260101_news")
	header := set[len(set)-1]["__header__"]
	if header != "entity_id,entity_url,source_url,filename,retrieve_date,entity_type,headline,topic" || set[1]["headline"] != `Two "quoted"` {
		t.Fatalf("stimulus_set %s %v", header, set)
	}
}

func TestUnknownStudySetOrTypeWritesNothing(t *testing.T) {
	st, _ := seeded(t)
	for _, c := range []struct{ typ, id string }{{TypeEngagement, "nope"}, {TypeInventory, "nope"}, {TypeStimulusSet, "nope"}, {TypeParticipants, "nope"}, {TypeExposures, "nope"}} {
		var buf bytes.Buffer
		err := WriteWith(context.Background(), st, &buf, c.typ, c.id, Options{})
		if !errors.Is(err, store.ErrNotFound) || buf.Len() != 0 {
			t.Fatalf("%s %s: err=%v, %d bytes written", c.typ, c.id, err, buf.Len())
		}
	}
	var buf bytes.Buffer
	if err := WriteWith(context.Background(), st, &buf, "everything", "x", Options{}); !errors.Is(err, ErrUnknownType) {
		t.Fatalf("unknown type: %v", err)
	}
}

// TestEveryExportTypeIsWired: each entry of the type table is written, has a header and a
// codebook with its one-line summary, so a type added to the table without its writer or
// its codebook fails here (the download page and /v1/capabilities read the table itself).
func TestEveryExportTypeIsWired(t *testing.T) {
	st, study := seeded(t)
	for _, typ := range TypeTable() {
		id := study
		if typ.OfSet {
			id = "20260101_news"
		}
		var buf bytes.Buffer
		if err := WriteWith(context.Background(), st, &buf, typ.Name, id, Options{}); err != nil || buf.Len() == 0 {
			t.Errorf("%s: err=%v, %d bytes", typ.Name, err, buf.Len())
			continue
		}
		cb, err := NewCodebook(context.Background(), st, typ.Name, id, Options{}, "test")
		if err != nil {
			t.Errorf("%s: codebook: %v", typ.Name, err)
			continue
		}
		if typeSummaries[typ.Name] == "" || typ.Title == "" || len(cb.Columns) == 0 {
			t.Errorf("%s: title %q, summary %q, %d codebook columns", typ.Name, typ.Title, typeSummaries[typ.Name], len(cb.Columns))
		}
	}
	if !slices.Equal(Types, typeNames()) || len(Types) != len(TypeTable()) {
		t.Fatalf("Types %v differs from the table", Types)
	}
}

// isEpochMillis: a time_stamp in epoch milliseconds (13 digits for any date of this century).
func isEpochMillis(s string) bool {
	n, err := strconv.ParseInt(s, 10, 64)
	return err == nil && n > 1_000_000_000_000 && n < 10_000_000_000_000
}
