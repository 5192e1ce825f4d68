package main

// Benchmark of start-up against the budget in docs/decisions.md ("Budgets"): cold start to first
// answered request ≤ 300 ms; static binary ≤ 30 MB. It is a Benchmark function, so
// 'go test ./...' skips it. Run it with
//
//	go test . -run '^$' -bench BenchmarkStartup -benchtime 10x
//
// The binary is built as ./build.sh builds it (CGO_ENABLED=0 go build -trimpath -ldflags
// "-s -w"), into a temporary directory, with whatever bundle frontend/dist holds embedded.
// Each iteration starts 'feedlab serve' on a free 127.0.0.1 port and polls GET / every
// 0.5 ms until it answers 200, then stops the server with SIGINT and waits for it to exit.
//
//   - cold-start: over a data directory initialized by an earlier, untimed start (what a
//     researcher sees on every start after the first). The process is cold; the binary
//     and database are in the OS page cache.
//   - first-start: over an empty data directory each time, so it includes creating the
//     database and generating the demo study's images.
//
// Reported: the median and maximum time to the first 200, and the binary's size.

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

func BenchmarkStartup(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "feedlab")
	build := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	info, err := os.Stat(bin)
	if err != nil {
		b.Fatal(err)
	}
	binaryMB := float64(info.Size()) / (1 << 20)

	b.Run("cold-start", func(b *testing.B) {
		data := filepath.Join(b.TempDir(), "data")
		startupTime(b, bin, data) // initializes the data directory
		times := make([]time.Duration, 0, b.N)
		b.ResetTimer()
		for range b.N {
			times = append(times, startupTime(b, bin, data))
		}
		reportStartup(b, times)
		b.ReportMetric(binaryMB, "binary-MiB")
	})
	b.Run("first-start", func(b *testing.B) {
		root := b.TempDir()
		times := make([]time.Duration, 0, b.N)
		b.ResetTimer()
		for i := range b.N {
			times = append(times, startupTime(b, bin, filepath.Join(root, strconv.Itoa(i))))
		}
		reportStartup(b, times)
	})
}

// startupTime starts 'feedlab serve' over data and returns the time from starting the
// process to the first 200 answer to GET /. Stopping the server is not timed.
func startupTime(b *testing.B, bin, data string) time.Duration {
	b.Helper()
	for attempt := 1; ; attempt++ {
		elapsed, err := tryStartup(b, bin, data)
		if err == nil {
			return elapsed
		}
		// The free port was taken by another process between choosing and binding it.
		if attempt < 3 && strings.Contains(err.Error(), "address already in use") {
			continue
		}
		b.Fatal(err)
	}
}

func tryStartup(b *testing.B, bin, data string) (time.Duration, error) {
	b.StopTimer()
	defer b.StartTimer()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	addr := ln.Addr().String()
	ln.Close()
	client := &http.Client{
		Transport: &http.Transport{DisableKeepAlives: true},
		Timeout:   2 * time.Second,
	}
	cmd := exec.Command(bin, "serve", "--addr", addr, "--data", data)
	var output bytes.Buffer // read only after the process has exited
	cmd.Stdout, cmd.Stderr = &output, &output
	exited := make(chan error, 1)
	b.StartTimer()
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	go func() { exited <- cmd.Wait() }()
	var elapsed time.Duration
	for elapsed == 0 {
		res, err := client.Get("http://" + addr + "/")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				elapsed = time.Since(start)
				break
			}
		}
		select {
		case werr := <-exited:
			return 0, fmt.Errorf("server exited before answering (%v):\n%s", werr, output.String())
		default:
		}
		if time.Since(start) > 30*time.Second {
			cmd.Process.Kill()
			<-exited
			return 0, fmt.Errorf("no 200 from GET / within 30 s (last error %v); server output:\n%s", err, output.String())
		}
		time.Sleep(500 * time.Microsecond)
	}
	b.StopTimer()
	select {
	case werr := <-exited: // someone else's server answered on the port
		return 0, fmt.Errorf("server exited before answering (%v):\n%s", werr, output.String())
	default:
	}
	cmd.Process.Signal(os.Interrupt)
	select {
	case <-exited:
	case <-time.After(15 * time.Second):
		cmd.Process.Kill()
		<-exited
		return 0, fmt.Errorf("server did not stop within 15 s of SIGINT; output:\n%s", output.String())
	}
	return elapsed, nil
}

func reportStartup(b *testing.B, times []time.Duration) {
	b.StopTimer()
	slices.Sort(times)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(times[len(times)/2]), "median-ms")
	b.ReportMetric(ms(times[len(times)-1]), "max-ms")
}
