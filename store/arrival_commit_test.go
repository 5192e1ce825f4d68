package store

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"testing"
	"time"

	"feedlab/store/db"
)

// TestArrivalsShareTheEventsCommitAndFailAlone (issue 28): arrivals queued with events
// are committed in one transaction with them, each answered only once it is on disk, and
// an arrival that fails is rolled back alone, its reservation given back, while the
// arrival and the event beside it commit.
func TestArrivalsShareTheEventsCommitAndFailAlone(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 2)
	first, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "first", NConditions: 2}, composeAll(ents))
	if err != nil {
		t.Fatal(err)
	}
	event := func(eventID string) Event {
		return Event{Answers: []Answer{{EventID: eventID, ParticipantID: first.ParticipantID, Kind: "checkpoint", Field: "x", Response: "1"}}}
	}
	// A feed with a card twice breaks the inventory's unique key inside the commit. It has
	// as many cards as the first feed, so its insert is prepared already (preparing one
	// would wait for the held writer before queueing).
	twice := func(_ context.Context, _ int, _ uint64, _ EntityLookup) ([]InventoryItem, error) {
		items := make([]InventoryItem, len(ents))
		for i := range items {
			items[i] = InventoryItem{EntityID: ents[min(i, len(ents)-2)].EntityID}
		}
		return items, nil
	}

	// Hold the writer; the event writer takes the first event and waits for the
	// connection, so everything queued after it forms the next group.
	release := holdWriter(t, s)
	waits := s.write.Stats().WaitCount
	type outcome struct {
		p   Participant
		err error
	}
	lead := make(chan error, 1)
	go func() { _, err := s.RecordEvent(ctx, event("lead")); lead <- err }()
	waitFor(t, "the event writer waiting for the writer", func() bool { return s.write.Stats().WaitCount > waits })
	// Every commit of any kind is counted by the writer's clocks once it is done.
	commitsDone := func() int64 { q := s.WriterQueue(); return q.Events.Commit.Count + q.Other.Commit.Count }
	commits := commitsDone()

	good, bad, later := make(chan outcome, 1), make(chan outcome, 1), make(chan error, 1)
	go func() {
		p, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "good", NConditions: 2}, composeAll(ents))
		good <- outcome{p, err}
	}()
	go func() {
		p, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "bad", NConditions: 2}, twice)
		bad <- outcome{p, err}
	}()
	go func() { _, err := s.RecordEvent(ctx, event("later")); later <- err }()
	waitFor(t, "two arrivals and an event queued", func() bool { return len(s.events.queue) == 3 })
	if err := release(); err != nil {
		t.Fatal(err)
	}

	if err := <-lead; err != nil {
		t.Fatal(err)
	}
	g := <-good
	if g.err != nil {
		t.Fatalf("the good arrival: %v", g.err)
	}
	// Answered only after its commit: a reader on another connection sees it and its feed.
	if _, err := s.rq.GetParticipant(ctx, db.GetParticipantParams{ExperimentID: id, UserID: "good"}); err != nil {
		t.Fatalf("the good arrival answered but not committed: %v", err)
	}
	if rows, err := s.rq.ListInventory(ctx, g.p.ParticipantID); err != nil || len(rows) != len(ents) {
		t.Fatalf("the good arrival's feed: %d rows (%v)", len(rows), err)
	}
	b := <-bad
	if b.err == nil {
		t.Fatal("an arrival whose feed breaks the inventory's key was registered")
	}
	if _, err := s.rq.GetParticipant(ctx, db.GetParticipantParams{ExperimentID: id, UserID: "bad"}); !errors.Is(notFound(err), ErrNotFound) {
		t.Fatalf("the failed arrival left a participant row: %v", err)
	}
	if err := <-later; err != nil {
		t.Fatalf("the event beside a failed arrival: %v", err)
	}
	if got := commitsDone() - commits; got != 3 {
		t.Fatalf("%d commits for the held write, the lead event's group and the two arrivals and event queued behind it, want 3", got)
	}
	s.reserved.mu.Lock()
	pending := s.reserved.pending[id]
	s.reserved.mu.Unlock()
	for c, n := range pending {
		if n != 0 {
			t.Fatalf("condition %d still holds %d reservations after every arrival was answered", c, n)
		}
	}
}

// waitFor polls cond until it holds, failing the test after ten seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// holdWriter holds the one writer connection in a write of its own until release is
// called (release answers that write's error; calling it again does nothing); the test's
// cleanup releases it before the store's Close, which waits for the writer.
func holdWriter(t *testing.T, s *Store) (release func() error) {
	t.Helper()
	holding, let := make(chan struct{}), make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- s.withTxRaw(context.Background(), func(*sql.Tx) error {
			close(holding)
			<-let
			return nil
		})
	}()
	<-holding
	var once sync.Once
	var err error
	release = func() error {
		once.Do(func() { close(let); err = <-done })
		return err
	}
	t.Cleanup(func() { _ = release() })
	return release
}
