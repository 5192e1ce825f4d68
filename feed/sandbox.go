package feed

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Custom ranking scripts run in worker processes of this same binary, never in the
// server's own: Go's runtime ends the whole process when an allocation fails, and a
// single Starlark builtin call (one step) can run for seconds, so neither a step limit
// nor a soft memory limit inside the server bounds what a script can do to it. A worker
// has an address-space limit and a lower priority (sandbox_limits_linux.go), the server
// kills it when a run overruns and starts another, and a script's worst outcome is an
// error for that one run. docs/decisions.md says why.

// Limits bound every script run.
type Limits struct {
	Timeout time.Duration // wall time of one run (loading the script and ranking one feed)
	Memory  int64         // bytes one run may use
	Workers int           // worker processes (at most this many runs at once)
}

// DefaultLimits are serve's defaults and every other command's.
var DefaultLimits = Limits{Timeout: 200 * time.Millisecond, Memory: 64 << 20, Workers: 2}

// Bounds a researcher or an operator may set.
const (
	MinScriptTimeout = 10 * time.Millisecond
	MaxScriptTimeout = time.Minute
	MinScriptMemory  = 16 << 20
	MaxScriptMemory  = 16 << 30
)

// Check says what is wrong with l, in words for a command line.
func (l Limits) Check() error {
	switch {
	case l.Timeout < MinScriptTimeout || l.Timeout > MaxScriptTimeout:
		return fmt.Errorf("a script's time limit must be between %v and %v, not %v", MinScriptTimeout, MaxScriptTimeout, l.Timeout)
	case l.Memory < MinScriptMemory || l.Memory > MaxScriptMemory:
		return fmt.Errorf("a script's memory limit must be between %s and %s, not %s", FormatBytes(MinScriptMemory), FormatBytes(MaxScriptMemory), FormatBytes(l.Memory))
	case l.Workers < 1 || l.Workers > 64:
		return fmt.Errorf("script workers must be between 1 and 64, not %d", l.Workers)
	}
	return nil
}

// killGrace is how long past its time limit the server waits for a worker's answer before
// killing it: the worker stops the script itself at the limit (between two steps) and
// answers the script's error; only a single long step outlasts this.
func (l Limits) killGrace() time.Duration { return max(20*time.Millisecond, l.Timeout/4) }

// queueWait bounds how long a run waits for a free worker.
func (l Limits) queueWait() time.Duration { return max(5*time.Second, 10*l.Timeout) }

// startWait bounds a worker's start (a fresh process setting its limits).
const startWait = 10 * time.Second

