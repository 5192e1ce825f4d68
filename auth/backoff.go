package auth

import (
	"sync"
	"time"
)

// Backoff is the lockout of an account from unknown browsers (issue 20 item 4): the first
// Free failures cost nothing, then each further attempt must wait twice as long as the one
// before (First, 2×First, 4×First, … up to Cap) after the latest failure. A flat block of 15
// minutes let a stranger keep an account locked by spending 50 guesses every 15 minutes;
// growing delays cost the stranger the same time they cost the owner, and the owner's known
// browsers are not subject to them at all. A success resets the account; so does an
// operator's unlock (Reset). State is kept in memory only.
type Backoff struct {
	Free   int
	First  time.Duration
	Cap    time.Duration
	Forget time.Duration // a key without failure for this long starts afresh

	mu     sync.Mutex
	keys   map[string]*backoffState
	pruned time.Time
}

type backoffState struct {
	fails int
	since time.Time // the first failure of this run of failures
	last  time.Time // the latest failure (or reservation)
	prev  time.Time // last before the latest reservation, for Undo
}

// NewBackoff returns a backoff with free failures, then delays from first doubling up to
// limit; state is forgotten after forget without a failure.
func NewBackoff(free int, first, limit, forget time.Duration) *Backoff {
	return &Backoff{Free: free, First: first, Cap: limit, Forget: forget, keys: map[string]*backoffState{}}
}

// delay is the wait after n failures.
func (b *Backoff) delay(n int) time.Duration {
	if n < b.Free {
		return 0
	}
	d := b.First
	for i := b.Free; i < n && d < b.Cap; i++ {
		d *= 2
	}
	return min(d, b.Cap)
}

// Reserve counts an attempt for key before it is made, in one step with the check, as
// limit.Attempts.Reserve does: it answers 0 and records the attempt as a failure when key may try
// now, otherwise how long it must wait (recording nothing) and since when key has been
// failing (so a caller can tell whether an operator's unlock came later).
func (b *Backoff) Reserve(key string, now time.Time) (wait time.Duration, since time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	st := b.state(key, now)
	if st != nil {
		if next := st.last.Add(b.delay(st.fails)); now.Before(next) {
			return next.Sub(now), st.since
		}
	} else {
		st = &backoffState{since: now}
		b.keys[key] = st
	}
	st.fails++
	st.prev, st.last = st.last, now
	b.prune(now)
	return 0, time.Time{}
}

// Undo takes back one attempt reserved at time at that tested no password (the
// appliance-wide budget refused it, say). When it is still the latest, the delay runs from
// the failure before it again: attempts that were never checked must not push an account's
// lockout forward.
func (b *Backoff) Undo(key string, at time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	st := b.keys[key]
	if st == nil {
		return
	}
	if st.fails--; st.fails <= 0 {
		delete(b.keys, key)
		return
	}
	if st.last.Equal(at) {
		st.last = st.prev
	}
}

// Reset forgets key's failures (a success, or an operator's unlock).
func (b *Backoff) Reset(key string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.keys, key)
}

func (b *Backoff) state(key string, now time.Time) *backoffState {
	st := b.keys[key]
	if st != nil && now.Sub(st.last) >= b.Forget {
		delete(b.keys, key)
		return nil
	}
	return st
}

// prune bounds memory under a spray of made-up names, as limit.Attempts does.
func (b *Backoff) prune(now time.Time) {
	if len(b.keys) <= 10000 || now.Sub(b.pruned) < time.Second {
		return
	}
	b.pruned = now
	for k, st := range b.keys {
		// Only forgotten keys go: dropping a key early would hand a guesser its free
		// failures again. Memory stays bounded because the guard undoes every reservation
		// that reaches no password check (the appliance-wide budget refused it), so only
		// names that were really checked stay here.
		if now.Sub(st.last) >= b.Forget {
			delete(b.keys, k)
		}
	}
}
