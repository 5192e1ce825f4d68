package limit

import (
	"sync"
	"time"
)

// maxAttemptKeys is how many keys Attempts keeps before it forgets those without an
// attempt in the window: a spray of made-up names must not grow memory without bound.
const maxAttemptKeys = 10000

// Attempts counts attempts per key (a name and a client address, a browser) in a sliding
// window: after Max attempts within Window, further ones are refused until the oldest
// leaves the window. Unlike Rate, which refills at a steady pace, it forgets nothing
// early, which is what a limit on password guesses needs: ten failures stay ten for the
// whole window. An attempt is reserved before it is made and given back when it turns out
// not to count (a right password).
type Attempts struct {
	Max    int
	Window time.Duration

	mu     sync.Mutex
	times  map[string][]time.Time // per key, in time order
	pruned time.Time
}

// NewAttempts returns a limit of max attempts per key within window.
func NewAttempts(max int, window time.Duration) *Attempts {
	return &Attempts{Max: max, Window: window, times: map[string][]time.Time{}}
}

// Reserve counts an attempt for key before it is made, in one step with the check: it
// answers 0 and records the attempt when key may try, otherwise how long it must wait
// (recording nothing), so a refused person is told when to come back. Reserving before
// the password hash is what keeps 200 concurrent guesses from all passing a check made
// before any of them had failed.
func (a *Attempts) Reserve(key string, now time.Time) time.Duration {
	a.mu.Lock()
	defer a.mu.Unlock()
	list := a.recent(key, now)
	if len(list) >= a.Max {
		// Once the oldest of the last Max leaves the window, fewer than Max remain.
		return list[len(list)-a.Max].Add(a.Window).Sub(now)
	}
	a.times[key] = append(list, now)
	a.prune(now)
	return 0
}

// Cancel takes back the attempt Reserve recorded for key at time at.
func (a *Attempts) Cancel(key string, at time.Time) {
	a.mu.Lock()
	defer a.mu.Unlock()
	list := a.times[key]
	for i := len(list) - 1; i >= 0; i-- {
		if list[i].Equal(at) {
			a.times[key] = append(list[:i:i], list[i+1:]...)
			break
		}
	}
	if len(a.times[key]) == 0 {
		delete(a.times, key)
	}
}

// Reset forgets every attempt of key (the person typed the password right in the end).
func (a *Attempts) Reset(key string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	delete(a.times, key)
}

// prune bounds memory: past maxAttemptKeys keys, those without an attempt in the window
// are forgotten, at most once a second so a flood does not make every call walk the map.
func (a *Attempts) prune(now time.Time) {
	if len(a.times) <= maxAttemptKeys || now.Sub(a.pruned) < time.Second {
		return
	}
	a.pruned = now
	for k := range a.times {
		if len(a.recent(k, now)) == 0 {
			delete(a.times, k)
		}
	}
}

// recent drops key's attempts that left the window and returns the rest.
func (a *Attempts) recent(key string, now time.Time) []time.Time {
	list := a.times[key]
	i := 0
	for i < len(list) && now.Sub(list[i]) >= a.Window {
		i++
	}
	list = list[i:]
	if len(list) == 0 {
		delete(a.times, key)
		return nil
	}
	a.times[key] = list
	return list
}
