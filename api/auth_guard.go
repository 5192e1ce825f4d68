package api

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"runtime"
	"time"

	"feedlab/auth"
	"feedlab/limit"
)

// Sign-in limits (issue 13, item 2; issue 20, item 4). Password checks are deliberately
// slow (bcrypt, tens of milliseconds of CPU), so a flood of sign-ins with made-up names
// could take the CPU from participants; and guessing must not let strangers lock a
// researcher out. Everything below is checked before any hash:
//   - a small number of concurrent password checks; beyond it a sign-in is refused at once
//     (429, retry after a second) instead of queueing for CPU. One more slot is kept for
//     researchers' known browsers, so a flood holding the others cannot starve them;
//   - a browser that signed in to the account before (a valid known-device cookie for the
//     name, auth/device.go) has its own budget of failures and nothing else: strangers'
//     failures, on the account or from its address, never hold it up;
//   - any other attempt is throttled per name and address, per address, and per account
//     with growing delays (auth.Backoff: five free failures, then 1 s, 2 s, 4 s … up to
//     5 minutes after the latest), each reserved before the hash so concurrent guesses
//     cannot all slip past a check made before any of them failed;
//   - across the appliance, at most hashesPerMinute password checks a minute; the last
//     hashReserve tokens of the bucket are for known browsers only, so a distributed spray
//     from ever new addresses costs participants at most about one hash a second
//     (BENCHMARKS.md, sign-in flood) and still leaves room for the researchers;
//   - names longer than auth.MaxNameLen are refused before anything else.
const (
	signInWindow     = 15 * time.Minute
	failsPerNameAddr = 10 // one person mistyping their password
	failsPerAddr     = 30 // one address trying many names
	failsPerAccount  = 50 // many addresses trying the setup link
	failsPerDevice   = 10 // a known browser mistyping (or a stolen device cookie)
	// Growing delays per account from unknown browsers.
	accountFreeFails  = 5
	accountFirstDelay = time.Second
	accountMaxDelay   = 5 * time.Minute
	accountForget     = time.Hour
	hashesPerMinute   = 60 // a distributed spray
	hashBurst         = 10
	hashReserve       = 5 // tokens of the password-check budget only known browsers spend
)

// signInGuard holds the sign-in limits of one server.
type signInGuard struct {
	slots                                chan struct{}
	knownSlots                           chan struct{} // the slot only known browsers may take when slots are full
	byNameAddr, byAddr, byName, byDevice *limit.Attempts
	accounts                             *auth.Backoff
	hashes                               *limit.Rate
	// clearedAt answers when an operator last lifted a name's lockout on the command line
	// (store.LockoutClearedAt); nil in tests that need no store.
	clearedAt func(ctx context.Context, name string) (time.Time, error)
}

func newSignInGuard(hashesPerMin int) *signInGuard {
	// Half the cores (at least one) may hash at once: the other half stays with participants.
	return &signInGuard{
		slots:      make(chan struct{}, max(1, runtime.NumCPU()/2)),
		knownSlots: make(chan struct{}, 1),
		byNameAddr: limit.NewAttempts(failsPerNameAddr, signInWindow),
		byAddr:     limit.NewAttempts(failsPerAddr, signInWindow),
		byName:     limit.NewAttempts(failsPerAccount, signInWindow),
		byDevice:   limit.NewAttempts(failsPerDevice, signInWindow),
		accounts:   auth.NewBackoff(accountFreeFails, accountFirstDelay, accountMaxDelay, accountForget),
		hashes:     limit.NewRate(hashesPerMin, max(hashBurst, hashesPerMin/6)+hashReserve),
	}
}

// attempt is a reserved sign-in attempt. Until succeed is called it counts as a failure
// in every throttle; done must always be called (it frees the hashing slot).
type attempt struct {
	g        *signInGuard
	at       time.Time
	slot     chan struct{}
	reserved []reservation
	nameAddr string
	account  string // the backoff key reserved, if any
	device   string // the known browser's throttle key, if any
	hashed   bool   // a token of the password-check budget was spent
}

type reservation struct {
	t   *limit.Attempts
	key string
}

