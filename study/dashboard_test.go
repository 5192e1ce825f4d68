package study

import (
	"database/sql"
	"testing"
	"time"

	"feedlab/params"
	"feedlab/store"
)

// TestDashboardFigures: the figures the study page shows, computed by study from a real
// store: per-condition funnels that add up to the total, balance, the assignment rule with
// its quotas, the time to complete, and a participant silent past droppedAfter counted as
// dropped; test participants nowhere.
func TestDashboardFigures(t *testing.T) {
	ctx := t.Context()
	st := storeWithNewsSet(t)
	sets := `[{"entity_set":"20260101_news","number_to_show":3}]`
	id, err := Create(ctx, st, []params.Row{
		{Condition: 1, Param: "entity_sets", Value: sets}, {Condition: 1, Param: "quota", Value: "5"},
		{Condition: 2, Param: "entity_sets", Value: sets}, {Condition: 2, Param: "quota", Value: "5"},
	}, "")
	if err != nil {
		t.Fatal(err)
	}
	def, err := NewDefinitions(st).Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var first store.Participant
	for i, u := range []string{"a", "b", "c"} {
		p, err := def.Register(ctx, st, u, map[string]string{"PROLIFIC_PID": "P" + u}, sql.NullInt64{})
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = p
		}
	}
	if _, err := def.RegisterTest(ctx, st, "preview", 1, nil, sql.NullInt64{}); err != nil {
		t.Fatal(err)
	}
	if _, err := def.Complete(ctx, st, "a", store.EventTarget{ParticipantID: first.ParticipantID, Condition: first.Condition}); err != nil {
		t.Fatal(err)
	}

	d, err := def.Dashboard(ctx, st, time.Now(), time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if d.Total.Funnel.Arrived != 3 || d.Total.Funnel.Completed != 1 || d.Total.Funnel.Dropped != 0 {
		t.Fatalf("total funnel %+v: want 3 arrived (the preview left out), 1 completed", d.Total.Funnel)
	}
	if len(d.Conditions) != 2 || d.Conditions[0].Funnel.Arrived+d.Conditions[1].Funnel.Arrived != 3 ||
		d.Balance.Arrivals[0]+d.Balance.Arrivals[1] != 3 || d.Balance.Completed[first.Condition-1] != 1 {
		t.Fatalf("per condition %+v, balance %+v", d.Conditions, d.Balance)
	}
	if d.Assignment.Rule != params.DefaultRecruitment().Assignment || len(d.Assignment.Quotas) != 2 || d.Assignment.Quotas[0] != 5 {
		t.Errorf("assignment %+v", d.Assignment)
	}
	if d.TimeToComplete.MedianMs == nil || d.Status != store.StatusOpen || d.Total.Funnel.Exits["completed"] != 1 {
		t.Errorf("time to complete %+v, status %q, exits %v", d.TimeToComplete, d.Status, d.Total.Funnel.Exits)
	}
	// An hour later, with a drop-out time of 30 minutes, the two who did not complete
	// are dropped.
	later, err := def.Dashboard(ctx, st, time.Now().Add(time.Hour), 30*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if later.Total.Funnel.Dropped != 2 {
		t.Errorf("dropped an hour later: %d, want 2", later.Total.Funnel.Dropped)
	}
}
