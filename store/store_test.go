package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

func openTest(t testing.TB) *Store {
	t.Helper()
	return openAt(t, t.TempDir())
}

// openAt opens the store in dir, closed when the test ends: for tests that open a second
// store on the same folder (another process's view of it).
func openAt(t testing.TB, dir string) *Store {
	t.Helper()
	s, err := Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// seedStudy creates a one-set, n-condition study whose participants see every card.
func seedStudy(t testing.TB, s *Store, nConditions int) (string, []Entity) {
	t.Helper()
	ctx := context.Background()
	set := NewSet{Name: "20260101_test", Category: "news", Columns: []string{"source_url", "filename", "retrieve_date", "entity_type", "topic"}}
	for i := 0; i < 4; i++ {
		set.Entities = append(set.Entities, NewEntity{EntityURL: fmt.Sprintf("/media/%d.png", i), SourceURL: "https://example.org", Filename: fmt.Sprintf("%d.png", i), RetrieveDate: "2026-01-01", EntityType: "image", Covariates: map[string]string{"topic": "t"}})
	}
	if err := s.CreateEntitySet(ctx, set, nil); err != nil {
		t.Fatal(err)
	}
	id, err := s.CreateStudy(ctx, NewStudy{NConditions: nConditions, Params: []Param{{Condition: 1, Param: "feed", Value: "scroll"}}})
	if err != nil {
		t.Fatal(err)
	}
	ents, err := s.Entities(ctx, set.Name)
	if err != nil {
		t.Fatal(err)
	}
	return id, ents
}

func composeAll(ents []Entity) Composer {
	return func(_ context.Context, condition int, seed uint64, _ EntityLookup) ([]InventoryItem, error) {
		items := make([]InventoryItem, len(ents))
		for i, e := range ents {
			items[i] = InventoryItem{EntityID: e.EntityID}
		}
		return items, nil
	}
}

func TestOpenAppliesMigrationsOnceAndReopens(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	s, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateStudy(ctx, NewStudy{ExperimentID: "x", NConditions: 1}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(ctx, dir)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer s.Close()
	if _, err := s.Study(ctx, "x"); err != nil {
		t.Fatalf("study lost on reopen: %v", err)
	}
	var mode string
	s.read.QueryRow("PRAGMA journal_mode").Scan(&mode)
	if mode != "wal" {
		t.Fatalf("journal_mode = %q, want wal", mode)
	}
}

func TestNotFoundIsSentinel(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	if _, err := s.Study(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Study: got %v, want ErrNotFound", err)
	}
	if _, err := s.EntitySet(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("EntitySet: got %v, want ErrNotFound", err)
	}
	if _, err := s.Participant(ctx, "nope", "u"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Participant: got %v, want ErrNotFound", err)
	}
}

func TestCreateEntitySetTwiceConflicts(t *testing.T) {
	s := openTest(t)
	seedStudy(t, s, 1)
	err := s.CreateEntitySet(context.Background(), NewSet{Name: "20260101_test", Category: "news"}, nil)
	if !errors.Is(err, ErrConflict) {
		t.Fatalf("got %v, want ErrConflict", err)
	}
}

func TestRegisterParticipantBalancesConditionsAndIsIdempotent(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 3)
	counts := map[int64]int{}
	for i := 0; i < 30; i++ {
		p, created, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: fmt.Sprint("u", i), NConditions: 3, QueryParams: map[string]string{"PROLIFIC_PID": "abc"}, Assignment: Assignment{ActiveWindow: 30 * time.Minute}}, composeAll(ents))
		if err != nil || !created {
			t.Fatalf("register %d: %v created=%v", i, err, created)
		}
		counts[p.Condition]++
	}
	for c := int64(1); c <= 3; c++ {
		if counts[c] != 10 {
			t.Fatalf("condition counts %v, want 10 each", counts)
		}
	}
	p1, _ := s.Participant(ctx, id, "u0")
	p2, created, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "u0", NConditions: 3}, composeAll(ents))
	if err != nil || created || p2.ParticipantID != p1.ParticipantID || p2.Condition != p1.Condition {
		t.Fatalf("second registration: %+v created=%v err=%v, want %+v", p2, created, err, p1)
	}
	feed, err := s.Feed(ctx, p1.ParticipantID)
	if err != nil || len(feed) != len(ents) {
		t.Fatalf("feed: %d items, %v", len(feed), err)
	}
}

