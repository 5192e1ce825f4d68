package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

type ingestConfig struct {
	participants, events, runs int
	resend                     float64
	profile                    string
	// replicate: each run also drives a second feedlab serving with --replicate to a folder
	// (issue 27: ingestion with replication on against off, in the same run).
	replicate bool
}

type participant struct {
	userID   string
	entities []string
}

// phase is one server's measurement in one run.
type phase struct {
	eventsPerSec, p50ms, p99ms, cpuUsPerEvent, allocsPerEvent float64
	eventsPerCommit                                           float64 // feedlab's group commits; -1 for the no-op
	load                                                      string
}

func runIngest(bin string, cfg ingestConfig) error {
	dir, err := os.MkdirTemp("", "feedlab-loadgen-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	fl, err := startFeedlab(bin, dir)
	if err != nil {
		return err
	}
	answers, err := captureAnswers(fl, dir, map[string]any{"user_id": "capture", "experiment_id": "solarflare"})
	if err != nil {
		fl.stop()
		return err
	}
	noop, err := startNoop(answers)
	if err != nil {
		fl.stop()
		return err
	}
	defer noop.stop()
	client := newClient(2 * cfg.participants)
	parts, err := register(client, fl.url, "lg", cfg.participants)
	if err != nil {
		fl.stop()
		return err
	}
	var rl *server // feedlab replicating, with -replicate
	var rparts []participant
	if cfg.replicate {
		dest := "file://" + filepath.ToSlash(filepath.Join(dir, "replica"))
		if rl, err = startFeedlab(bin, filepath.Join(dir, "replicating"), "--replicate", dest); err != nil {
			fl.stop()
			return err
		}
		defer rl.stop()
		if rparts, err = register(client, rl.url, "lg", cfg.participants); err != nil {
			fl.stop()
			return err
		}
		fmt.Printf("feedlab replicating to %s (pid %d)\n", dest, rl.cmd.Process.Pid)
	}
	fmt.Printf("feedlab %s (pid %d) and no-op (pid %d); %d participants, %d events per phase, %.0f %% resent; load average %s\n",
		bin, fl.cmd.Process.Pid, noop.cmd.Process.Pid, cfg.participants, cfg.events, cfg.resend*100, loadAverage())
	acked := map[string]bool{}
	var ratios, p99s []float64
	var flPhases, noopPhases []phase
	for run := 1; run <= cfg.runs; run++ {
		np, _, err := drive(client, noop, parts, cfg, fmt.Sprintf("n%d", run), "")
		if err != nil {
			fl.stop()
			return fmt.Errorf("no-op: %w", err)
		}
		prof := ""
		if run == 1 {
			prof = cfg.profile
		}
		fp, ids, err := drive(client, fl, parts, cfg, fmt.Sprintf("f%d", run), prof)
		if err != nil {
			fl.stop()
			return fmt.Errorf("feedlab: %w", err)
		}
		for _, id := range ids {
			acked[id] = true
		}
		ratio := fp.eventsPerSec / np.eventsPerSec
		ratios, p99s = append(ratios, ratio), append(p99s, fp.p99ms/np.p99ms)
		flPhases, noopPhases = append(flPhases, fp), append(noopPhases, np)
		fmt.Printf("run %d  no-op   %8.0f req/s  p50 %6.2f ms  p99 %6.2f ms  server CPU %5.1f µs/req                   (load %s)\n",
			run, np.eventsPerSec, np.p50ms, np.p99ms, np.cpuUsPerEvent, np.load)
		fmt.Printf("run %d  feedlab %8.0f ev/s   p50 %6.2f ms  p99 %6.2f ms  server CPU %5.1f µs/event  %5.0f allocs/event  %5.1f events/commit (load %s)\n",
			run, fp.eventsPerSec, fp.p50ms, fp.p99ms, fp.cpuUsPerEvent, fp.allocsPerEvent, fp.eventsPerCommit, fp.load)
		fmt.Printf("run %d  ratio %.3f of the no-op ceiling; p99 %.2f× the no-op's\n", run, ratio, p99s[len(p99s)-1])
		if rl != nil {
			rp, _, err := drive(client, rl, rparts, cfg, fmt.Sprintf("r%d", run), "")
			if err != nil {
				fl.stop()
				return fmt.Errorf("feedlab replicating: %w", err)
			}
			fmt.Printf("run %d  feedlab replicating %8.0f ev/s   p50 %6.2f ms  p99 %6.2f ms  server CPU %5.1f µs/event  %5.0f allocs/event  %5.1f events/commit (load %s); ratio %.3f, %.2f× the events/s without\n",
				run, rp.eventsPerSec, rp.p50ms, rp.p99ms, rp.cpuUsPerEvent, rp.allocsPerEvent, rp.eventsPerCommit, rp.load, rp.eventsPerSec/np.eventsPerSec, rp.eventsPerSec/fp.eventsPerSec)
		}
	}
	if cfg.runs > 1 {
		pick := func(ps []phase, f func(phase) float64) float64 {
			var xs []float64
			for _, p := range ps {
				xs = append(xs, f(p))
			}
			return median(xs)
		}
		fmt.Printf("median of %d runs: ratio %.3f, p99 %.2f× the no-op's; feedlab %.0f ev/s p50 %.2f ms p99 %.2f ms %.1f µs/event %.0f allocs/event; no-op %.0f req/s p50 %.2f ms p99 %.2f ms %.1f µs/req (load average now %s)\n",
			cfg.runs, median(ratios), median(p99s),
			pick(flPhases, func(p phase) float64 { return p.eventsPerSec }), pick(flPhases, func(p phase) float64 { return p.p50ms }),
			pick(flPhases, func(p phase) float64 { return p.p99ms }), pick(flPhases, func(p phase) float64 { return p.cpuUsPerEvent }),
			pick(flPhases, func(p phase) float64 { return p.allocsPerEvent }),
			pick(noopPhases, func(p phase) float64 { return p.eventsPerSec }), pick(noopPhases, func(p phase) float64 { return p.p50ms }),
			pick(noopPhases, func(p phase) float64 { return p.p99ms }), pick(noopPhases, func(p phase) float64 { return p.cpuUsPerEvent }), loadAverage())
	}
	fmt.Printf("feedlab's peak memory (VmHWM): %s\n", fl.peakMemory())
	if err := fl.stop(); err != nil {
		return fmt.Errorf("feedlab did not stop cleanly: %w\n%s", err, fl.out.String())
	}
	return checkExport(bin, fl.data, "lg-", acked)
}

func newClient(conns int) *http.Client {
	return &http.Client{Transport: &http.Transport{
		MaxIdleConns: 0, MaxIdleConnsPerHost: conns, IdleConnTimeout: 10 * time.Minute, DisableCompression: true,
	}, Timeout: 60 * time.Second}
}

// register loads the solarflare study for n participants (16 at a time).
func register(client *http.Client, url, prefix string, n int) ([]participant, error) {
	parts := make([]participant, n)
	var wg sync.WaitGroup
	var failed atomic.Value
	sem := make(chan struct{}, 16)
	for i := range parts {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			user := fmt.Sprintf("%s-%05d", prefix, i)
			var answer struct {
				Data struct {
					OrderData []struct {
						EntityID string `json:"entity_id"`
					} `json:"order_data"`
				} `json:"data"`
			}
			if err := postJSON(client, url+"/v1/load_experiment", map[string]any{"user_id": user, "experiment_id": "solarflare"}, &answer); err != nil {
				failed.Store(err)
				return
			}
			p := participant{userID: user}
			for _, c := range answer.Data.OrderData {
				p.entities = append(p.entities, c.EntityID)
			}
			if len(p.entities) == 0 {
				failed.Store(fmt.Errorf("load_experiment %s: empty feed", user))
			}
			parts[i] = p
		}()
	}
	wg.Wait()
	if err, _ := failed.Load().(error); err != nil {
		return nil, err
	}
	return parts, nil
}

