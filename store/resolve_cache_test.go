package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"
)

// The resolve cache answers as the database does: an unknown participant or card is never
// remembered (so a later registration is seen at once), a full cache starts over, and a
// store opened again on the same directory after the database changed while it was closed
// (a restored backup) answers from that database, not from what it saw before.
func TestResolveCacheNeverServesStaleAnswers(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	id, ents := seedStudy(t, s, 1)
	if _, err := s.ResolveEvent(ctx, id, "late", 0); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown participant: %v, want ErrNotFound", err)
	}
	p, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "late", NConditions: 1}, composeAll(ents))
	if err != nil {
		t.Fatal(err)
	}
	for range 2 { // the second answer comes from the cache
		got, err := s.ResolveEvent(ctx, id, "late", ents[0].EntityID)
		if err != nil || got.ParticipantID != p.ParticipantID || !got.InFeed {
			t.Fatalf("registered participant: %+v, %v", got, err)
		}
	}
	if got, err := s.ResolveEvent(ctx, id, "late", 999999); err != nil || got.InFeed {
		t.Fatalf("card outside the feed: %+v, %v", got, err)
	}
	s.resolved.limit = 3
	for i := range 5 {
		user := fmt.Sprint("u", i)
		q, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: user, NConditions: 1}, composeAll(ents))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := s.ResolveEvent(ctx, id, user, ents[1].EntityID); err != nil || got.ParticipantID != q.ParticipantID {
			t.Fatalf("%s: %+v, %v", user, got, err)
		}
		if n := len(s.resolved.entries); n > 3 {
			t.Fatalf("cache holds %d entries, over its limit of 3", n)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// While feedlab is stopped, the database is replaced by one where "late" never came.
	for _, suffix := range []string{"", "-wal", "-shm"} {
		os.Remove(s.path + suffix)
	}
	s2, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if _, err := s2.ResolveEvent(ctx, id, "late", ents[0].EntityID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("after the restart: %v, want ErrNotFound (the old answer must not survive)", err)
	}
}
