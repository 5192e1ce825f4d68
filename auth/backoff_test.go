package auth

import (
	"testing"
	"time"
)

// TestBackoffGrowsAfterFreeFailures: five failures cost nothing, then each attempt waits
// 1 s, 2 s, 4 s … after the latest, capped; a reset or a long quiet forgets it all.
func TestBackoffGrowsAfterFreeFailures(t *testing.T) {
	b := NewBackoff(5, time.Second, 5*time.Minute, time.Hour)
	now := time.Unix(1000, 0)
	for i := 0; i < 5; i++ {
		if w, _ := b.Reserve("ada", now); w != 0 {
			t.Fatalf("failure %d had to wait %v", i+1, w)
		}
	}
	var want time.Duration = time.Second
	for i := 0; i < 12; i++ {
		w, since := b.Reserve("ada", now)
		if w != want {
			t.Fatalf("after %d failures: wait %v, want %v", 5+i, w, want)
		}
		if !since.Equal(time.Unix(1000, 0)) {
			t.Fatalf("since %v", since)
		}
		now = now.Add(w)
		if w, _ := b.Reserve("ada", now); w != 0 {
			t.Fatalf("after waiting: %v", w)
		}
		want = min(2*want, 5*time.Minute)
	}
	if w, _ := b.Reserve("ada", now); w != 5*time.Minute {
		t.Fatalf("the cap: %v", w)
	}
	if w, _ := b.Reserve("bob", now); w != 0 {
		t.Fatal("another name is not affected")
	}
	b.Reset("ada")
	if w, _ := b.Reserve("ada", now); w != 0 {
		t.Fatal("a reset did not forget")
	}
	for i := 0; i < 10; i++ {
		b.Reserve("cy", now)
	}
	if w, _ := b.Reserve("cy", now.Add(time.Hour)); w != 0 {
		t.Fatal("an hour without failure did not forget")
	}
}

// TestBackoffUndoGivesTheAttemptBack: a reservation undone leaves no trace.
func TestBackoffUndoGivesTheAttemptBack(t *testing.T) {
	b := NewBackoff(1, time.Second, time.Minute, time.Hour)
	now := time.Unix(0, 0)
	b.Reserve("k", now)
	if w, _ := b.Reserve("k", now); w != time.Second {
		t.Fatalf("wait %v", w)
	}
	b.Undo("k", now)
	if len(b.keys) != 0 {
		t.Fatal("an undone reservation stayed in memory")
	}
	if w, _ := b.Reserve("k", now); w != 0 {
		t.Fatal("the undone attempt still counted")
	}
	// An undone attempt does not push the delay forward: the second failure's wait (1 s
	// from now) is over half a second after the undone attempt.
	later := now.Add(time.Second)
	if w, _ := b.Reserve("k", later); w != 0 {
		t.Fatalf("after the delay: %v", w)
	}
	b.Undo("k", later)
	if w, _ := b.Reserve("k", later.Add(500*time.Millisecond)); w != 0 {
		t.Fatalf("the undone attempt moved the delay: wait %v", w)
	}
}