func postJSON(client *http.Client, url string, body, answer any) error {
	raw, _ := json.Marshal(body)
	res, err := post(client, url, raw)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: status %d: %s", url, res.StatusCode, out)
	}
	if answer != nil {
		return json.Unmarshal(out, answer)
	}
	return nil
}

// drive sends cfg.events events from all participants at once, closed loop, and returns the
// measurements and the ids acknowledged as newly stored. One event in 1/resend repeats the
// participant's previous event byte for byte (a browser retrying after a lost answer):
// feedlab must answer it with "stored":0.
func drive(client *http.Client, s *server, parts []participant, cfg ingestConfig, tag, profile string) (phase, []string, error) {
	var next atomic.Int64
	var errCount atomic.Int64
	var firstErr atomic.Value
	lat := make([][]time.Duration, len(parts))
	ids := make([][]string, len(parts))
	resendEvery := 0
	if cfg.resend > 0 {
		resendEvery = int(1 / cfg.resend)
	}
	var profErr chan error
	if profile != "" {
		profErr = make(chan error, 1)
		go func() { time.Sleep(time.Second); profErr <- fetchProfile(s, profile) }()
	}
	var wg sync.WaitGroup
	cpu0, m0, w0 := s.cpuTicks(), s.mallocs(), s.writerStats()
	start := time.Now()
	for p := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			part := parts[p]
			var prev, body []byte
			for k := 0; ; k++ {
				j := next.Add(1) - 1
				if j >= int64(cfg.events) {
					return
				}
				resent := resendEvery > 0 && prev != nil && j%int64(resendEvery) == int64(resendEvery-1)
				var id string
				if !resent {
					id = fmt.Sprintf("lg-%s-%d", tag, j)
					body = appendEngagement(body[:0], part.userID, part.entities[k%len(part.entities)], id)
				}
				send := body
				if resent {
					send = prev
				}
				t0 := time.Now()
				stored, err := sendEvent(client, s.url, send)
				if err == nil && s.pprof != "" && stored != !resent {
					err = fmt.Errorf("answer stored=%v for a resent=%v event", stored, resent)
				}
				if err != nil {
					errCount.Add(1)
					firstErr.CompareAndSwap(nil, err)
					continue
				}
				lat[p] = append(lat[p], time.Since(t0))
				if !resent {
					ids[p] = append(ids[p], id)
					prev = append(prev[:0], body...)
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu1, m1, w1 := s.cpuTicks(), s.mallocs(), s.writerStats()
	if profErr != nil {
		if err := <-profErr; err != nil {
			return phase{}, nil, err
		}
	}
	if n := errCount.Load(); n > 0 {
		return phase{}, nil, fmt.Errorf("%d of %d events failed; first: %v", n, cfg.events, firstErr.Load())
	}
	all := slices.Concat(lat...)
	slices.Sort(all)
	pct := func(q float64) float64 {
		return float64(all[min(len(all)-1, int(q*float64(len(all))))]) / float64(time.Millisecond)
	}
	ph := phase{
		eventsPerSec:   float64(len(all)) / elapsed.Seconds(),
		p50ms:          pct(0.50),
		p99ms:          pct(0.99),
		cpuUsPerEvent:  float64(cpu1-cpu0) / 100 * 1e6 / float64(len(all)),
		allocsPerEvent: -1,
		load:           loadAverage(),
	}
	if m0 >= 0 && m1 >= 0 {
		ph.allocsPerEvent = float64(m1-m0) / float64(len(all))
	}
	ph.eventsPerCommit = -1
	if w0.Commits >= 0 && w1.Commits > w0.Commits {
		ph.eventsPerCommit = float64(w1.Events-w0.Events) / float64(w1.Commits-w0.Commits)
	}
	return ph, slices.Concat(ids...), nil
}

// fetchProfile writes a 10 s CPU profile of the server to path and, beside it, the
// allocations of the same 10 s to path.allocs (go tool pprof -sample_index=alloc_objects).
func fetchProfile(s *server, path string) error {
	allocs := make(chan error, 1)
	go func() { allocs <- fetchTo(s.pprof+"/debug/pprof/allocs?seconds=10", path+".allocs") }()
	return errors.Join(fetchTo(s.pprof+"/debug/pprof/profile?seconds=10", path), <-allocs)
}

func fetchTo(url, path string) error {
	res, err := http.Get(url)
	if err != nil {
		return fmt.Errorf("profile: %w", err)
	}
	defer res.Body.Close()
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(f, res.Body)
	return err
}

// sendEvent posts one engagement and reports whether the answer says it was newly stored.
func sendEvent(client *http.Client, url string, body []byte) (stored bool, err error) {
	res, err := post(client, url+"/v1/write_user_engagement", body)
	if err != nil {
		return false, err
	}
	answer, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		return false, err
	}
	if res.StatusCode != http.StatusOK {
		return false, fmt.Errorf("status %d: %s", res.StatusCode, answer)
	}
	return bytes.Contains(answer, []byte(`"stored":1`)), nil
}

// appendEngagement is a like as the participant app sends it.
func appendEngagement(buf []byte, userID, entityID, eventID string) []byte {
	now := time.Now().UnixMilli()
	buf = append(buf, `{"user_id":"`...)
	buf = append(buf, userID...)
	buf = append(buf, `","experiment_id":"solarflare","condition":"1","event_id":"`...)
	buf = append(buf, eventID...)
	buf = append(buf, `","entity_id":"`...)
	buf = append(buf, entityID...)
	buf = append(buf, `","engagement_type":"likes","response":"true","time_content_viewed":`...)
	buf = strconv.AppendInt(buf, now-1500, 10)
	buf = append(buf, `,"time_engagement":`...)
	buf = strconv.AppendInt(buf, now, 10)
	buf = append(buf, `,"likes":1}`...)
	return buf
}

// checkExport runs 'feedlab export' of the engagements and checks that its rows whose
// event_id starts with prefix are exactly the acknowledged ids, each once.
func checkExport(bin, data, prefix string, acked map[string]bool) error {
	out := filepath.Join(filepath.Dir(data), "engagements.csv")
	cmd := exec.Command(bin, "export", "--data", data, "--study", "solarflare", "--type", "engagement", "--out", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("export: %v\n%s", err, msg)
	}
	f, err := os.Open(out)
	if err != nil {
		return err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	col := slices.Index(rows[0], "event_id")
	if col < 0 {
		return fmt.Errorf("export: no event_id column in %v", rows[0])
	}
	seen := map[string]bool{}
	for _, r := range rows[1:] {
		id := r[col]
		if !strings.HasPrefix(id, prefix) {
			continue
		}
		if seen[id] {
			return fmt.Errorf("export: event %s appears twice", id)
		}
		if !acked[id] {
			return fmt.Errorf("export: event %s was never acknowledged", id)
		}
		seen[id] = true
	}
	if len(seen) != len(acked) {
		return fmt.Errorf("export: %d of %d acknowledged events are missing", len(acked)-len(seen), len(acked))
	}
	fmt.Printf("export: %d rows, exactly the %d acknowledged events (resends stored once)\n", len(seen), len(acked))
	return nil
}

// post sends a participant call marked idempotent (every call is: events carry their ids,
// load_experiment registers once), so Go's client resends it when the server closed a
// kept-alive connection just as it was reused, as a browser does. Without the mark such a
// race shows as an EOF error that no server could have avoided.
func post(client *http.Client, url string, body []byte) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header["Idempotency-Key"] = nil // marks the request replayable; a nil value is not sent
	return client.Do(req)
}
