package limit

import (
	"math"
	"time"
)

// TakeAbove is Take for a client that must leave floor tokens in the bucket for others: it
// spends a token only when more than floor remain. The password-check budget uses it so
// anonymous sign-ins can never spend the tokens kept for researchers' known browsers
// (issue 20 item 4): those refill first and a flood only ever gets what lies above them.
func (r *Rate) TakeAbove(key string, floor int, now time.Time) time.Duration {
	if r == nil || r.PerMinute <= 0 {
		return 0
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	b := r.refilled(key, now)
	need := float64(floor) + 1
	if b.tokens >= need {
		b.tokens--
		return 0
	}
	perToken := time.Minute / time.Duration(r.PerMinute)
	return time.Duration(math.Ceil((need - b.tokens) * float64(perToken)))
}

// Refund gives back a token Take or TakeAbove spent at at (up to the burst): the spender
// turned out not to be what the limit is for.
func (r *Rate) Refund(key string, at time.Time) {
	if r == nil || r.PerMinute <= 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	b := r.refilled(key, at)
	b.tokens = math.Min(float64(r.Burst), b.tokens+1)
}
