package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"feedlab/auth"
)

// loginFrom signs in as name with password from client address addr (the server runs
// --behind-proxy) through c (nil: a browser without cookies), and answers the status.
func loginFrom(t *testing.T, base string, c *http.Client, addr, name, password string) (int, string) {
	t.Helper()
	if c == nil {
		c = http.DefaultClient
	}
	body, _ := json.Marshal(map[string]string{"name": name, "password": password})
	req, _ := http.NewRequest(http.MethodPost, base+"/v1/auth/login", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", addr)
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	return res.StatusCode, string(b)
}

func browser() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar}
}

const rightPassword = "a long enough password"

// newClockEnv is a server behind a proxy (each sign-in names its client address) whose
// clock stands still until the test moves it.
func newClockEnv(t *testing.T) (*testEnv, *time.Time) {
	e := newEnv(t)
	s := New(Config{Store: e.store, Media: e.media, Frontend: testFrontend, BehindProxy: true})
	clock := time.Now()
	s.now = func() time.Time { return clock }
	e.srv.Close()
	e.srv = httptest.NewServer(s.Handler())
	t.Cleanup(e.srv.Close)
	return e, &clock
}

func addResearcher(t *testing.T, e *testEnv, name string) {
	t.Helper()
	hash, _ := auth.HashPassword(rightPassword)
	if _, err := e.store.CreateResearcher(context.Background(), name, hash); err != nil {
		t.Fatal(err)
	}
}

// TestStrangersCannotLockOutAKnownBrowser is issue 20 item 4: 50 wrong guesses for one
// name from many addresses made the real password answer 429 "wait 9 minutes" from any
// address. Now the browser the researcher signed in with before is exempt from the
// account's lockout; unknown browsers wait (growing delays); a device cookie issued for
// another name counts as none; the known browser has a budget of its own, and using it up
// locks that browser, not the account.
func TestStrangersCannotLockOutAKnownBrowser(t *testing.T) {
	e, clock := newClockEnv(t)
	addResearcher(t, e, "ada")
	addResearcher(t, e, "bob")
	laptop, phone, bobs := browser(), browser(), browser()
	for _, b := range []struct {
		c    *http.Client
		name string
	}{{laptop, "ada"}, {phone, "ada"}, {bobs, "bob"}} {
		if st, body := loginFrom(t, e.srv.URL, b.c, "192.0.2.1", b.name, rightPassword); st != 200 {
			t.Fatalf("first sign-in of %s: %d %s", b.name, st, body)
		}
	}
	locked := 0
	for i := 0; i < 50; i++ {
		st, _ := loginFrom(t, e.srv.URL, nil, fmt.Sprintf("198.51.100.%d", i+1), "ada", "a wrong guess!")
		if st == 429 {
			locked++
		} else if st != 401 {
			t.Fatalf("guess %d: %d", i, st)
		}
	}
	if locked != 50-accountFreeFails {
		t.Errorf("%d of 50 guesses were delayed, want %d", locked, 50-accountFreeFails)
	}
	if st, body := loginFrom(t, e.srv.URL, nil, "203.0.113.7", "ada", rightPassword); st != 429 || !strings.Contains(body, "retry_after") {
		t.Errorf("an unknown browser during the lockout: %d %s", st, body)
	}
	if st, body := loginFrom(t, e.srv.URL, bobs, "192.0.2.1", "ada", rightPassword); st != 429 {
		t.Errorf("bob's device cookie let an attempt on ada through: %d %s", st, body)
	}
	if st, body := loginFrom(t, e.srv.URL, laptop, "198.51.100.1", "ada", rightPassword); st != 200 {
		t.Fatalf("ada's laptop was locked out by strangers: %d %s", st, body)
	}
	// The laptop's own budget: its failures lock the laptop, never ada's phone.
	for i := 0; i < failsPerDevice; i++ {
		if st, body := loginFrom(t, e.srv.URL, laptop, "192.0.2.1", "ada", "mistyped password"); st != 401 {
			t.Fatalf("laptop failure %d: %d %s", i, st, body)
		}
	}
	if st, body := loginFrom(t, e.srv.URL, laptop, "192.0.2.1", "ada", rightPassword); st != 429 || !strings.Contains(body, "this browser") {
		t.Errorf("the laptop past its own budget: %d %s", st, body)
	}
	*clock = clock.Add(time.Minute) // the password checks the laptop spent are back; its own budget is not
	if st, body := loginFrom(t, e.srv.URL, laptop, "192.0.2.1", "ada", rightPassword); st != 429 {
		t.Errorf("the laptop a minute later: %d %s", st, body)
	}
	if st, body := loginFrom(t, e.srv.URL, phone, "192.0.2.1", "ada", rightPassword); st != 200 {
		t.Errorf("ada's phone: %d %s", st, body)
	}
}

