package main

import (
	"encoding/csv"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The whole-study load test (-study N): N simulated participants of the built-in solarflare
// study, each through a complete study as the participant app makes it: arrival
// (load_experiment), consent (a checkpoint), the feed (up to -cards cards; solarflare has
// 24: a dwell batch every 10 cards, a like on every 4th card), the feed's submit, three
// questionnaires (write_form, then form-done:<name>) and the end (end-redirect, which
// completes the participant). They arrive as a Prolific launch does: half within the
// first tenth of -span, the rest spread over the remainder. It reports each stage's
// latency, fails on any error, and checks the engagement and user_form exports against
// what it sent.

var (
	studySpan  = flag.Duration("span", 60*time.Second, "-study: arrivals spread over this long (a burst, then a tail)")
	studyCards = flag.Int("cards", 40, "-study: cards each participant scrolls through (at most the feed's)")
)

var stages = []string{"arrival", "consent", "engagement", "dwell batch", "submit", "questionnaire", "end"}

type studySim struct {
	client           *http.Client
	url              string
	mu               sync.Mutex
	lat              map[string][]time.Duration
	engagementIDs    map[string]bool // every engagement row's event_id the export must hold
	answerIDs        map[string]bool // every user_form row's event_id the export must hold
	errs             atomic.Int64
	firstErr         atomic.Value
	completed, cards atomic.Int64
}

func runStudyLoad(bin string, n int) error {
	dir, err := os.MkdirTemp("", "feedlab-studyload-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	fl, err := startFeedlab(bin, dir)
	if err != nil {
		return err
	}
	sim := &studySim{client: newClient(n), url: fl.url, lat: map[string][]time.Duration{}, engagementIDs: map[string]bool{}, answerIDs: map[string]bool{}}
	fmt.Printf("whole-study load: %d participants over %s (half in the first tenth), load average %s\n", n, *studySpan, loadAverage())
	cpu0 := fl.cpuTicks()
	start := time.Now()
	var wg sync.WaitGroup
	for i := range n {
		// Prolific-like arrivals: the first half in the first tenth of the span.
		var at time.Duration
		if i < n/2 {
			at = time.Duration(float64(*studySpan) / 10 * float64(i) / float64(n/2))
		} else {
			at = *studySpan/10 + time.Duration(float64(*studySpan)*0.9*float64(i-n/2)/float64(n-n/2))
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Until(start.Add(at)))
			if err := sim.participant(fmt.Sprintf("st-%05d", i)); err != nil {
				sim.errs.Add(1)
				sim.firstErr.CompareAndSwap(nil, err)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu := float64(fl.cpuTicks()-cpu0) / 100
	fmt.Printf("%d of %d participants completed in %.1f s (%d cards seen), %d errors; server CPU %.1f s (%.2f cores); load average %s\n",
		sim.completed.Load(), n, elapsed.Seconds(), sim.cards.Load(), sim.errs.Load(), cpu, cpu/elapsed.Seconds(), loadAverage())
	for _, st := range stages {
		l := sim.lat[st]
		slices.Sort(l)
		if len(l) == 0 {
			continue
		}
		q := func(f float64) float64 { return float64(l[min(len(l)-1, int(f*float64(len(l))))]) / 1e6 }
		fmt.Printf("  %-14s %7d calls  p50 %7.2f ms  p99 %7.2f ms  max %7.2f ms\n", st, len(l), q(0.5), q(0.99), q(1))
	}
	if err := fl.stop(); err != nil {
		return fmt.Errorf("feedlab did not stop cleanly: %w", err)
	}
	if n := sim.errs.Load(); n > 0 {
		return fmt.Errorf("%d participants failed; first: %v", n, sim.firstErr.Load())
	}
	if err := exportIDs(bin, fl.data, "engagement", "st-", sim.engagementIDs); err != nil {
		return err
	}
	return exportIDs(bin, fl.data, "user_form", "st-", sim.answerIDs)
}

func (sim *studySim) call(stage, path string, body map[string]any, answer any) error {
	t0 := time.Now()
	err := postJSON(sim.client, sim.url+path, body, answer)
	d := time.Since(t0)
	sim.mu.Lock()
	sim.lat[stage] = append(sim.lat[stage], d)
	sim.mu.Unlock()
	if err != nil {
		return fmt.Errorf("%s: %w", stage, err)
	}
	return nil
}

func (sim *studySim) expect(ids map[string]bool, id string) {
	sim.mu.Lock()
	ids[id] = true
	sim.mu.Unlock()
}

// participant runs one complete study.
func (sim *studySim) participant(user string) error {
	base := func() map[string]any { return map[string]any{"user_id": user, "experiment_id": "solarflare"} }
	with := func(kv ...any) map[string]any {
		m := base()
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	var loaded struct {
		Data struct {
			OrderData []struct {
				EntityID string `json:"entity_id"`
			} `json:"order_data"`
		} `json:"data"`
	}
	if err := sim.call("arrival", "/v1/load_experiment", with("query_params", map[string]string{"PROLIFIC_PID": user}), &loaded); err != nil {
		return err
	}
	now := func() int64 { return time.Now().UnixMilli() }
	checkpoint := func(stage, id, name string) error {
		sim.expect(sim.answerIDs, id)
		return sim.call(stage, "/v1/write_checkpoint", with("event_id", id, "checkpoint", name, "time", now()), nil)
	}
	if err := checkpoint("consent", user+"-consent", "consent-accepted"); err != nil {
		return err
	}
	cards := loaded.Data.OrderData[:min(*studyCards, len(loaded.Data.OrderData))]
	var batch []map[string]any
	flush := func(k int) error {
		if len(batch) == 0 {
			return nil
		}
		id := fmt.Sprintf("%s-dwell-%d", user, k)
		for _, d := range batch {
			sim.expect(sim.engagementIDs, fmt.Sprintf("%s/%s/0", id, d["entity_id"]))
		}
		err := sim.call("dwell batch", "/v1/write_batch_dwell", with("event_id", id, "dwell_data", batch), nil)
		batch = nil
		return err
	}
	for i, c := range cards {
		sim.cards.Add(1)
		batch = append(batch, map[string]any{"idx": i, "entity_id": c.EntityID, "dwells": 1,
			"dwellTimes": []int{800 + rand.IntN(4000)}, "dwellsInviewTime": []int64{now()}})
		if i%4 == 3 {
			id := fmt.Sprintf("%s-like-%d", user, i)
			sim.expect(sim.engagementIDs, id)
			if err := sim.call("engagement", "/v1/write_user_engagement", with("event_id", id, "entity_id", c.EntityID,
				"engagement_type", "likes", "response", "true", "time_content_viewed", now()-1200, "time_engagement", now(), "likes", 1), nil); err != nil {
				return err
			}
		}
		if i%10 == 9 {
			if err := flush(i); err != nil {
				return err
			}
		}
	}
	if err := flush(len(cards)); err != nil {
		return err
	}
	if err := checkpoint("submit", user+"-submit", "submit-click"); err != nil {
		return err
	}
	for q := 1; q <= 3; q++ {
		name := fmt.Sprintf("q%d", q)
		id := fmt.Sprintf("%s-%s", user, name)
		fields := map[string]any{"age": "34", "trust": fmt.Sprint(rand.IntN(7) + 1), "comment": "fine"}
		for f := range fields {
			sim.expect(sim.answerIDs, id+"/"+f)
		}
		if err := sim.call("questionnaire", "/v1/write_form", with("event_id", id, "form_fields", fields, "time", now()), nil); err != nil {
			return err
		}
		if err := checkpoint("questionnaire", id+"-done", "form-done:"+name); err != nil {
			return err
		}
	}
	if err := checkpoint("end", user+"-end", "end-redirect"); err != nil {
		return err
	}
	sim.completed.Add(1)
	return nil
}

// exportIDs checks that the export's rows whose event_id starts with prefix are exactly ids.
func exportIDs(bin, data, typ, prefix string, ids map[string]bool) error {
	return exportIDsOf(bin, data, "solarflare", typ, prefix, ids)
}

// exportIDsOf checks that study's export of typ holds, among its rows whose event_id starts
// with prefix, exactly ids.
func exportIDsOf(bin, data, studyID, typ, prefix string, ids map[string]bool) error {
	out := filepath.Join(filepath.Dir(data), typ+".csv")
	if msg, err := exec.Command(bin, "export", "--data", data, "--study", studyID, "--type", typ, "--out", out).CombinedOutput(); err != nil {
		return fmt.Errorf("export %s: %v\n%s", typ, err, msg)
	}
	f, err := os.Open(out)
	if err != nil {
		return err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return fmt.Errorf("export %s: %w", typ, err)
	}
	col := slices.Index(rows[0], "event_id")
	seen := map[string]bool{}
	for _, r := range rows[1:] {
		id := r[col]
		if !strings.HasPrefix(id, prefix) {
			continue
		}
		if seen[id] || !ids[id] {
			return fmt.Errorf("export %s: row %s is a duplicate or was never sent", typ, id)
		}
		seen[id] = true
	}
	if len(seen) != len(ids) {
		return fmt.Errorf("export %s: %d of the %d rows sent are missing", typ, len(ids)-len(seen), len(ids))
	}
	fmt.Printf("export %s: exactly the %d rows sent\n", typ, len(ids))
	return nil
}
