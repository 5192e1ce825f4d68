package api

import (
	"net/http"
	"runtime"
	"time"

	"feedlab/auth"
	"feedlab/limit"
)

// Sign-in limits (issue 13, item 2). Password checks are deliberately slow (bcrypt, tens of
// milliseconds of CPU), so a flood of sign-ins with made-up names could take the CPU from
// participants. Three defences, all checked before any hash:
//   - a small number of concurrent password checks; beyond it a sign-in is refused at once
//     (429, retry after a second) instead of queueing for CPU;
//   - failed attempts are throttled per name and address, per address and per account
//     name, each reserved before the hash so concurrent guesses cannot all slip past a
//     check made before any of them failed;
//   - across the appliance, at most hashesPerMinute password checks a minute (a burst of
//     hashBurst): a flood from ever new addresses and names costs participants at most
//     about one hash a second (BENCHMARKS.md, sign-in flood);
//   - names longer than auth.MaxNameLen are refused before anything else.
const (
	signInWindow     = 15 * time.Minute
	failsPerNameAddr = 10 // one person mistyping their password
	failsPerAddr     = 30 // one address trying many names
	failsPerAccount  = 50 // many addresses trying one name
	hashesPerMinute  = 60 // a distributed spray
	hashBurst        = 10
)

// signInGuard holds the sign-in limits of one server.
type signInGuard struct {
	slots                      chan struct{}
	byNameAddr, byAddr, byName *auth.Throttle
	hashes                     *limit.Rate
}

func newSignInGuard(hashesPerMin int) *signInGuard {
	// Half the cores (at least one) may hash at once: the other half stays with participants.
	return &signInGuard{
		slots:      make(chan struct{}, max(1, runtime.NumCPU()/2)),
		byNameAddr: auth.NewThrottle(failsPerNameAddr, signInWindow),
		byAddr:     auth.NewThrottle(failsPerAddr, signInWindow),
		byName:     auth.NewThrottle(failsPerAccount, signInWindow),
		hashes:     limit.NewRate(hashesPerMin, max(hashBurst, hashesPerMin/6)),
	}
}

// attempt is a reserved sign-in attempt. Until succeed is called it counts as a failure
// in every throttle; done must always be called (it frees the hashing slot).
type attempt struct {
	g        *signInGuard
	at       time.Time
	reserved []reservation
	nameAddr string
}

type reservation struct {
	t   *auth.Throttle
	key string
}

// begin takes a hashing slot and reserves the attempt in every throttle, or answers why
// the attempt may not be made now (429 with retry_after). kind keeps setup attempts apart
// from sign-ins.
func (g *signInGuard) begin(kind, name, addr string, now time.Time) (*attempt, error) {
	select {
	case g.slots <- struct{}{}:
	default:
		return nil, busySignIn()
	}
	a := &attempt{g: g, at: now, nameAddr: kind + "\x00" + name + "\x00" + addr}
	for _, r := range []reservation{
		{g.byNameAddr, a.nameAddr}, {g.byAddr, kind + "\x00" + addr}, {g.byName, kind + "\x00" + name},
	} {
		if wait := r.t.Reserve(r.key, now); wait > 0 {
			a.cancel()
			<-g.slots
			what := "sign-ins"
			if kind == "setup" {
				what = "attempts"
			}
			return nil, rateLimited(what, wait)
		}
		a.reserved = append(a.reserved, r)
	}
	if g.hashes.Take("", now) > 0 {
		a.cancel()
		<-g.slots
		return nil, busySignIn()
	}
	return a, nil
}

// succeed takes the attempt back from every throttle and forgets the name and address's
// earlier failures (the person typed the password right in the end).
func (a *attempt) succeed() {
	a.cancel()
	a.g.byNameAddr.Succeed(a.nameAddr)
}

// notCounted takes back an attempt that tested no password (a malformed one).
func (a *attempt) notCounted() { a.cancel() }

func (a *attempt) cancel() {
	for _, r := range a.reserved {
		r.t.Cancel(r.key, a.at)
	}
	a.reserved = nil
}

// done frees the hashing slot.
func (a *attempt) done() { <-a.g.slots }

func busySignIn() error {
	return &detailedError{
		err:    &apiError{http.StatusTooManyRequests, codeRateLimited, "The server is busy checking other sign-ins; try again in a second."},
		fields: map[string]any{"retry_after": 1},
	}
}
