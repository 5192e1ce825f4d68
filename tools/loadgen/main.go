// Command loadgen measures feedlab's event ingestion against Go's no-op HTTP ceiling, in
// one run, with one load generator, on the same machine:
//
//	./build.sh && go run ./tools/loadgen                # ingestion ratio, 200 participants
//	go run ./tools/loadgen -runs 5                      # five runs, medians at the end
//	go run ./tools/loadgen -profile /tmp/feedlab.pprof  # also a 10 s CPU profile of the server
//	go run ./tools/loadgen -study 50                    # the whole-study load test (see study.go)
//	go run ./tools/loadgen -whole 2000 -runs 3          # whole participants against the no-op (see whole.go)
//
// It starts the real binary (-bin, default ./feedlab) with 'serve --pprof' on a fresh data
// directory, and a no-op Go HTTP server (this program re-run with -noop) in a process of its
// own. The same closed-loop generator (200 participants, each sending its next event only
// once the previous one is acknowledged, which feedlab does after the durable commit; 5 %
// of events resent with an id already acknowledged) drives the no-op first and feedlab
// second. It prints each one's events/s, p50 and p99, the server's CPU per event (from
// /proc/<pid>/stat) and feedlab's allocations per event (runtime.MemStats through the
// profiler), with the load average next to them, then stops feedlab and checks that the
// engagements export holds exactly the acknowledged events: every acknowledged id once,
// nothing else.
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
)

func main() {
	noop := flag.String("noop", "", "internal: serve the no-op handler on this address")
	noopAnswers := flag.String("noop-answers", "", "internal: the no-op's answers (captured from feedlab)")
	bin := flag.String("bin", "./feedlab", "the feedlab binary to measure (./build.sh makes it)")
	participants := flag.Int("participants", 200, "concurrent participants")
	events := flag.Int("events", 30000, "events per phase (each server, each run)")
	resend := flag.Float64("resend", 0.05, "share of events resent with an id already acknowledged")
	runs := flag.Int("runs", 1, "runs (each: no-op phase, then feedlab phase); medians are printed when more than one")
	profile := flag.String("profile", "", "write a 10 s CPU profile of feedlab under load to this file (first run)")
	whole := flag.Int("whole", 0, "run the whole-participant mode with this many participants per phase (see whole.go) instead")
	arrivals := flag.Int("arrivals", 2000, "-whole: arrivals in the arrivals-only phase that measures CPU per arrival")
	study := flag.Int("study", 0, "run the whole-study load test with this many participants instead (5000 for the full one)")
	replicate := flag.Bool("replicate", false, "each run also measures a feedlab serving with --replicate to a folder (replication on against off)")
	flag.Parse()
	if *noop != "" {
		serveNoop(*noop, *noopAnswers)
		return
	}
	var err error
	if *whole > 0 {
		err = runWhole(*bin, wholeConfig{participants: *participants, total: *whole, arrivals: *arrivals, runs: *runs, profile: *profile})
	} else if *study > 0 {
		err = runStudyLoad(*bin, *study)
	} else {
		err = runIngest(*bin, ingestConfig{participants: *participants, events: *events, resend: *resend, runs: *runs, profile: *profile, replicate: *replicate})
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
