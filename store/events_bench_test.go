package store

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// BenchmarkRecordEvent is the event writer alone (no HTTP): 200 participants each submit
// their next like as soon as the previous one is committed, on a real SQLite file with
// the appliance's durability (WAL, synchronous=FULL). It reports the process's CPU per
// event and the events per group commit, the figures tools/loadgen reports for the whole
// server; here they isolate what the database work costs.
//
//	go test ./store -run '^$' -bench RecordEvent -benchtime 50000x -count 5
//	FEEDLAB_BENCH_PARTICIPANTS=15 go test ./store -run '^$' -bench RecordEvent   # smaller groups
func BenchmarkRecordEvent(b *testing.B) {
	s := openTest(b)
	ctx := context.Background()
	id, ents := seedStudy(b, s, 1)
	participants := 200
	if n, err := strconv.Atoi(os.Getenv("FEEDLAB_BENCH_PARTICIPANTS")); err == nil {
		participants = n
	}
	ids := make([]int64, participants)
	for i := range ids {
		p, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: fmt.Sprint("u", i), NConditions: 1}, composeAll(ents))
		if err != nil {
			b.Fatal(err)
		}
		ids[i] = p.ParticipantID
	}
	w0 := s.WriterStats()
	cpu0 := cpuTime()
	start := time.Now()
	b.ResetTimer()
	var next atomic.Int64
	var wg sync.WaitGroup
	for p := range participants {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				j := next.Add(1)
				if j > int64(b.N) {
					return
				}
				now := time.Now().UnixMilli()
				_, err := s.RecordEvent(ctx, Event{Engagements: []Engagement{{
					EventID: fmt.Sprint("e", j), ParticipantID: ids[p], EntityID: ents[int(j)%len(ents)].EntityID,
					Type: "likes", Response: "true", TimeContentViewed: nullInt(now - 1500), TimeEngagement: nullInt(now), Likes: nullInt(1),
				}}})
				if err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	elapsed, cpu, w := time.Since(start), cpuTime()-cpu0, s.WriterStats()
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/event")
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "events/s")
	b.ReportMetric(float64(w.Events-w0.Events)/float64(w.Commits-w0.Commits), "events/commit")
	var n int
	if err := s.read.QueryRow(`SELECT count(*) FROM engagements`).Scan(&n); err != nil || n != b.N {
		b.Fatalf("%d engagement rows for %d events (%v)", n, b.N, err)
	}
}

func nullInt(n int64) sql.NullInt64 { return sql.NullInt64{Int64: n, Valid: true} }

// cpuTime is the process's user plus system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
