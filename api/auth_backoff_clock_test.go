package api

import (
	"context"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"feedlab/auth"
	"feedlab/limit"
)

// TestSignInBackoffDoublesOnTheServersClock: after five free failures a name waits 1 s,
// then 2 s, then 4 s after each further failure; an attempt before its time is refused
// with the wait left, one at its time is checked. The server's clock is the test's, so the
// seconds pass at once (the browser test of the message no longer waits them out).
func TestSignInBackoffDoublesOnTheServersClock(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	s := New(Config{Store: e.store, Media: e.media, Frontend: testFrontend})
	s.signIns.hashes = limit.NewRate(1<<30, 1<<30) // the appliance-wide cap has a test of its own
	var mu sync.Mutex
	now := time.Now()
	s.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	pass := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	e.srv.Close()
	e.srv = httptest.NewServer(s.Handler())
	t.Cleanup(e.srv.Close)
	hash, err := auth.HashPassword("a long enough password")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.store.CreateResearcher(context.Background(), "ada", hash); err != nil {
		t.Fatal(err)
	}
	fail := func() response {
		return e.post("/v1/auth/login", map[string]string{"name": "ada", "password": "wrong password!"})
	}
	for i := range accountFreeFails {
		if r := fail(); r.status != 401 {
			t.Fatalf("free failure %d: %d %s", i+1, r.status, r.body)
		}
	}
	for _, wait := range []int{1, 2, 4, 8} {
		r := fail()
		retry, _ := strconv.Atoi(r.header.Get("Retry-After"))
		if r.status != 429 || errorCode(r) != codeRateLimited || retry != wait {
			t.Fatalf("at once after a failure: %d Retry-After %q %s, want 429 after %d s", r.status, r.header.Get("Retry-After"), r.body, wait)
		}
		if wait == 8 {
			break
		}
		pass(time.Duration(wait)*time.Second - time.Millisecond)
		if r := fail(); r.status != 429 {
			t.Fatalf("a millisecond before the %d s are over: %d %s", wait, r.status, r.body)
		}
		pass(time.Millisecond)
		if r := fail(); r.status != 401 {
			t.Fatalf("once the %d s are over: %d %s, want the password checked (401)", wait, r.status, r.body)
		}
	}
}
