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

// dashboardCount is a study's dashboard counter of one engagement type, or of one funnel
// stage (typ "" and stage set).
func dashboardCount(t *testing.T, s *Store, study, typ, stage string) int64 {
	t.Helper()
	var n int64
	var err error
	if typ != "" {
		err = s.read.QueryRow(`SELECT coalesce(sum(n), 0) FROM dashboard_engagements WHERE experiment_id = ? AND engagement_type = ?`, study, typ).Scan(&n)
	} else {
		err = s.read.QueryRow(`SELECT coalesce(sum(n), 0) FROM dashboard_funnel WHERE experiment_id = ? AND stage = ?`, study, stage).Scan(&n)
	}
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func likeOf(p Participant, ents []Entity, eventID string) Event {
	return Event{Engagements: []Engagement{{EventID: eventID, ParticipantID: p.ParticipantID, EntityID: ents[0].EntityID, Type: "likes", Response: "true"}}}
}

// The writer remembers its participants between groups (known_participants.go); a stage
// moved outside it (a completion) is never moved back by a later group.
func TestTheWritersMemoryNeverMovesAStageBack(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 1)
	a := mustRegister(t, s, id, ents, "a", 1, Assignment{})
	if _, err := s.RecordEvent(ctx, likeOf(a, ents, "e1")); err != nil {
		t.Fatal(err)
	}
	if err := s.CompleteParticipant(ctx, a.ParticipantID, ""); err != nil {
		t.Fatal(err)
	}
	done := Event{Answers: []Answer{{EventID: "f1", ParticipantID: a.ParticipantID, Kind: AnswerKindCheckpoint, Field: FormDoneCheckpoint + "form", Response: "1"}}}
	if _, err := s.RecordEvent(ctx, done); err != nil {
		t.Fatal(err)
	}
	if p, _ := s.Participant(ctx, id, "a"); p.Stage != StageCompleted {
		t.Fatalf("stage %q after a questionnaire's checkpoint sent after completing, want %q", p.Stage, StageCompleted)
	}
	if c, q := dashboardCount(t, s, id, "", StageCompleted), dashboardCount(t, s, id, "", StageQuestionnaires); c != 1 || q != 0 {
		t.Fatalf("funnel: %d completed, %d at questionnaires; want 1 and 0", c, q)
	}
}

// A deleted study's participant ids are given again to later arrivals: the writer must not
// count their events in the deleted study, whether this process deleted it or another
// (a command run beside the server).
func TestTheWritersMemoryForgetsDeletedParticipants(t *testing.T) {
	for _, who := range []string{"this process", "another process"} {
		t.Run(who, func(t *testing.T) {
			dir := t.TempDir()
			ctx := context.Background()
			s := openAt(t, dir)
			gone, ents := seedStudy(t, s, 1)
			a := mustRegister(t, s, gone, ents, "a", 1, Assignment{})
			if _, err := s.RecordEvent(ctx, likeOf(a, ents, "e1")); err != nil {
				t.Fatal(err)
			}
			deleter := s
			if who == "another process" {
				deleter = openAt(t, dir)
			}
			if _, err := deleter.DeleteStudy(ctx, gone, "ada", true); err != nil {
				t.Fatal(err)
			}
			next, err := s.CreateStudy(ctx, NewStudy{NConditions: 1, Params: []Param{{Condition: 1, Param: "feed", Value: "scroll"}}})
			if err != nil {
				t.Fatal(err)
			}
			b := mustRegister(t, s, next, ents, "b", 1, Assignment{})
			if b.ParticipantID != a.ParticipantID {
				t.Fatalf("participant id %d, not the deleted %d: the test's premise (SQLite gives the largest rowid plus one) failed", b.ParticipantID, a.ParticipantID)
			}
			if _, err := s.RecordEvent(ctx, likeOf(b, ents, "e1")); err != nil {
				t.Fatal(err)
			}
			if n := dashboardCount(t, s, next, "likes", ""); n != 1 {
				t.Fatalf("the new study's dashboard counts %d likes, want 1", n)
			}
		})
	}
}
