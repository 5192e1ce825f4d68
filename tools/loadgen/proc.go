package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// server is a process this program started and measures.
type server struct {
	url   string
	pprof string // feedlab only: the profiler's base URL
	data  string // feedlab only: the data directory
	cmd   *exec.Cmd
	out   *bytes.Buffer
	done  chan error
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// startFeedlab runs 'bin serve' on a fresh data directory under dir, with the profiler on,
// no arrival limit and no cap on connections per client (all participants share 127.0.0.1).
func startFeedlab(bin, dir string, extra ...string) (*server, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	paddr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	data := filepath.Join(dir, "data")
	s, err := start(bin, append([]string{"serve", "--addr", addr, "--data", data, "--pprof", paddr,
		"--arrivals-per-minute", "1000000000", "--max-conns-per-client", "0"}, extra...)...)
	if err != nil {
		return nil, err
	}
	s.url, s.pprof, s.data = "http://"+addr, "http://"+paddr, data
	return s, s.waitReady("/")
}

// startNoop starts the no-op ceiling, replaying the answers captureAnswers wrote.
func startNoop(answers string) (*server, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	s, err := start(self, "-noop", addr, "-noop-answers", answers)
	if err != nil {
		return nil, err
	}
	s.url = "http://" + addr
	return s, s.waitReady("/")
}

func start(name string, args ...string) (*server, error) {
	cmd := exec.Command(name, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	s := &server{cmd: cmd, out: &out, done: make(chan error, 1)}
	go func() { s.done <- cmd.Wait() }()
	return s, nil
}

func (s *server) waitReady(path string) error {
	deadline := time.Now().Add(60 * time.Second) // feedlab's first start makes the demo images
	for time.Now().Before(deadline) {
		res, err := http.Get(s.url + path)
		if err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			return nil
		}
		select {
		case err := <-s.done:
			s.done <- err
			return fmt.Errorf("server exited (%v):\n%s", err, s.out.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	return fmt.Errorf("server did not answer within 60 s:\n%s", s.out.String())
}

// stop interrupts the server (feedlab commits pending events and closes the database) and
// waits for it.
func (s *server) stop() error {
	s.cmd.Process.Signal(os.Interrupt)
	select {
	case err := <-s.done:
		return err
	case <-time.After(30 * time.Second):
		s.cmd.Process.Kill()
		return fmt.Errorf("server did not stop within 30 s; killed")
	}
}

// cpuTicks is utime+stime of the process, in USER_HZ ticks (100 per second).
func (s *server) cpuTicks() int64 {
	return processCPUTicks(strconv.Itoa(s.cmd.Process.Pid))
}

// processCPUTicks is utime+stime of process pid ("self": this one), in USER_HZ ticks.
func processCPUTicks(pid string) int64 {
	raw, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return 0
	}
	str := string(raw)
	fields := strings.Fields(str[strings.LastIndexByte(str, ')')+2:])
	if len(fields) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(fields[11], 10, 64)
	k, _ := strconv.ParseInt(fields[12], 10, 64)
	return u + k
}

// mallocs is feedlab's runtime.MemStats.Mallocs, read through the profiler's heap page
// (debug=1 ends with the MemStats); -1 when unavailable.
func (s *server) mallocs() int64 {
	if s.pprof == "" {
		return -1
	}
	res, err := http.Get(s.pprof + "/debug/pprof/heap?debug=1")
	if err != nil {
		return -1
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "# Mallocs = "); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			return n
		}
	}
	return -1
}

// writerStats is feedlab's event writer counts (group commits and the events they held),
// read through the profiler's listener; Commits is -1 when unavailable.
func (s *server) writerStats() (w struct{ Commits, Events int64 }) {
	w.Commits = -1
	if s.pprof == "" {
		return w
	}
	res, err := http.Get(s.pprof + "/debug/vars")
	if err != nil {
		return w
	}
	defer res.Body.Close()
	var vars struct {
		Writer struct{ Commits, Events int64 }
	}
	if json.NewDecoder(res.Body).Decode(&vars) == nil {
		w.Commits, w.Events = vars.Writer.Commits, vars.Writer.Events
	}
	return w
}

// peakMemory is the process's peak resident memory (VmHWM of /proc/<pid>/status).
func (s *server) peakMemory() string {
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(s.cmd.Process.Pid) + "/status")
	if err != nil {
		return "?"
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "?"
}

// loadAverage is the first figure of /proc/loadavg: how busy the machine was over the
// last minute, printed next to every figure because other work shares these cores.
func loadAverage() string {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(raw))[0]
}
