package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// The writer's clocks (store/writer_clock.go), read from feedlab's /debug/vars before and
// after a phase: how long events and arrivals waited for the one writer connection
// against how long they held it.

// durations is one histogram as feedlab serves it.
type durations struct {
	Count   int64       `json:"count"`
	TotalMs float64     `json:"total_ms"`
	Buckets [][2]uint64 `json:"buckets"` // [upper bound µs, count]
}

type txDurations struct{ Wait, Hold, Commit durations }

type writerQueue struct {
	EventWait durations `json:"event_wait"`
	// ArrivalWait and ArrivalWrite: arrivals committed in the event writer's groups;
	// Arrivals: each arrival in a transaction of its own (binaries before that).
	ArrivalWait  durations `json:"arrival_wait"`
	ArrivalWrite durations `json:"arrival_write"`
	Events       txDurations
	Arrivals     txDurations
	Other        txDurations
}

// writerQueue reads the clocks; ok is false when feedlab has none (an older binary).
func (s *server) writerQueue() (q writerQueue, ok bool) {
	if s.pprof == "" {
		return q, false
	}
	res, err := http.Get(s.pprof + "/debug/vars")
	if err != nil {
		return q, false
	}
	defer res.Body.Close()
	var vars struct {
		Queue *writerQueue `json:"writer_queue"`
	}
	if json.NewDecoder(res.Body).Decode(&vars) != nil || vars.Queue == nil {
		return q, false
	}
	return *vars.Queue, true
}

// since is what d counted after before.
func (d durations) since(before durations) durations {
	out := durations{Count: d.Count - before.Count, TotalMs: d.TotalMs - before.TotalMs}
	prior := map[uint64]uint64{}
	for _, b := range before.Buckets {
		prior[b[0]] = b[1]
	}
	for _, b := range d.Buckets {
		if n := b[1] - prior[b[0]]; n > 0 {
			out.Buckets = append(out.Buckets, [2]uint64{b[0], n})
		}
	}
	return out
}

func (t txDurations) since(before txDurations) txDurations {
	return txDurations{t.Wait.since(before.Wait), t.Hold.since(before.Hold), t.Commit.since(before.Commit)}
}

func (q writerQueue) since(before writerQueue) writerQueue {
	return writerQueue{
		EventWait:    q.EventWait.since(before.EventWait),
		ArrivalWait:  q.ArrivalWait.since(before.ArrivalWait),
		ArrivalWrite: q.ArrivalWrite.since(before.ArrivalWrite),
		Events:       q.Events.since(before.Events),
		Arrivals:     q.Arrivals.since(before.Arrivals),
		Other:        q.Other.since(before.Other),
	}
}

// quantile is the upper bound of the bucket holding quantile p, in ms (at most a fifth
// above the true value).
func (d durations) quantile(p float64) float64 {
	want := uint64(p * float64(d.Count))
	var seen uint64
	for _, b := range d.Buckets {
		seen += b[1]
		if seen > want {
			return float64(b[0]) / 1000
		}
	}
	return 0
}

func (d durations) mean() float64 {
	if d.Count == 0 {
		return 0
	}
	return d.TotalMs / float64(d.Count)
}

func (d durations) String() string {
	return fmt.Sprintf("mean %.2f p50 %.2f p99 %.2f ms (%d)", d.mean(), d.quantile(0.5), d.quantile(0.99), d.Count)
}

// report is the phase's writer figures in a few lines: how busy the writer was (its
// holds over the phase's time), then per kind its wait and hold.
func (q writerQueue) report(elapsed time.Duration) string {
	held := q.Events.Hold.TotalMs + q.Arrivals.Hold.TotalMs + q.Other.Hold.TotalMs
	commits := q.Events.Commit.TotalMs + q.Arrivals.Commit.TotalMs + q.Other.Commit.TotalMs
	var b strings.Builder
	fmt.Fprintf(&b, "    writer held %.0f %% of the phase (commits alone %.0f %%)\n", 100*held/float64(elapsed.Milliseconds()), 100*commits/float64(elapsed.Milliseconds()))
	if q.EventWait.Count > 0 {
		fmt.Fprintf(&b, "    event   wait %s\n", q.EventWait)
	}
	fmt.Fprintf(&b, "    groups  wait %s, hold %s, commit %s\n", q.Events.Wait, q.Events.Hold, q.Events.Commit)
	if q.Arrivals.Hold.Count > 0 {
		fmt.Fprintf(&b, "    arrival wait %s, hold %s, commit %s\n", q.Arrivals.Wait, q.Arrivals.Hold, q.Arrivals.Commit)
	}
	if q.ArrivalWait.Count > 0 {
		fmt.Fprintf(&b, "    arrival wait %s, its writes in the group %s\n", q.ArrivalWait, q.ArrivalWrite)
	}
	if q.Other.Hold.Count > 0 {
		fmt.Fprintf(&b, "    other   wait %s, hold %s\n", q.Other.Wait, q.Other.Hold)
	}
	return b.String()
}
