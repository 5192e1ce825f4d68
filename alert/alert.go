// Package alert keeps the problems a researcher must see on a study's page while the study
// runs: a ranking script that failed at a participant's arrival, participants sending more
// than their budgets, a disk close to full. Each is counted per study and kind, and logged
// at most once a minute per study and kind (with how many occurrences the minute held), so
// a flood of failures costs one log line a minute, not one per request.
//
// Alerts live in memory: a restart forgets them (the log keeps every minute's line). They
// describe the running appliance, not the study's data, which is why they are not stored.
package alert

import (
	"log/slog"
	"sort"
	"sync"
	"time"
)

// Kind is what went wrong.
type Kind string

// The kinds of alert, with the sentence the study page shows for each.
const (
	// RankingFailed: a participant's feed could not be ranked (a custom script ran over its
	// time or memory, or failed); the participant was told to try again and nothing was
	// registered.
	RankingFailed Kind = "ranking_failed"
	// OverBudget: a participant sent more than a real session ever does (events, bytes,
	// answer length, dwell visits) or sent too fast; the excess was refused.
	OverBudget Kind = "over_budget"
	// LowDisk: the data directory's disk is below its free-space floor; new arrivals are
	// turned away, participants already in finish. Appliance-wide: shown on every study.
	LowDisk Kind = "low_disk"
	// ReplicaFailing: the replication destination (feedlab serve --replicate) has been
	// behind or failing for several seconds; participants are not affected, but a lost
	// machine would lose what is not yet there. Appliance-wide: shown on every study.
	ReplicaFailing Kind = "replica_failing"
)

// Messages are the study page's words for each kind.
var Messages = map[Kind]string{
	RankingFailed:  "Participants could not start because the condition's ranking failed (a custom script ran too long, used too much memory or stopped with an error). They saw \"This study cannot start right now\" and may retry; nothing was recorded for them.",
	OverBudget:     "Requests from participants went over the limits a real session stays under and were refused (a script or a broken browser, not a person taking part).",
	ReplicaFailing: "Replication is failing: the copy of the study data off this machine (serve --replicate) is behind. Participants are not affected, but if this machine were lost now, what is not yet replicated would be lost. The detail says since when and why.",
	LowDisk:        "The appliance's disk is nearly full: new participants are turned away (\"study is full right now\") while those already in can finish. Free disk space to accept arrivals again.",
}

// Alert is one kind of problem of one study: how often, when first and last, and the
// latest detail (for the researcher, never a participant's data).
type Alert struct {
	Kind    Kind      `json:"kind"`
	Message string    `json:"message"`
	Count   int64     `json:"count"`
	First   time.Time `json:"first"`
	Last    time.Time `json:"last"`
	Detail  string    `json:"detail"`
}

// Global is the study id under which appliance-wide alerts (LowDisk) are noted; For
// returns them with every study's own.
const Global = ""

type key struct {
	study string
	kind  Kind
}

type entry struct {
	Alert
	loggedAt time.Time
	unlogged int64 // occurrences since the last log line
}

// Board counts alerts and logs them at most once a minute per study and kind.
type Board struct {
	log    *slog.Logger
	now    func() time.Time
	period time.Duration

	mu      sync.Mutex
	entries map[key]*entry
}

// maxEntries bounds memory: alerts are keyed by study ids the server resolved, but a
// bound costs nothing.
const maxEntries = 10000

// New returns a board logging to log.
func New(log *slog.Logger) *Board {
	if log == nil {
		log = slog.Default()
	}
	return &Board{log: log, now: time.Now, period: time.Minute, entries: map[key]*entry{}}
}

// Note counts one occurrence of kind for study (Global for the appliance) with a detail
// for the researcher and the log, and logs it unless the same study and kind were logged
// less than a minute ago.
func (b *Board) Note(study string, kind Kind, detail string) {
	if b == nil {
		return
	}
	now := b.now()
	b.mu.Lock()
	k := key{study, kind}
	e, ok := b.entries[k]
	if !ok {
		if len(b.entries) >= maxEntries {
			b.mu.Unlock()
			return
		}
		e = &entry{Alert: Alert{Kind: kind, Message: Messages[kind], First: now}}
		b.entries[k] = e
	}
	e.Count++
	e.Last = now
	e.Detail = detail
	e.unlogged++
	logNow := e.loggedAt.IsZero() || now.Sub(e.loggedAt) >= b.period
	var n int64
	if logNow {
		n, e.unlogged, e.loggedAt = e.unlogged, 0, now
	}
	b.mu.Unlock()
	if logNow {
		b.log.Warn("alert", "study", study, "kind", string(kind), "count_since_last_line", n, "detail", detail)
	}
}

// For returns study's alerts and the appliance-wide ones, most recent first.
func (b *Board) For(study string) []Alert {
	if b == nil {
		return nil
	}
	b.mu.Lock()
	var out []Alert
	for k, e := range b.entries {
		if k.study == study || k.study == Global {
			out = append(out, e.Alert)
		}
	}
	b.mu.Unlock()
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Last.Equal(out[j].Last) {
			return out[i].Last.After(out[j].Last)
		}
		return out[i].Kind < out[j].Kind
	})
	return out
}

// Clear forgets kind for study: for alerts that describe a state (LowDisk) once the state
// is over, so the study page does not show a problem that is gone.
func (b *Board) Clear(study string, kind Kind) {
	if b == nil {
		return
	}
	b.mu.Lock()
	delete(b.entries, key{study, kind})
	b.mu.Unlock()
}
