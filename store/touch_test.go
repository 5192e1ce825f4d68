package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestEventsKeepLastSeenAndStage: the event writer moves a participant's stage forward at
// once and rewrites last_seen_at only when it is older than SeenResolution; counters of
// one group add up over its participants.
func TestEventsKeepLastSeenAndStage(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	c := withClock(s)
	id, ents := seedStudy(t, s, 1)
	a := mustRegister(t, s, id, ents, "a", 1, Assignment{})
	b := mustRegister(t, s, id, ents, "b", 1, Assignment{})
	arrived := c.at.UnixMilli()
	like := func(p Participant, eventID string) Event {
		return Event{Engagements: []Engagement{{EventID: eventID, ParticipantID: p.ParticipantID, EntityID: ents[0].EntityID, Type: "likes", Response: "true"}}}
	}
	lastSeen := func(user string) int64 {
		p, err := s.Participant(ctx, id, user)
		if err != nil {
			t.Fatal(err)
		}
		return p.LastSeenAt.Int64
	}

	c.advance(SeenResolution - time.Millisecond)
	if _, err := s.RecordEvent(ctx, like(a, "e1")); err != nil {
		t.Fatal(err)
	}
	if got := lastSeen("a"); got != arrived {
		t.Fatalf("an event within %v of the last rewrote last_seen_at: %d, want %d", SeenResolution, got, arrived)
	}
	c.advance(time.Millisecond)
	if _, err := s.RecordEvent(ctx, like(a, "e2")); err != nil {
		t.Fatal(err)
	}
	if got := lastSeen("a"); got != c.at.UnixMilli() {
		t.Fatalf("last_seen_at %d after an event %v later, want %d", got, SeenResolution, c.at.UnixMilli())
	}
	if got := lastSeen("b"); got != arrived {
		t.Fatalf("b's last_seen_at moved to %d without an event of b", got)
	}

	// A checkpoint moves the stage forward even within the resolution.
	_, err := s.RecordEvent(ctx, Event{Answers: []Answer{{EventID: "c1", ParticipantID: a.ParticipantID, Kind: AnswerKindCheckpoint, Field: "consent-agree", Response: "1"}}})
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := s.Participant(ctx, id, "a"); p.Stage != StageConsented {
		t.Fatalf("stage %q after consent, want %q", p.Stage, StageConsented)
	}
	if _, err := s.RecordEvent(ctx, like(b, "e1")); err != nil {
		t.Fatal(err)
	}
	var likes int64
	if err := s.read.QueryRow(`SELECT n FROM dashboard_engagements WHERE experiment_id = ? AND engagement_type = 'likes'`, id).Scan(&likes); err != nil || likes != 3 {
		t.Fatalf("dashboard likes %d (%v), want 3", likes, err)
	}
}

// TestCloseDuringABusyStreamLosesNothing: Close while events keep arriving (the writer
// waiting for a fuller group): every acknowledged event is stored, every other one is
// refused with ErrClosed, and nothing is stored twice.
func TestCloseDuringABusyStreamLosesNothing(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	s, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	id, ents := seedStudy(t, s, 1)
	p := mustRegister(t, s, id, ents, "u", 1, Assignment{})
	var wg sync.WaitGroup
	var acked, refused atomic.Int64
	started := make(chan struct{})
	var once sync.Once
	for i := range 400 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; ; k++ {
				_, err := s.RecordEvent(ctx, Event{Engagements: []Engagement{{EventID: fmt.Sprintf("e%d-%d", i, k), ParticipantID: p.ParticipantID, EntityID: ents[0].EntityID, Type: "likes", Response: "1"}}})
				switch {
				case err == nil:
					if acked.Add(1) == 2000 {
						once.Do(func() { close(started) })
					}
				case errors.Is(err, ErrClosed):
					refused.Add(1)
					return
				default:
					t.Error(err)
					return
				}
			}
		}()
	}
	<-started
	// Without groups of busyGroup events the writer never waited for a fuller group, and
	// Close was not tested during that wait: the test would pass without testing.
	if w := s.WriterStats(); w.Events/max(w.Commits, 1) < busyGroup {
		t.Fatalf("groups of %d events on average: the writer's wait was not exercised", w.Events/max(w.Commits, 1))
	}
	s.Close()
	wg.Wait()
	s2, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	n := 0
	s2.EachEngagement(ctx, id, func(EngagementRow) error { n++; return nil })
	if int64(n) != acked.Load() || refused.Load() != 400 {
		t.Fatalf("%d rows stored, %d events acknowledged, %d senders refused (want 400)", n, acked.Load(), refused.Load())
	}
}
