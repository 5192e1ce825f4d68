package api

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"feedlab/limit"
)

// guardEnv is a real server whose password checks are counted (and made to take a while,
// as bcrypt does, so concurrent guesses really overlap).
type guardEnv struct {
	*testEnv
	hashed atomic.Int64
}

func newGuardEnv(t *testing.T, slots int, hold func()) *guardEnv {
	e := &guardEnv{testEnv: newEnv(t)}
	s := New(Config{Store: e.store, Media: e.media, Frontend: testFrontend})
	s.signIns.slots = make(chan struct{}, slots)
	s.signIns.hashes = limit.NewRate(1<<30, 1<<30) // TestHashesAcrossTheServerAreLimited checks it
	count := func() { e.hashed.Add(1); hold() }
	s.verifyPassword = func(string, string) error { count(); return errWrong }
	s.dummyVerify = func(string) { count() }
	s.hashPassword = func(string) (string, error) { count(); return "x", nil }
	e.srv.Close()
	e.srv = httptest.NewServer(s.Handler())
	t.Cleanup(e.srv.Close)
	return e
}

var errWrong = &apiError{http.StatusUnauthorized, codeUnauthorized, "wrong"}

func concurrently(n int, f func(i int)) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); <-start; f(i) }()
	}
	close(start)
	wg.Wait()
}

// TestConcurrentGuessesAreReservedBeforeHashing is the attack of issue 13, item 2: 200
// concurrent guesses against a limit of 10 got 199 password checks, because the throttle
// was checked before any of them had failed. Now each attempt is reserved first: at most
// 10 reach a hash, the rest are told when to retry.
func TestConcurrentGuessesAreReservedBeforeHashing(t *testing.T) {
	e := newGuardEnv(t, 200, func() { time.Sleep(20 * time.Millisecond) })
	if _, err := e.store.CreateResearcher(t.Context(), "ada", "$2a$10$notarealhash"); err != nil {
		t.Fatal(err)
	}
	var limited atomic.Int64
	concurrently(200, func(int) {
		r := e.post("/v1/auth/login", map[string]string{"name": "ada", "password": "wrong password!"})
		if r.status == 429 {
			limited.Add(1)
		}
	})
	if got := e.hashed.Load(); got > failsPerNameAddr {
		t.Errorf("%d guesses reached the password hash; the limit is %d", got, failsPerNameAddr)
	}
	if limited.Load() < 200-failsPerNameAddr {
		t.Errorf("only %d of 200 guesses were refused", limited.Load())
	}
}

// TestMadeUpNamesAreThrottledPerAddress: the flood that stalled participants used a new
// name each time (the old throttle keyed on name and address): now the address runs out.
func TestMadeUpNamesAreThrottledPerAddress(t *testing.T) {
	e := newGuardEnv(t, 4, func() {})
	for i := 0; i < failsPerAddr+20; i++ {
		e.post("/v1/auth/login", map[string]string{"name": "guess" + time.Duration(i).String(), "password": "wrong password!"})
	}
	if got := e.hashed.Load(); got != failsPerAddr {
		t.Errorf("%d made-up names reached a hash; the per-address limit is %d", got, failsPerAddr)
	}
	// A name past the length limit is refused before the guard and any hash.
	long := make([]byte, 300)
	for i := range long {
		long[i] = 'a'
	}
	if r := e.post("/v1/auth/login", map[string]string{"name": string(long), "password": "x"}); r.status != 401 {
		t.Errorf("long name: %d %s", r.status, r.body)
	}
}

// TestSignInsBeyondTheHashingSlotsAreRefusedFast: while every hashing slot is busy a
// sign-in is answered 429 at once (retry after a second), not queued behind the hashes.
func TestSignInsBeyondTheHashingSlotsAreRefusedFast(t *testing.T) {
	release := make(chan struct{})
	e := newGuardEnv(t, 1, func() { <-release })
	done := make(chan response)
	go func() {
		done <- e.post("/v1/auth/login", map[string]string{"name": "someone", "password": "wrong password!"})
	}()
	for e.hashed.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	r := e.post("/v1/auth/login", map[string]string{"name": "other", "password": "wrong password!"})
	if r.status != 429 || r.header.Get("Retry-After") != "1" {
		t.Errorf("while the slot is busy: %d %s %v", r.status, r.body, r.header)
	}
	close(release)
	if r := <-done; r.status != 401 {
		t.Errorf("the first sign-in: %d", r.status)
	}
	if e.hashed.Load() != 1 {
		t.Errorf("%d hashes", e.hashed.Load())
	}
}

// TestSetupAttemptsAreReservedBeforeHashing: concurrent claims of the setup link with
// wrong tokens pass the hash no more often than the limit.
func TestSetupAttemptsAreReservedBeforeHashing(t *testing.T) {
	e := newGuardEnv(t, 200, func() { time.Sleep(20 * time.Millisecond) })
	concurrently(100, func(i int) {
		e.post("/v1/auth/setup", map[string]string{"name": "ada", "password": "a long enough password", "token": "wrong"})
	})
	if got := e.hashed.Load(); got > failsPerNameAddr {
		t.Errorf("%d setup attempts reached the hash; the limit is %d", got, failsPerNameAddr)
	}
}

// TestHashesAcrossTheServerAreLimited: a flood from ever new addresses with ever new names
// (no per-address or per-account throttle triggers) reaches at most the appliance-wide
// burst of password checks; the rest are refused before hashing.
func TestHashesAcrossTheServerAreLimited(t *testing.T) {
	e := newEnvWith(t, func(c *Config) { c.BehindProxy = true })
	hashed := 0
	for i := 0; i < 60; i++ {
		req, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/v1/auth/login", strings.NewReader(fmt.Sprintf(`{"name":"n%d","password":"not the password"}`, i)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.0.%d.%d", i/250, i%250))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode == 401 {
			hashed++
		} else if res.StatusCode != 429 {
			t.Fatalf("status %d", res.StatusCode)
		}
	}
	if hashed != hashBurst {
		t.Errorf("%d of 60 sign-ins from different addresses were checked; the burst is %d", hashed, hashBurst)
	}
}
