package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
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

// TestNotInFeedAnswersTheSameFromTheCacheAndFromTheDatabase: right after arrival the
// cards are in the resolve cache; after a restart the cache is empty and the feed is read.
// Both ways, every card of the feed passes and a card from elsewhere is named.
func TestNotInFeedAnswersTheSameFromTheCacheAndFromTheDatabase(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx := context.Background()
	s := openAt(t, dir)
	id, ents := seedStudy(t, s, 1)
	half := ents[:len(ents)/2]
	p, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "u", NConditions: 1}, composeAll(half))
	if err != nil {
		t.Fatal(err)
	}
	target := EventTarget{ParticipantID: p.ParticipantID, Condition: p.Condition, InFeed: true}
	feed := []int64{half[1].EntityID, half[0].EntityID}
	foreign := ents[len(ents)-1].EntityID
	check := func(s *Store, when string) {
		t.Helper()
		if got, err := s.NotInFeed(ctx, target, id, "u", feed); err != nil || got != 0 {
			t.Errorf("%s: the feed's own cards: %d, %v; want 0", when, got, err)
		}
		if got, err := s.NotInFeed(ctx, target, id, "u", append(slices.Clone(feed), foreign)); err != nil || got != foreign {
			t.Errorf("%s: a card outside the feed: %d, %v; want %d", when, got, err, foreign)
		}
	}
	check(s, "after arrival (cached)")
	s.Close()
	check(openAt(t, dir), "after a restart (read)")
}
