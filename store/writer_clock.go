package store

import (
	"context"
	"database/sql"
	"math/bits"
	"sync/atomic"
	"time"
)

// The writer's clocks (issue 28): the database has one writer connection, and events,
// arrivals and every other write take turns on it. Under load the question is how long
// each waits for it against how long each holds it. These histograms answer that at the
// cost of a few clock reads and atomic adds per transaction (and one clock read per
// event), far below one commit's fsync; /debug/vars beside the profiler serves them
// (serve --pprof) and tools/loadgen prints them per phase.

// histBuckets covers 0 µs to about 134 s in quarter octaves (each bucket at most 19 %
// wider than the one before), fine enough for a p99.
const histBuckets = 4 * 27

// durationHist is a lock-free histogram of durations.
type durationHist struct {
	count, totalNs atomic.Int64
	buckets        [histBuckets]atomic.Int64
}

// bucketOf is the bucket of a duration in microseconds: 0–3 µs exactly, then four buckets
// per power of two.
func bucketOf(us uint64) int {
	if us < 4 {
		return int(us)
	}
	e := bits.Len64(us) - 1 // 2^e ≤ us < 2^(e+1), e ≥ 2
	i := 4*(e-1) + int((us>>(e-2))&3)
	return min(i, histBuckets-1)
}

// bucketUpper is the first duration in microseconds past bucket i.
func bucketUpper(i int) uint64 {
	if i < 4 {
		return uint64(i + 1)
	}
	i++ // the next bucket's lower bound
	e, sub := i/4+1, uint64(i%4)
	return (4 + sub) << (e - 2)
}

func (h *durationHist) add(d time.Duration) {
	if d < 0 {
		d = 0
	}
	h.count.Add(1)
	h.totalNs.Add(int64(d))
	h.buckets[bucketOf(uint64(d/time.Microsecond))].Add(1)
}

// Durations is a histogram as /debug/vars serves it: how many, their total, and the
// count under each non-empty bucket's upper bound (microseconds, exclusive).
type Durations struct {
	Count   int64       `json:"count"`
	TotalMs float64     `json:"total_ms"`
	Buckets [][2]uint64 `json:"buckets"` // [upper bound µs, count]
}

func (h *durationHist) snapshot() Durations {
	d := Durations{Count: h.count.Load(), TotalMs: float64(h.totalNs.Load()) / 1e6}
	for i := range h.buckets {
		if n := h.buckets[i].Load(); n > 0 {
			d.Buckets = append(d.Buckets, [2]uint64{bucketUpper(i), uint64(n)})
		}
	}
	return d
}

// txClocks are one kind of write transaction's clocks: wait is from asking for the writer
// until the transaction began (the connection free and BEGIN IMMEDIATE done), hold from
// then until the commit or rollback returned, commit the commit alone (its fsync).
type txClocks struct{ wait, hold, commit durationHist }

// TxDurations is txClocks as served.
type TxDurations struct {
	Wait   Durations `json:"wait"`
	Hold   Durations `json:"hold"`
	Commit Durations `json:"commit"`
}

func (c *txClocks) snapshot() TxDurations {
	return TxDurations{Wait: c.wait.snapshot(), Hold: c.hold.snapshot(), Commit: c.commit.snapshot()}
}

// writerClocks: every write transaction is the event writer's group (client events and
// new participants' registrations) or another write.
type writerClocks struct {
	// events: the event writer's group transactions (one per group)
	events txClocks
	// eventWait: each client event from its submission until its group's transaction
	// began (the queue, the writer's gathering and its wait for the connection)
	eventWait durationHist
	// arrivalWait: each new participant's registration, the same; arrivalWrite: the time
	// its writes took inside the group (arrival_commit.go)
	arrivalWait, arrivalWrite durationHist
	// other: every other write (researchers' actions, completions, user agents, ...)
	other txClocks
}

// WriterQueue is what the writer's clocks measured since the store opened.
type WriterQueue struct {
	// EventWait is each client event's wait, from its submission until its group's
	// transaction began.
	EventWait Durations `json:"event_wait"`
	// ArrivalWait is each arrival's wait, the same; ArrivalWrite the time its writes took
	// inside its group.
	ArrivalWait  Durations   `json:"arrival_wait"`
	ArrivalWrite Durations   `json:"arrival_write"`
	Events       TxDurations `json:"events"` // the group transactions (events and arrivals)
	Other        TxDurations `json:"other"`
}

// WriterQueue answers the writer's clocks (see writer_clock.go).
func (s *Store) WriterQueue() WriterQueue {
	c := &s.clocks
	return WriterQueue{
		EventWait:    c.eventWait.snapshot(),
		ArrivalWait:  c.arrivalWait.snapshot(),
		ArrivalWrite: c.arrivalWrite.snapshot(),
		Events:       c.events.snapshot(),
		Other:        c.other.snapshot(),
	}
}

// beginTimed begins a write transaction and counts the wait for it in c; it answers
// when the transaction began, for endTimed.
func (s *Store) beginTimed(ctx context.Context, c *txClocks) (*sql.Tx, time.Time, error) {
	asked := time.Now()
	tx, err := s.write.BeginTx(ctx, nil)
	began := time.Now()
	c.wait.add(began.Sub(asked))
	return tx, began, err
}

// commitTimed commits tx and counts the commit and the whole hold in c.
func commitTimed(tx *sql.Tx, c *txClocks, began time.Time) error {
	t := time.Now()
	err := tx.Commit()
	end := time.Now()
	c.commit.add(end.Sub(t))
	c.hold.add(end.Sub(began))
	return err
}

// rollbackTimed rolls tx back and counts the hold in c.
func rollbackTimed(tx *sql.Tx, c *txClocks, began time.Time) {
	tx.Rollback()
	c.hold.add(time.Since(began))
}