// begin takes a hashing slot and reserves the attempt in every throttle that applies, or
// answers why the attempt may not be made now (429 with retry_after). kind keeps setup
// attempts apart from sign-ins; device is the sign-in's known browser (a valid device
// cookie issued for this very name), or nil.
func (g *signInGuard) begin(ctx context.Context, kind, name, addr string, device *auth.Device, now time.Time) (*attempt, error) {
	a := &attempt{g: g, at: now, nameAddr: kind + "\x00" + name + "\x00" + addr}
	select {
	case g.slots <- struct{}{}:
		a.slot = g.slots
	default:
		if device == nil {
			return nil, busySignIn()
		}
		select {
		case g.knownSlots <- struct{}{}:
			a.slot = g.knownSlots
		default:
			return nil, busySignIn()
		}
	}
	if err := a.reserve(ctx, kind, name, addr, device, now); err != nil {
		a.cancel()
		a.done()
		return nil, err
	}
	wait := time.Duration(0)
	if device != nil {
		wait = g.hashes.Take("", now)
	} else {
		wait = g.hashes.TakeAbove("", hashReserve, now)
	}
	if wait > 0 {
		a.cancel()
		a.done()
		return nil, busySignIn()
	}
	a.hashed = true
	return a, nil
}

func (a *attempt) reserve(ctx context.Context, kind, name, addr string, device *auth.Device, now time.Time) error {
	g := a.g
	what := "sign-ins"
	if kind == "setup" {
		what = "attempts"
	}
	if device != nil {
		a.device = device.ID
		if wait := g.byDevice.Reserve(a.device, now); wait > 0 {
			a.device = ""
			return rateLimited("sign-ins from this browser", wait)
		}
		a.reserved = append(a.reserved, reservation{g.byDevice, device.ID})
		return nil
	}
	for _, r := range []reservation{{g.byNameAddr, a.nameAddr}, {g.byAddr, kind + "\x00" + addr}} {
		if wait := r.t.Reserve(r.key, now); wait > 0 {
			return rateLimited(what, wait)
		}
		a.reserved = append(a.reserved, r)
	}
	if kind == "setup" {
		// One link, no account yet: the flat limit of issue 13 stays.
		r := reservation{g.byName, kind + "\x00" + name}
		if wait := r.t.Reserve(r.key, now); wait > 0 {
			return rateLimited(what, wait)
		}
		a.reserved = append(a.reserved, r)
		return nil
	}
	wait, since := g.accounts.Reserve(name, now)
	if wait > 0 && g.clearedAt != nil {
		// The lockout may have been lifted on the command line since it began.
		if cleared, err := g.clearedAt(ctx, name); err == nil && !cleared.IsZero() && !cleared.Before(since.Truncate(time.Millisecond)) {
			g.accounts.Reset(name)
			wait, _ = g.accounts.Reserve(name, now)
		}
	}
	if wait > 0 {
		return accountLocked(wait)
	}
	a.account = name
	return nil
}

// succeed takes the attempt back from every throttle and forgets the earlier failures of
// the name and address, of the account from unknown browsers and of this browser (the
// person typed the password right in the end). The password check's token goes back to
// the budget too: the budget is there against guessing, and a right password is none.
func (a *attempt) succeed() {
	a.cancel()
	a.g.byNameAddr.Reset(a.nameAddr)
	if a.account != "" {
		a.g.accounts.Reset(a.account)
	}
	if a.device != "" {
		a.g.byDevice.Reset(a.device)
	}
	if a.hashed {
		a.g.hashes.Refund("", a.at)
		a.hashed = false
	}
}

// notCounted takes back an attempt that tested no password (a malformed one).
func (a *attempt) notCounted() { a.cancel() }

func (a *attempt) cancel() {
	for _, r := range a.reserved {
		r.t.Cancel(r.key, a.at)
	}
	a.reserved = nil
	if a.account != "" {
		a.g.accounts.Undo(a.account, a.at)
		a.account = ""
	}
}

// done frees the hashing slot.
func (a *attempt) done() { <-a.slot }

func busySignIn() error {
	return &detailedError{
		err:    &apiError{http.StatusTooManyRequests, codeRateLimited, "The server is busy checking other sign-ins; try again in a second."},
		fields: map[string]any{"retry_after": 1},
	}
}

// accountLocked is 429 for an account under growing delays. It says the same for names
// that exist and names that do not (both are delayed alike), and tells the researcher the
// way out that strangers cannot take from them.
func accountLocked(wait time.Duration) error {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	when := fmt.Sprintf("%d seconds", secs)
	switch {
	case secs == 1:
		when = "1 second"
	case secs >= 90:
		when = fmt.Sprintf("%d minutes", (secs+59)/60)
	}
	return &detailedError{
		err: &apiError{http.StatusTooManyRequests, codeRateLimited, "Too many failed sign-ins for this name; wait " + when +
			" and try again. A browser you signed in with before is not held up."},
		fields: map[string]any{"retry_after": secs},
	}
}
