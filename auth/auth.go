// Package auth holds what researcher sign-in needs besides storage: password hashing,
// session and setup tokens, and the throttle that slows down password guessing.
package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"
)

// Password rules: long enough to resist guessing, within bcrypt's 72-byte input.
const (
	MinPasswordLen = 10
	maxPasswordLen = 72
	MaxNameLen     = 64
)

// ErrWrongPassword is returned when a password does not match its hash.
var ErrWrongPassword = errors.New("auth: wrong password")

// CheckName reports what is wrong with a researcher name, or nil.
func CheckName(name string) error {
	if strings.TrimSpace(name) != name || name == "" {
		return errors.New("the name must not be empty or start or end with spaces")
	}
	if utf8.RuneCountInString(name) > MaxNameLen || !utf8.ValidString(name) {
		return fmt.Errorf("the name must be at most %d characters", MaxNameLen)
	}
	return nil
}

// CheckPassword reports what is wrong with a new password, or nil.
func CheckPassword(pw string) error {
	if utf8.RuneCountInString(pw) < MinPasswordLen {
		return fmt.Errorf("the password must be at least %d characters", MinPasswordLen)
	}
	if len(pw) > maxPasswordLen {
		return fmt.Errorf("the password must be at most %d bytes", maxPasswordLen)
	}
	return nil
}

// HashPassword returns the bcrypt hash of a password.
func HashPassword(pw string) (string, error) {
	if err := CheckPassword(pw); err != nil {
		return "", err
	}
	h, err := bcrypt.GenerateFromPassword([]byte(pw), bcrypt.DefaultCost)
	if err != nil {
		return "", fmt.Errorf("auth: hash password: %w", err)
	}
	return string(h), nil
}

// VerifyPassword returns nil when pw matches hash, ErrWrongPassword otherwise.
func VerifyPassword(hash, pw string) error {
	if bcrypt.CompareHashAndPassword([]byte(hash), []byte(pw)) != nil {
		return ErrWrongPassword
	}
	return nil
}

// DummyVerify spends the time of one password check, so that an unknown name cannot be
// told apart from a wrong password by timing.
func DummyVerify(pw string) {
	_ = bcrypt.CompareHashAndPassword(dummyHash(), []byte(pw))
}

// dummyHash is made on first use, not at package init: a bcrypt hash costs tens of
// milliseconds that every start of the binary (and every CLI command) would pay.
var dummyHash = sync.OnceValue(func() []byte {
	h, _ := bcrypt.GenerateFromPassword([]byte("feedlab-dummy-password"), bcrypt.DefaultCost)
	return h
})

// NewToken returns a random token (256 bits, URL-safe) for a session or a setup link.
func NewToken() string {
	b := make([]byte, 32)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashToken is what the database keeps of a token, so a copy of the database cannot be
// used to sign in.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Throttle limits failed sign-ins per key (a name and a client address, kept only in
// memory): after Max failures within Window, further attempts are refused until the oldest
// failure leaves the window.
type Throttle struct {
	Max    int
	Window time.Duration
	mu     sync.Mutex
	fails  map[string][]time.Time
	pruned time.Time
}

// NewThrottle returns a throttle allowing max failures per window.
func NewThrottle(max int, window time.Duration) *Throttle {
	return &Throttle{Max: max, Window: window, fails: map[string][]time.Time{}}
}

// Allowed reports whether key may try now.
func (t *Throttle) Allowed(key string, now time.Time) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.recent(key, now)) < t.Max
}

// RetryAfter says how long key must wait before it may try again: 0 when it may try now,
// otherwise until enough of its failures have left the window. A throttled person is told
// when to come back instead of guessing.
func (t *Throttle) RetryAfter(key string, now time.Time) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	list := t.recent(key, now)
	if len(list) < t.Max {
		return 0
	}
	// Failures are in time order; once this one leaves the window fewer than Max remain.
	return list[len(list)-t.Max].Add(t.Window).Sub(now)
}

// Reserve counts an attempt for key before it is made, in one step with the check: it
// answers 0 and records the attempt when key may try, otherwise how long it must wait
// (recording nothing). Reserving before the password hash is what keeps 200 concurrent
// guesses from all passing a check made before any of them had failed. A successful
// attempt gives its reservation back with Cancel.
func (t *Throttle) Reserve(key string, now time.Time) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	list := t.recent(key, now)
	if len(list) >= t.Max {
		return list[len(list)-t.Max].Add(t.Window).Sub(now)
	}
	t.fails[key] = append(list, now)
	t.prune(now)
	return 0
}

// Cancel takes back the attempt Reserve recorded for key at time at.
func (t *Throttle) Cancel(key string, at time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	list := t.fails[key]
	for i := len(list) - 1; i >= 0; i-- {
		if list[i].Equal(at) {
			t.fails[key] = append(list[:i:i], list[i+1:]...)
			break
		}
	}
	if len(t.fails[key]) == 0 {
		delete(t.fails, key)
	}
}

// Fail records a failed attempt.
func (t *Throttle) Fail(key string, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.fails[key] = append(t.recent(key, now), now)
	t.prune(now)
}

// prune bounds memory under a spray of keys (made-up names): past 10,000 keys, those
// without a failure in the window are forgotten, at most once a second so a flood does not
// make every call walk the map.
func (t *Throttle) prune(now time.Time) {
	if len(t.fails) <= 10000 || now.Sub(t.pruned) < time.Second {
		return
	}
	t.pruned = now
	for k := range t.fails {
		if len(t.recent(k, now)) == 0 {
			delete(t.fails, k)
		}
	}
}

// Succeed forgets a key's failures.
func (t *Throttle) Succeed(key string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.fails, key)
}

func (t *Throttle) recent(key string, now time.Time) []time.Time {
	list := t.fails[key]
	i := 0
	for i < len(list) && now.Sub(list[i]) >= t.Window {
		i++
	}
	list = list[i:]
	t.fails[key] = list
	return list
}
