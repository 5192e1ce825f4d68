package limit

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

// TestAttemptsRefuseBeyondMaxWithinTheWindow: the limit is per key, lifts when the window
// has passed, and a Reset clears it.
func TestAttemptsRefuseBeyondMaxWithinTheWindow(t *testing.T) {
	a := NewAttempts(3, time.Minute)
	now := time.Unix(1000, 0)
	for i := 0; i < 3; i++ {
		if w := a.Reserve("k", now); w != 0 {
			t.Fatalf("attempt %d refused (wait %v)", i+1, w)
		}
	}
	if a.Reserve("k", now) == 0 {
		t.Fatal("a 4th attempt within the window was allowed")
	}
	if a.Reserve("other", now) != 0 {
		t.Fatal("another key was refused")
	}
	if a.Reserve("k", now.Add(time.Minute)) != 0 {
		t.Fatal("still refused after the window")
	}
	a.Reset("k")
	for i := 0; i < 3; i++ {
		if a.Reserve("k", now.Add(time.Minute)) != 0 {
			t.Fatalf("after Reset, attempt %d refused", i+1)
		}
	}
}

// TestAttemptsSayWhenTheKeyMayTryAgain: the wait runs until the oldest attempt that keeps
// the key at Max leaves the window.
func TestAttemptsSayWhenTheKeyMayTryAgain(t *testing.T) {
	a := NewAttempts(2, 10*time.Minute)
	now := time.Unix(1000, 0)
	a.Reserve("k", now)
	a.Reserve("k", now.Add(time.Minute))
	if w := a.Reserve("k", now.Add(2*time.Minute)); w != 8*time.Minute {
		t.Fatalf("wait %v, want 8m (until the first attempt leaves the window)", w)
	}
	if w := a.Reserve("k", now.Add(10*time.Minute)); w != 0 {
		t.Fatalf("once the first attempt left the window: wait %v", w)
	}
}

// TestReserveCountsBeforeTheAttempt: concurrent reservations never pass the limit, and a
// cancelled one gives its place back.
func TestReserveCountsBeforeTheAttempt(t *testing.T) {
	a := NewAttempts(10, time.Minute)
	now := time.Unix(0, 0)
	var mu sync.Mutex
	granted := 0
	var wg sync.WaitGroup
	for i := 0; i < 200; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if a.Reserve("k", now) == 0 {
				mu.Lock()
				granted++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if granted != 10 {
		t.Fatalf("%d of 200 reservations granted, want 10", granted)
	}
	if w := a.Reserve("k", now); w != time.Minute {
		t.Fatalf("wait %v", w)
	}
	a.Cancel("k", now)
	if a.Reserve("k", now) != 0 {
		t.Fatal("a cancelled reservation did not give its place back")
	}
	if a.Reserve("k", now.Add(time.Minute)) != 0 {
		t.Fatal("the window did not pass")
	}
}

// TestAttemptsMemoryIsBounded: a spray of made-up keys is forgotten once its attempts have
// left the window, and a key still within it is kept.
func TestAttemptsMemoryIsBounded(t *testing.T) {
	a := NewAttempts(1, time.Minute)
	now := time.Unix(0, 0)
	a.Reserve("kept", now.Add(30*time.Second))
	for i := 0; i < maxAttemptKeys; i++ {
		a.Reserve(fmt.Sprint(i), now)
	}
	a.Reserve("late", now.Add(time.Minute))
	if len(a.times) != 2 {
		t.Fatalf("%d keys kept, want 2 (the two within the window)", len(a.times))
	}
	if a.Reserve("kept", now.Add(time.Minute)) == 0 {
		t.Fatal("pruning forgot a key still within its window")
	}
}
