package feed

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"time"
)

// A worker is this same binary started with FEEDLAB_RANK_WORKER=1: it runs ranking
// scripts for the server, one at a time, until its stdin closes. Its own limits (set by
// limitWorker at start) make any script's damage its own: the kernel refuses it address
// space beyond its memory bound, and its priority is below the server's.
const (
	workerEnv       = "FEEDLAB_RANK_WORKER"
	workerMemoryEnv = "FEEDLAB_RANK_MEMORY" // the memory bound per run, bytes
)

// A worker's exit statuses that say why it stopped in the middle of a job.
const (
	exitMemory = 3 // the script used more than the memory bound
	exitCPU    = 4 // the kernel's CPU limit for the job was reached (the server did not kill it in time)
)

// maxRunsPerWorker bounds the jobs of one worker before it is replaced, so nothing a long
// life accumulates (fragmented heap, a cache's churn) outlives a few thousand arrivals.
const maxRunsPerWorker = 2000

// RunWorkerIfAsked turns this process into a ranking-script worker when the server started
// it as one (FEEDLAB_RANK_WORKER=1) and never returns then; otherwise it returns at once.
// main() calls it first, and so does TestMain of every package whose tests run scripts, so
// a test binary serves as its own worker.
func RunWorkerIfAsked() {
	if os.Getenv(workerEnv) != "1" {
		return
	}
	os.Exit(runWorker(os.Stdin, os.Stdout, os.Stderr))
}

func runWorker(in io.Reader, out, errw io.Writer) int {
	memory, err := strconv.ParseInt(os.Getenv(workerMemoryEnv), 10, 64)
	if err != nil || memory <= 0 {
		fmt.Fprintf(errw, "feedlab rank worker: %s=%q is not a number of bytes\n", workerMemoryEnv, os.Getenv(workerMemoryEnv))
		return 2
	}
	runtime.GOMAXPROCS(min(2, runtime.NumCPU()))
	debug.SetGCPercent(100)
	// The collector works hard before the heap passes the bound; the kernel's address-space
	// limit (limitWorker) is what no allocation can pass.
	debug.SetMemoryLimit(memory + memoryHeadroom)
	as, err := limitWorker(memory)
	if err != nil {
		fmt.Fprintf(errw, "feedlab rank worker: set limits: %v\n", err)
		return 2
	}
	watchCPULimit(errw)
	if err := writeFrame(out, workerReady{AddressSpace: as}); err != nil {
		return 1
	}
	cache := newScriptCache(maxCachedScripts, maxCachedScriptBytes)
	for runs := 1; ; runs++ {
		var job scriptJob
		if err := readFrame(in, &job, math.MaxInt32); err != nil {
			if errors.Is(err, io.EOF) {
				return 0 // the server is gone or stopped this worker
			}
			fmt.Fprintf(errw, "feedlab rank worker: %v\n", err)
			return 1
		}
		stopCPU := limitJobCPU(jobTimeout(&job))
		res := runJob(&job, cache, memory, errw)
		stopCPU()
		res.Recycle = res.Recycle || runs >= maxRunsPerWorker
		if err := writeFrame(out, res); err != nil {
			return 1
		}
		if res.Recycle {
			return 0
		}
	}
}

// memoryHeadroom is what the Go runtime itself needs beside a script's heap (stacks,
// metadata, the job's cards as decoded): the collector's target is the bound plus this.
const memoryHeadroom = 16 << 20

// runJob runs one job within its time and memory bounds. A script over the memory bound
// ends the process (the heap it built cannot be trusted to shrink in time); everything
// else is answered.
func runJob(job *scriptJob, cache *scriptCache, memory int64, errw io.Writer) scriptResult {
	timeout := jobTimeout(job)
	stopWatch := watchMemory(memory, errw)
	defer stopWatch()
	load, run := newThread(), newThread()
	c := startClock(timeout, load, run)
	defer c.stop()

	fail := func(err error) scriptResult {
		var se *ScriptError
		if !errors.As(err, &se) {
			se = &ScriptError{Msg: err.Error()}
		}
		return scriptResult{Err: &ScriptError{Line: se.Line, Column: se.Column, Msg: truncate(se.Msg, 1000)}, Overran: c.expired.Load(),
			Recycle: heapObjects() > uint64(memory)/2}
	}
	hash := ScriptHash(job.Script)
	s := cache.get(hash)
	if s == nil {
		var err error
		if s, err = loadScript(job.Script, load, c); err != nil {
			return fail(err)
		}
		if !job.Check {
			cache.put(s)
		}
	}
	order, err := s.rankCards(run, c, job)
	if err != nil {
		return fail(err)
	}
	// A run that left a big heap (a large global, a script that churned) is not kept warm:
	// the worker exits after answering and a fresh one takes its place, so the memory goes
	// back to the system.
	return scriptResult{Order: order, Recycle: heapObjects() > uint64(memory)/2}
}

func jobTimeout(job *scriptJob) time.Duration {
	if job.Timeout <= 0 {
		return DefaultLimits.Timeout
	}
	return time.Duration(job.Timeout)
}

var heapSample = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}

// heapObjects is the heap's objects, live or not yet swept: cheap, no stop of the world.
func heapObjects() uint64 {
	s := []metrics.Sample{heapSample[0]}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// watchMemory checks the heap every 2 ms while a job runs; past the bound it collects, and
// when what is live still passes the bound the worker ends with exitMemory (the server
// tells the researcher and starts another). A single allocation beyond the bound never
// gets this far: the address-space limit refuses it and the runtime ends the process.
func watchMemory(memory int64, errw io.Writer) (stop func()) {
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		var quietUntil time.Time
		for {
			select {
			case <-done:
				return
			case <-t.C:
			}
			// After a collection that found the live heap under the bound, the heap's
			// garbage is left to the collector for 20 ms: a script churning near the
			// bound is not collected every 2 ms by this watch.
			if heapObjects() <= uint64(memory) || time.Now().Before(quietUntil) {
				continue
			}
			runtime.GC()
			quietUntil = time.Now().Add(20 * time.Millisecond)
			if liveHeap() > uint64(memory) {
				fmt.Fprintf(errw, "feedlab rank worker: the script used more than %s\n", FormatBytes(memory))
				os.Exit(exitMemory)
			}
		}
	}()
	return func() { close(done) }
}
