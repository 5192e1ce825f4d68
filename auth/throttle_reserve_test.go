package auth

import (
	"sync"
	"testing"
	"time"
)

// TestReserveCountsBeforeTheAttempt: concurrent reservations never pass the limit, and a
// cancelled one gives its place back.
func TestReserveCountsBeforeTheAttempt(t *testing.T) {
	th := NewThrottle(10, time.Minute)
	now := time.Unix(0, 0)
	var mu sync.Mutex
	granted := 0
	var wg sync.WaitGroup
	for i := 0; i < 200; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if th.Reserve("k", now) == 0 {
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
	if w := th.Reserve("k", now); w != time.Minute {
		t.Fatalf("wait %v", w)
	}
	th.Cancel("k", now)
	if th.Reserve("k", now) != 0 {
		t.Fatal("a cancelled reservation did not give its place back")
	}
	if th.Reserve("k", now.Add(time.Minute)) != 0 {
		t.Fatal("the window did not pass")
	}
}
