package feed

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// arenaSlack is added to a worker's address-space limit beyond its memory bound: the Go
// runtime reserves heap address space in 64 MB arenas, so a limit of exactly base + bound
// can refuse a heap well under the bound (measured: base + 64 MB let a heap reach only 24
// MB; base + 128 MB reached 112 to 120 MB). The bound itself is held by watchMemory; the
// address-space limit is only there for the one allocation far beyond it ([0] * 10**9),
// so it keeps three arenas of slack: on a machine so loaded that the collector and the
// 2 ms watch fall behind, an honest script's garbage must not reach the limit first (once
// seen at load 12 with one arena of slack: a trivial script refused as "more than 64 MB").
const arenaSlack = 192 << 20

// workerNice is the workers' scheduling priority: below the server's (0), so a script
// using its whole time limit takes CPU the server's requests do not need.
const workerNice = 10

// limitWorker sets this worker's limits: RLIMIT_AS at its address space now (the runtime,
// the binary, the reserved arenas) plus the memory bound and arenaSlack, and a lower
// priority for every thread. It answers the address-space limit.
func limitWorker(memory int64) (uint64, error) {
	base, err := procStatusBytes("/proc/self/status", "VmSize:")
	if err != nil {
		return 0, err
	}
	as := base + uint64(memory) + arenaSlack
	if raceEnabled {
		return 0, reniceThreads(workerNice)
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: as, Max: as}); err != nil {
		return 0, fmt.Errorf("RLIMIT_AS %d: %w", as, err)
	}
	return as, reniceThreads(workerNice)
}

// reniceThreads sets the priority of every thread of this process (Linux applies
// setpriority to one thread; threads started later inherit it from the thread that
// starts them, so once all are set, all stay set).
func reniceThreads(nice int) error {
	done := map[int]bool{}
	for {
		entries, err := os.ReadDir("/proc/self/task")
		if err != nil {
			return fmt.Errorf("list threads: %w", err)
		}
		fresh := false
		for _, e := range entries {
			tid, err := strconv.Atoi(e.Name())
			if err != nil || done[tid] {
				continue
			}
			fresh = true
			done[tid] = true
			if err := syscall.Setpriority(syscall.PRIO_PROCESS, tid, nice); err != nil && err != syscall.ESRCH {
				return fmt.Errorf("setpriority: %w", err)
			}
		}
		if !fresh {
			return nil
		}
	}
}

// limitJobCPU lets the kernel end this worker when the job has used its CPU: its time
// limit (on every core this worker may use) plus a second, rounded up. The server kills a
// worker that overruns long before; this holds even when the server cannot.
func limitJobCPU(timeout time.Duration) (stop func()) {
	var ru syscall.Rusage
	var lim syscall.Rlimit
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil || syscall.Getrlimit(syscall.RLIMIT_CPU, &lim) != nil {
		return func() {}
	}
	used := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	budget := used + 2*timeout + time.Second
	soft := min(uint64((budget+time.Second-1)/time.Second), lim.Max)
	_ = syscall.Setrlimit(syscall.RLIMIT_CPU, &syscall.Rlimit{Cur: soft, Max: lim.Max})
	return func() {}
}

// watchCPULimit ends the worker with exitCPU on SIGXCPU (the Go runtime ignores it).
func watchCPULimit(errw io.Writer) {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGXCPU)
	go func() {
		<-c
		fmt.Fprintln(errw, "feedlab rank worker: the job's CPU limit was reached")
		os.Exit(exitCPU)
	}()
}

// workerAttrs: a worker dies with the server (even on kill -9) and sits in its own process
// group, so a Ctrl-C meant for the server does not stop workers that requests in flight
// still need (they exit when the server closes their stdin).
func workerAttrs() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
}

// procStatusBytes reads one "Vm...:  N kB" line of a /proc status file.
func procStatusBytes(path, key string) (uint64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if rest, ok := strings.CutPrefix(s.Text(), key); ok {
			fields := strings.Fields(rest)
			if len(fields) >= 1 {
				n, err := strconv.ParseUint(fields[0], 10, 64)
				if err == nil {
					return n << 10, nil
				}
			}
		}
	}
	return 0, fmt.Errorf("%s: no %s line", path, key)
}