// FormatBytes writes a size in the largest whole unit, as the flags take it ("64 MB").
func FormatBytes(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// sandbox is a pool of workers.
type sandbox struct {
	limits Limits
	warm   bool // keep Workers workers running (serve); otherwise start them on demand
	idle   chan *worker

	mu      sync.Mutex
	alive   int // running or starting
	closed  bool
	workers map[*worker]struct{}

	slowMu sync.Mutex
	slow   map[string]*slowScript // by script hash
}

func newSandbox(l Limits, warm bool) *sandbox {
	return &sandbox{limits: l, warm: warm, idle: make(chan *worker, l.Workers), workers: map[*worker]struct{}{}, slow: map[string]*slowScript{}}
}

// The process's sandbox: DefaultLimits, started on demand, unless StartScripts set one.
var scripts struct {
	sync.Mutex
	sb *sandbox
}

func currentSandbox() *sandbox {
	scripts.Lock()
	defer scripts.Unlock()
	if scripts.sb == nil {
		scripts.sb = newSandbox(DefaultLimits, false)
	}
	return scripts.sb
}

// StartScripts makes every script run of this process use l, and starts l.Workers
// workers now so the first participant does not wait for one (serve). stop ends them.
func StartScripts(l Limits) (stop func(), err error) {
	if err := l.Check(); err != nil {
		return nil, err
	}
	sb := newSandbox(l, true)
	for range l.Workers {
		sb.alive++
		w, err := sb.start()
		if err != nil {
			sb.stop()
			return nil, fmt.Errorf("feed: start a script worker: %w", err)
		}
		sb.release(w)
	}
	scripts.Lock()
	old := scripts.sb
	scripts.sb = sb
	scripts.Unlock()
	if old != nil {
		old.stop()
	}
	return func() {
		scripts.Lock()
		if scripts.sb == sb {
			scripts.sb = nil
		}
		scripts.Unlock()
		sb.stop()
	}, nil
}

// run sends a job to a free worker and answers its result within the time limit. Every
// error matches ErrRankingFailed, the script's own failures as *ScriptError, except the
// end of ctx, which is ctx's error.
func (sb *sandbox) run(ctx context.Context, job *scriptJob) (scriptResult, error) {
	job.Timeout = int64(sb.limits.Timeout)
	hash := ScriptHash(job.Script)
	done, err := sb.throttle(ctx, hash)
	if err != nil {
		return scriptResult{}, err
	}
	w, err := sb.acquire(ctx)
	if err != nil {
		done(false)
		return scriptResult{}, err
	}
	ch := make(chan workerAnswer, 1)
	go func() {
		var a workerAnswer
		if a.err = writeFrame(w.in, job); a.err == nil {
			a.err = readFrame(w.out, &a.res, resultLimit(len(job.Cards)))
		}
		ch <- a
	}()
	timer := time.NewTimer(sb.limits.Timeout + sb.limits.killGrace())
	// finish ends the run either way; it tells the throttle whether the script misbehaved.
	finish := func(a workerAnswer, timedOut bool) (scriptResult, error) {
		if timedOut {
			sb.retire(w, true)
			done(true)
			return scriptResult{}, overrun(sb.limits.Timeout)
		}
		timer.Stop()
		res, err := sb.settle(w, a)
		done(err != nil || res.Overran)
		return res, err
	}
	select {
	case a := <-ch:
		return finish(a, false)
	case <-timer.C:
		return finish(workerAnswer{}, true)
	case <-ctx.Done():
		// The participant went away: the run ends within its bounds all the same, and
		// the worker goes back to the pool then (killing it would cost a process start).
		go func() {
			select {
			case a := <-ch:
				finish(a, false)
			case <-timer.C:
				finish(workerAnswer{}, true)
			}
		}()
		// Not a failure of the ranking: the caller sees its own context's error.
		return scriptResult{}, fmt.Errorf("feed: the request ended while its script ran: %w", ctx.Err())
	}
}

// slowFor is how long a script that overran its time, or ended its worker, runs for one
// participant at a time: a participant's link that makes it expensive (?n=60000) then
// takes at most one worker, however many times it is opened, and the other studies keep
// the others.
const slowFor = 30 * time.Second

// slowScript is a script that misbehaved lately, and its one-at-a-time slot.
type slowScript struct {
	until time.Time
	slot  chan struct{}
}

// throttle waits, for a script that misbehaved within slowFor, until no other run of it is
// under way. done(misbehaved) ends the run: it frees the slot and, when the run overran or
// its worker died, marks the script for slowFor more.
func (sb *sandbox) throttle(ctx context.Context, hash string) (done func(misbehaved bool), err error) {
	sb.slowMu.Lock()
	s := sb.slow[hash]
	if s != nil && time.Now().After(s.until) && len(s.slot) == 0 {
		delete(sb.slow, hash)
		s = nil
	}
	sb.slowMu.Unlock()
	var slot chan struct{}
	if s != nil {
		wait := time.NewTimer(sb.limits.queueWait())
		defer wait.Stop()
		select {
		case s.slot <- struct{}{}:
			slot = s.slot
		case <-wait.C:
			return nil, fmt.Errorf("%w: this script ran over its bounds lately and runs one participant at a time; the one before stayed for %v", ErrRankingFailed, sb.limits.queueWait())
		case <-ctx.Done():
			return nil, fmt.Errorf("feed: the request ended while waiting for its script's turn: %w", ctx.Err())
		}
	}
	return func(misbehaved bool) {
		if misbehaved {
			sb.slowMu.Lock()
			for h, s := range sb.slow { // the scripts of past attacks do not pile up
				if time.Now().After(s.until) && len(s.slot) == 0 {
					delete(sb.slow, h)
				}
			}
			if sb.slow[hash] == nil {
				sb.slow[hash] = &slowScript{slot: make(chan struct{}, 1)}
			}
			sb.slow[hash].until = time.Now().Add(slowFor)
			sb.slowMu.Unlock()
		}
		if slot != nil {
			<-slot
		}
	}, nil
}

type workerAnswer struct {
	res scriptResult
	err error
}

// settle hands a worker's answer back and returns the worker to the pool (or retires it
// when it died or asked to be recycled).
func (sb *sandbox) settle(w *worker, a workerAnswer) (scriptResult, error) {
	if a.err != nil {
		return scriptResult{}, sb.died(w, a.err)
	}
	if a.res.Recycle {
		go sb.retire(w, false) // it exits by itself after this answer
	} else {
		sb.release(w)
	}
	return a.res, nil
}

func overrun(limit time.Duration) error {
	return &ScriptError{Msg: fmt.Sprintf("the script ran over %v (the limit per participant) and was stopped; make it do less work", limit), overran: true}
}

// outOfMemory reports whether a worker's last words are the Go runtime's on an allocation
// the address-space limit refused: a heap that could not grow, a thread or stack that
// could not be mapped.
func outOfMemory(stderr string) bool {
	for _, s := range []string{"out of memory", "cannot allocate memory", "errno=12"} {
		if strings.Contains(stderr, s) {
			return true
		}
	}
	return false
}

// died retires a worker that stopped answering and says why, from how it ended.
func (sb *sandbox) died(w *worker, readErr error) error {
	select {
	case <-w.exited:
	case <-time.After(time.Second):
		// Alive but its answer was unreadable: it cannot be trusted with another job.
	}
	sb.retire(w, true)
	status := w.cmd.ProcessState
	code := -1
	if status != nil {
		code = status.ExitCode()
	}
	switch {
	case code == exitMemory || code == 2 && outOfMemory(w.stderr.String()):
		return &ScriptError{Msg: fmt.Sprintf("the script used more than %s (the limit per run) and was stopped; make it keep less in memory", FormatBytes(sb.limits.Memory))}
	case code == exitCPU:
		return overrun(sb.limits.Timeout)
	}
	why := readErr.Error()
	if status != nil {
		why = status.String()
		if line := w.stderr.lastLine(); line != "" {
			why += ": " + line
		}
	}
	return &ScriptError{Msg: "the script worker died (" + why + ") before the run ended"}
}

// acquire takes an idle worker, starts one if fewer than Workers run, or waits for one.
func (sb *sandbox) acquire(ctx context.Context) (*worker, error) {
	var wait <-chan time.Time
	for {
		select {
		case w := <-sb.idle:
			if w.gone() {
				sb.retire(w, true)
				continue
			}
			return w, nil
		default:
		}
		sb.mu.Lock()
		if sb.closed {
			sb.mu.Unlock()
			return nil, fmt.Errorf("%w: the script workers are stopped", ErrRankingFailed)
		}
		if sb.alive < sb.limits.Workers {
			sb.alive++
			sb.mu.Unlock()
			w, err := sb.start()
			if err != nil {
				sb.mu.Lock()
				sb.alive--
				sb.mu.Unlock()
				return nil, fmt.Errorf("%w: start a script worker: %v", ErrRankingFailed, err)
			}
			return w, nil
		}
		sb.mu.Unlock()
		if wait == nil {
			t := time.NewTimer(sb.limits.queueWait())
			defer t.Stop()
			wait = t.C
		}
		select {
		case w := <-sb.idle:
			if w.gone() {
				sb.retire(w, true)
				continue
			}
			return w, nil
		case <-wait:
			return nil, fmt.Errorf("%w: all %d script workers stayed busy for %v", ErrRankingFailed, sb.limits.Workers, sb.limits.queueWait())
		case <-ctx.Done():
			return nil, fmt.Errorf("feed: the request ended while waiting for a script worker: %w", ctx.Err())
		}
	}
}

// release gives a worker back to the pool.
func (sb *sandbox) release(w *worker) {
	sb.mu.Lock()
	closed := sb.closed
	sb.mu.Unlock()
	if closed {
		sb.retire(w, true)
		return
	}
	sb.idle <- w // never blocks: at most Workers are alive
}

// retire ends a worker (killing it when kill, else waiting for it to exit by itself) and,
// in a warm pool, starts its replacement in the background.
func (sb *sandbox) retire(w *worker, kill bool) {
	w.end(kill)
	sb.mu.Lock()
	delete(sb.workers, w)
	replace := sb.warm && !sb.closed
	if !replace {
		sb.alive--
	}
	sb.mu.Unlock()
	if replace {
		go func() {
			nw, err := sb.start()
			if err != nil {
				sb.mu.Lock()
				sb.alive--
				sb.mu.Unlock()
				return // the next run starts one itself and reports why it cannot
			}
			sb.release(nw)
		}()
	}
}

// stop ends every worker; runs after it fail.
func (sb *sandbox) stop() {
	sb.mu.Lock()
	sb.closed = true
	all := make([]*worker, 0, len(sb.workers))
	for w := range sb.workers {
		all = append(all, w)
	}
	sb.mu.Unlock()
	for _, w := range all {
		w.end(true)
	}
}

// worker is one worker process and the pipes to it.
type worker struct {
	cmd    *exec.Cmd
	in     *os.File // its stdin
	out    *os.File // its stdout
	stderr *tailBuffer
	exited chan struct{}
}

// start starts a worker and waits for its ready frame.
func (sb *sandbox) start() (*worker, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("find this program: %w", err)
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	w := &worker{in: inW, out: outR, stderr: &tailBuffer{}, exited: make(chan struct{})}
	var args []string
	if strings.HasSuffix(exe, ".test") {
		// A test binary whose TestMain lacks RunWorkerIfAsked would run its tests again
		// as the "worker"; this way it runs none and the run fails saying so.
		args = append(args, "-test.run=^$")
	}
	w.cmd = exec.Command(exe, args...)
	w.cmd.Env = append(os.Environ(), workerEnv+"=1", workerMemoryEnv+"="+strconv.FormatInt(sb.limits.Memory, 10))
	w.cmd.Stdin, w.cmd.Stdout, w.cmd.Stderr = inR, outW, w.stderr
	w.cmd.SysProcAttr = workerAttrs()
	err = w.cmd.Start()
	inR.Close() // the worker's ends: only the worker holds them now, so its death is EOF here
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, err
	}
	go func() { w.cmd.Wait(); close(w.exited) }()
	ready := make(chan error, 1)
	go func() { ready <- readFrame(w.out, &workerReady{}, 1<<10) }()
	select {
	case err = <-ready:
	case <-time.After(startWait):
		err = fmt.Errorf("no answer within %v", startWait)
	}
	if err != nil {
		w.end(true)
		if line := w.stderr.lastLine(); line != "" {
			err = fmt.Errorf("%w (%s)", err, line)
		}
		return nil, err
	}
	sb.mu.Lock()
	sb.workers[w] = struct{}{}
	sb.mu.Unlock()
	return w, nil
}

