package auth

import (
	"testing"
	"time"
)

func TestPasswordHashRoundTrip(t *testing.T) {
	h, err := HashPassword("correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyPassword(h, "correct horse battery"); err != nil {
		t.Fatalf("right password refused: %v", err)
	}
	if err := VerifyPassword(h, "wrong horse battery"); err != ErrWrongPassword {
		t.Fatalf("wrong password: got %v", err)
	}
}

func TestPasswordAndNameRules(t *testing.T) {
	if _, err := HashPassword("short"); err == nil {
		t.Fatal("short password accepted")
	}
	if err := CheckPassword(string(make([]byte, 80))); err == nil {
		t.Fatal("password over 72 bytes accepted")
	}
	for _, bad := range []string{"", " ada", "ada ", string(make([]rune, 65))} {
		if CheckName(bad) == nil {
			t.Fatalf("name %q accepted", bad)
		}
	}
	if err := CheckName("Ada Lovelace"); err != nil {
		t.Fatal(err)
	}
}

func TestTokensAreUniqueAndHashed(t *testing.T) {
	a, b := NewToken(), NewToken()
	if a == b || len(a) < 40 {
		t.Fatalf("tokens %q %q", a, b)
	}
	if HashToken(a) == a || HashToken(a) != HashToken(a) || HashToken(a) == HashToken(b) {
		t.Fatal("token hash is not a stable one-way function of the token")
	}
}

func TestThrottleBlocksAfterMaxFailuresWithinWindow(t *testing.T) {
	th := NewThrottle(3, time.Minute)
	now := time.Unix(1000, 0)
	for i := 0; i < 3; i++ {
		if !th.Allowed("k", now) {
			t.Fatalf("blocked after %d failures", i)
		}
		th.Fail("k", now)
	}
	if th.Allowed("k", now) {
		t.Fatal("allowed after 3 failures")
	}
	if !th.Allowed("other", now) {
		t.Fatal("another key blocked")
	}
	if !th.Allowed("k", now.Add(time.Minute)) {
		t.Fatal("still blocked after the window")
	}
	th.Fail("k", now)
	th.Succeed("k")
	if !th.Allowed("k", now) {
		t.Fatal("success did not reset")
	}
}

func TestThrottleRetryAfterSaysWhenTheKeyMayTryAgain(t *testing.T) {
	th := NewThrottle(2, 10*time.Minute)
	now := time.Unix(1000, 0)
	if d := th.RetryAfter("k", now); d != 0 {
		t.Fatalf("fresh key waits %v", d)
	}
	th.Fail("k", now)
	th.Fail("k", now.Add(time.Minute))
	if d := th.RetryAfter("k", now.Add(2*time.Minute)); d != 8*time.Minute {
		t.Fatalf("wait %v, want 8m (until the first failure leaves the window)", d)
	}
	if th.Allowed("k", now.Add(10*time.Minute)) != true || th.RetryAfter("k", now.Add(10*time.Minute)) != 0 {
		t.Fatal("still throttled once the first failure left the window")
	}
}
