package store

import (
	"context"
	"testing"
	"time"
)

// TestHistogramBucketsHoldTheirDurations: every duration falls in a bucket whose bounds
// contain it, and a bucket is at most a fifth wider than its lower bound (so a p99 read
// from it is off by no more than that).
func TestHistogramBucketsHoldTheirDurations(t *testing.T) {
	t.Parallel()
	lower := uint64(0)
	for i := range histBuckets - 1 {
		upper := bucketUpper(i)
		if upper <= lower {
			t.Fatalf("bucket %d: upper %d µs not above lower %d µs", i, upper, lower)
		}
		if lower >= 4 && float64(upper-lower) > 0.26*float64(lower) {
			t.Fatalf("bucket %d: [%d, %d) µs too wide", i, lower, upper)
		}
		for _, us := range []uint64{lower, (lower + upper) / 2, upper - 1} {
			if got := bucketOf(us); got != i {
				t.Fatalf("%d µs in bucket %d, want %d ([%d, %d))", us, got, i, lower, upper)
			}
		}
		lower = upper
	}
	if got := bucketOf(1 << 62); got != histBuckets-1 {
		t.Fatalf("a huge duration in bucket %d, want the last", got)
	}
}

// TestWriterClocksCountWaitsAndHolds: an arrival's and an event's use of the writer are
// counted, and an event queued while another write holds the writer counts that time as
// its wait, not as its hold (issue 28: what an arrival or event waits for the writer
// against what it holds it).
func TestWriterClocksCountWaitsAndHolds(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 1)
	p, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "u1", NConditions: 1}, composeAll(ents))
	if err != nil {
		t.Fatal(err)
	}
	q := s.WriterQueue()
	arrivalGroup := q.Events.Hold.TotalMs
	if q.ArrivalWait.Count != 1 || q.ArrivalWrite.Count != 1 || q.ArrivalWrite.TotalMs <= 0 || q.Events.Hold.Count != 1 || q.Events.Commit.Count != 1 {
		t.Fatalf("one arrival: wait %+v, write %+v, its group %+v", q.ArrivalWait, q.ArrivalWrite, q.Events)
	}

	// Hold the writer in another write; an event submitted meanwhile waits for it.
	var held time.Duration
	release := holdWriter(t, s)
	waits := s.write.Stats().WaitCount
	stored := make(chan error, 1)
	var call time.Duration // the event's whole RecordEvent
	go func() {
		t0 := time.Now()
		_, err := s.RecordEvent(ctx, Event{Answers: []Answer{{EventID: "e1", ParticipantID: p.ParticipantID, Kind: "checkpoint", Field: "x", Response: "1"}}})
		call = time.Since(t0)
		stored <- err
	}()
	// The event writer is waiting for the connection once the pool counts one more wait.
	waitFor(t, "the event writer waiting for the held writer", func() bool { return s.write.Stats().WaitCount > waits })
	// Not a wait for a condition: a known stretch the event spends queued, which its
	// clocks must count as wait and not as hold.
	seen := time.Now()
	time.Sleep(10 * time.Millisecond)
	held = time.Since(seen)
	if err := release(); err != nil {
		t.Fatal(err)
	}
	if err := <-stored; err != nil {
		t.Fatal(err)
	}
	q = s.WriterQueue()
	if q.EventWait.Count != 1 || q.Events.Hold.Count != 2 || q.Events.Commit.Count != 2 {
		t.Fatalf("one event: wait %+v, group %+v", q.EventWait, q.Events)
	}
	if got := time.Duration(q.EventWait.TotalMs * 1e6); got < held {
		t.Fatalf("the event waited %v behind a write held %v after it queued", got, held)
	}
	if got := time.Duration(q.Events.Wait.TotalMs * 1e6); got < held {
		t.Fatalf("the event writer waited %v for the connection held %v", got, held)
	}
	if got := time.Duration((q.Events.Hold.TotalMs - arrivalGroup) * 1e6); got > call-held {
		t.Fatalf("the event's group held the writer %v of the call's %v, counting the %v it waited as hold", got, call, held)
	}
	if q.Other.Hold.Count < 1 || time.Duration(q.Other.Hold.TotalMs*1e6) < held {
		t.Fatalf("the held write: %+v, held at least %v", q.Other.Hold, held)
	}
}