func (w *worker) gone() bool {
	select {
	case <-w.exited:
		return true
	default:
		return false
	}
}

// end stops a worker: closing its stdin asks it to exit; kill does not wait for that.
func (w *worker) end(kill bool) {
	w.in.Close()
	if kill {
		w.cmd.Process.Signal(syscall.SIGKILL)
	}
	select {
	case <-w.exited:
	case <-time.After(2 * time.Second):
		w.cmd.Process.Signal(syscall.SIGKILL)
		<-w.exited
	}
	w.out.Close()
}

// tailBuffer keeps the first and the last few KB a worker wrote to stderr: a Go fatal
// error says what happened in its first line, then dumps every goroutine.
type tailBuffer struct {
	mu         sync.Mutex
	head, tail []byte
}

const headBytes, tailBytes = 2 << 10, 2 << 10

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(p)
	if room := headBytes - len(t.head); room > 0 {
		k := min(room, len(p))
		t.head, p = append(t.head, p[:k]...), p[k:]
	}
	t.tail = append(t.tail, p...)
	if len(t.tail) > tailBytes {
		t.tail = append(t.tail[:0:0], t.tail[len(t.tail)-tailBytes:]...)
	}
	return n, nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.head) + string(t.tail)
}

// lastLine is the first line of the last message (a Go fatal error's first line says
// what happened; its goroutine dump follows).
func (t *tailBuffer) lastLine() string {
	s := t.String()
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(line, "fatal error:") || strings.HasPrefix(line, "feedlab rank worker:") || strings.HasPrefix(line, "panic:") {
			return truncate(strings.TrimSpace(line), 200)
		}
	}
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return truncate(strings.TrimSpace(lines[len(lines)-1]), 200)
}