func TestRecordEventIgnoresRepeatedEventID(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 1)
	p, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "u", NConditions: 1}, composeAll(ents))
	if err != nil {
		t.Fatal(err)
	}
	ev := Event{Engagements: []Engagement{{EventID: "e1", ParticipantID: p.ParticipantID, EntityID: ents[0].EntityID, Type: "likes", Response: "1"}},
		Answers: []Answer{{EventID: "e1/age", ParticipantID: p.ParticipantID, Kind: AnswerKindAnswer, Field: "age", Response: "30"}}}
	n, err := s.RecordEvent(ctx, ev)
	if err != nil || n != 2 {
		t.Fatalf("first: stored=%d err=%v", n, err)
	}
	n, err = s.RecordEvent(ctx, ev)
	if err != nil || n != 0 {
		t.Fatalf("repeat: stored=%d err=%v, want 0 new rows", n, err)
	}
	var rows int
	s.EachEngagement(ctx, id, func(EngagementRow) error { rows++; return nil })
	if rows != 1 {
		t.Fatalf("engagement rows = %d, want 1", rows)
	}
}

func TestRecordEventBadRowFailsAloneInItsGroup(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 1)
	p, _, _ := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "u", NConditions: 1}, composeAll(ents))
	var wg sync.WaitGroup
	errs := make([]error, 200)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			entity := ents[0].EntityID
			if i == 7 {
				entity = 99999 // violates the foreign key
			}
			_, errs[i] = s.RecordEvent(ctx, Event{Engagements: []Engagement{{EventID: fmt.Sprint("e", i), ParticipantID: p.ParticipantID, EntityID: entity, Type: "likes", Response: "1"}}})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if (err != nil) != (i == 7) {
			t.Fatalf("event %d: err=%v", i, err)
		}
	}
	var rows int
	s.EachEngagement(ctx, id, func(EngagementRow) error { rows++; return nil })
	if rows != 199 {
		t.Fatalf("rows = %d, want 199", rows)
	}
}

func TestCloseCommitsQueuedEventsAndRefusesNewOnes(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	s, _ := Open(ctx, dir)
	id, ents := seedStudy(t, s, 1)
	p, _, _ := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "u", NConditions: 1}, composeAll(ents))
	var wg sync.WaitGroup
	var acked sync.Map
	for i := 0; i < 100; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.RecordEvent(ctx, Event{Engagements: []Engagement{{EventID: fmt.Sprint("e", i), ParticipantID: p.ParticipantID, EntityID: ents[0].EntityID, Type: "likes", Response: "1", TimeEngagement: sql.NullInt64{Int64: 5, Valid: true}}}}); err == nil {
				acked.Store(i, true)
			}
		}()
	}
	wg.Wait()
	s.Close()
	if _, err := s.RecordEvent(ctx, Event{}); !errors.Is(err, ErrClosed) {
		t.Fatalf("after close: %v, want ErrClosed", err)
	}
	s2, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	n := 0
	s2.EachEngagement(ctx, id, func(EngagementRow) error { n++; return nil })
	want := 0
	acked.Range(func(_, _ any) bool { want++; return true })
	if n != want || n != 100 {
		t.Fatalf("after reopen %d rows, %d acknowledged, want 100", n, want)
	}
}

func TestBackupIsConsistentCopy(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	id, _ := seedStudy(t, s, 2)
	out := filepath.Join(t.TempDir(), "copy.db")
	if err := s.Backup(ctx, out); err != nil {
		t.Fatal(err)
	}
	if err := s.Backup(ctx, out); err == nil {
		t.Fatal("backup over an existing file should fail")
	}
	conn, _ := sql.Open("sqlite", "file:"+out+"?mode=ro")
	defer conn.Close()
	var n int
	conn.QueryRow("SELECT n_conditions FROM studies WHERE experiment_id = ?", id).Scan(&n)
	if n != 2 {
		t.Fatalf("copy has n_conditions=%d, want 2", n)
	}
}