// TestAnOperatorUnlockLiftsTheLockout: 'feedlab researcher unlock' writes the time it
// cleared the account (the serving process's memory is out of its reach); the next
// attempt honours it, and a success resets the delays.
func TestAnOperatorUnlockLiftsTheLockout(t *testing.T) {
	e := newEnvWith(t, func(c *Config) { c.BehindProxy = true })
	addResearcher(t, e, "ada")
	for i := 0; i < 20; i++ {
		loginFrom(t, e.srv.URL, nil, fmt.Sprintf("198.51.100.%d", i+1), "ada", "a wrong guess!")
	}
	if st, _ := loginFrom(t, e.srv.URL, nil, "203.0.113.7", "ada", rightPassword); st != 429 {
		t.Fatalf("not locked: %d", st)
	}
	time.Sleep(2 * time.Millisecond) // the clearing is stored in milliseconds
	if err := e.store.ClearLockout(context.Background(), "ada"); err != nil {
		t.Fatal(err)
	}
	if st, body := loginFrom(t, e.srv.URL, nil, "203.0.113.7", "ada", rightPassword); st != 200 {
		t.Fatalf("after the unlock: %d %s", st, body)
	}
}

// TestKnownBrowsersFindPasswordChecksDuringAFlood is issue 20 item 4's first attack: a
// flood of sign-ins from ever new addresses with made-up names spent the appliance-wide
// password-check budget, and the researcher's right password succeeded 0 of 15 times.
// Now the last tokens of the budget are kept for known browsers, and a right password
// gives its token back.
func TestKnownBrowsersFindPasswordChecksDuringAFlood(t *testing.T) {
	e := newEnvWith(t, func(c *Config) { c.BehindProxy = true })
	addResearcher(t, e, "ada")
	laptop := browser()
	if st, _ := loginFrom(t, e.srv.URL, laptop, "192.0.2.1", "ada", rightPassword); st != 200 {
		t.Fatal("first sign-in")
	}
	checked := 0
	ok := 0
	for i := 0; i < 200; i++ {
		st, _ := loginFrom(t, e.srv.URL, nil, fmt.Sprintf("10.%d.%d.1", i/250, i%250), fmt.Sprintf("made-up %d", i), "a wrong guess!")
		if st == 401 {
			checked++
		}
		if i%13 == 0 {
			if st, body := loginFrom(t, e.srv.URL, laptop, "192.0.2.1", "ada", rightPassword); st == 200 {
				ok++
			} else {
				t.Logf("ada: %d %s", st, body)
			}
		}
	}
	if checked != hashBurst {
		t.Errorf("the flood had %d password checks; anonymous attempts may use %d", checked, hashBurst)
	}
	if ok != 16 {
		t.Errorf("ada signed in %d of 16 times during the flood", ok)
	}
}

// TestAFloodCannotTakeTheKnownBrowsersHashingSlot: while anonymous sign-ins hold every
// hashing slot, a known browser still gets one (the slot kept for it) instead of 429.
func TestAFloodCannotTakeTheKnownBrowsersHashingSlot(t *testing.T) {
	e := &guardEnv{testEnv: newEnv(t)}
	addResearcher(t, e.testEnv, "ada")
	s := New(Config{Store: e.store, Media: e.media, Frontend: testFrontend, BehindProxy: true})
	s.signIns.slots = make(chan struct{}, 1)
	release := make(chan struct{})
	var held atomic.Int64
	s.dummyVerify = func(string) { held.Add(1); <-release }
	e.srv.Close()
	e.srv = httptest.NewServer(s.Handler())
	t.Cleanup(e.srv.Close)
	laptop := browser()
	if st, body := loginFrom(t, e.srv.URL, laptop, "192.0.2.1", "ada", rightPassword); st != 200 {
		t.Fatalf("first sign-in: %d %s", st, body)
	}
	done := make(chan int)
	go func() {
		st, _ := loginFrom(t, e.srv.URL, nil, "10.0.0.1", "made-up", "a wrong guess!")
		done <- st
	}()
	for held.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	if st, _ := loginFrom(t, e.srv.URL, nil, "10.0.0.2", "made-up 2", "a wrong guess!"); st != 429 {
		t.Errorf("a second anonymous sign-in while the slot is held: %d", st)
	}
	if st, body := loginFrom(t, e.srv.URL, laptop, "192.0.2.1", "ada", rightPassword); st != 200 {
		t.Errorf("the known browser while the flood holds the slot: %d %s", st, body)
	}
	close(release)
	if st := <-done; st != 401 {
		t.Errorf("the held sign-in: %d", st)
	}
}
