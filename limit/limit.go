// Package limit holds the in-memory limits that keep anonymous clients from exhausting the
// appliance: token buckets per key (a client address) for arrivals and sign-ups, and a
// counter of open connections per address. Nothing here is stored: a restart forgets it.
package limit

import (
	"math"
	"sync"
	"time"
)

// maxKeys bounds the memory a spray of keys (addresses) can take; past it, keys whose
// bucket has refilled are forgotten (they are indistinguishable from new ones).
const maxKeys = 50000

// Rate is a token bucket per key: Burst requests at once, refilled at PerMinute a minute.
// Zero PerMinute means no limit.
type Rate struct {
	PerMinute int
	Burst     int

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

// NewRate returns a limit of perMinute a minute with the given burst (at least 1).
func NewRate(perMinute, burst int) *Rate {
	return &Rate{PerMinute: perMinute, Burst: max(burst, 1), buckets: map[string]*bucket{}}
}

// Take spends one token of key's bucket. It answers 0 when the request may go ahead,
// otherwise how long until a token is back (nothing is spent then).
func (r *Rate) Take(key string, now time.Time) time.Duration {
	if r == nil || r.PerMinute <= 0 {
		return 0
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	b := r.refilled(key, now)
	if b.tokens >= 1 {
		b.tokens--
		return 0
	}
	perToken := time.Minute / time.Duration(r.PerMinute)
	return time.Duration(math.Ceil((1 - b.tokens) * float64(perToken)))
}

func (r *Rate) refilled(key string, now time.Time) *bucket {
	b, ok := r.buckets[key]
	if !ok {
		if len(r.buckets) >= maxKeys {
			r.forgetFull(now)
		}
		b = &bucket{tokens: float64(r.Burst), at: now}
		r.buckets[key] = b
		return b
	}
	if el := now.Sub(b.at); el > 0 {
		b.tokens = math.Min(float64(r.Burst), b.tokens+el.Minutes()*float64(r.PerMinute))
		b.at = now
	}
	return b
}

// forgetFull drops the buckets that are full again; if that frees nothing (a flood of new
// keys), every bucket is dropped rather than let memory grow.
func (r *Rate) forgetFull(now time.Time) {
	for k, b := range r.buckets {
		if b.tokens+now.Sub(b.at).Minutes()*float64(r.PerMinute) >= float64(r.Burst) {
			delete(r.buckets, k)
		}
	}
	if len(r.buckets) >= maxKeys {
		clear(r.buckets)
	}
}
