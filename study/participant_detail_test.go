package study

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"feedlab/params"
	"feedlab/store"
)

// TestParticipantDetailExclusionAndTheTimelineCap: Exclude refuses an empty or too long
// reason and commits with its audit entry; the dashboard counts the exclusion apart (a test
// participant's never); the page shows it; and a participant with more events than
// TimelineLimit gets the first ones, in time order, with the cut said.
func TestParticipantDetailExclusionAndTheTimelineCap(t *testing.T) {
	ctx := t.Context()
	st := storeWithNewsSet(t)
	id, err := Create(ctx, st, []params.Row{{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"20260101_news","number_to_show":3}]`}}, "")
	if err != nil {
		t.Fatal(err)
	}
	def, err := NewDefinitions(st).Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	p, err := def.Register(ctx, st, "busy", nil, sql.NullInt64{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := def.RegisterTest(ctx, st, "preview", 1, nil, sql.NullInt64{}); err != nil {
		t.Fatal(err)
	}
	for _, reason := range []string{" ", strings.Repeat("x", MaxExclusionReason+1)} {
		if err := Exclude(ctx, st, id, "busy", reason, "ada"); !errors.Is(err, ErrExclusionReason) {
			t.Fatalf("reason of %d characters: %v", len(reason), err)
		}
	}
	if err := Exclude(ctx, st, id, "busy", "  a bot  ", "ada"); err != nil {
		t.Fatal(err)
	}
	if err := Exclude(ctx, st, id, "preview", "a test", "ada"); err != nil {
		t.Fatal(err)
	}
	if err := Exclude(ctx, st, id, "nobody", "x", "ada"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown participant: %v", err)
	}
	d, err := def.Dashboard(ctx, st, time.Now(), time.Hour)
	if err != nil || d.Excluded != 1 {
		t.Fatalf("dashboard excluded %d (%v), want 1: the test participant is not counted", d.Excluded, err)
	}

	// Many more answers rows than a page shows.
	var ev store.Event
	for i := range TimelineLimit + 10 {
		ev.Answers = append(ev.Answers, store.Answer{EventID: fmt.Sprintf("cp-%d", i), ParticipantID: p.ParticipantID,
			Kind: store.AnswerKindCheckpoint, Field: fmt.Sprintf("step-%d", i), Response: "1"})
	}
	if _, err := st.RecordEvent(ctx, ev); err != nil {
		t.Fatal(err)
	}
	detail, err := def.ParticipantDetail(ctx, st, "busy")
	if err != nil {
		t.Fatal(err)
	}
	if detail.Exclusion == nil || detail.Exclusion.Reason != "a bot" || detail.Exclusion.ExcludedBy != "ada" {
		t.Fatalf("exclusion %+v", detail.Exclusion)
	}
	if !detail.TimelineCut || len(detail.Timeline) != TimelineLimit || detail.Timeline[0].Kind != "arrival" || detail.Timeline[1].What != "step-0" {
		t.Fatalf("timeline: cut %v, %d events, first %+v", detail.TimelineCut, len(detail.Timeline), detail.Timeline[:2])
	}
	for i := 1; i < len(detail.Timeline); i++ {
		if detail.Timeline[i].At < detail.Timeline[i-1].At {
			t.Fatalf("timeline out of order at %d", i)
		}
	}
	if len(detail.Items) != 3 || !detail.Identical() {
		t.Fatalf("feed: %d items, identical %v", len(detail.Items), detail.Identical())
	}
}
