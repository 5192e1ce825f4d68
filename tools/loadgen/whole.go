package main

import (
	"bytes"
	"encoding/json"
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

// The whole-participant mode (-whole): what one participant costs, not only one event.
// Each of -participants slots runs participants one after another, closed loop, each as
// the participant app makes them:
//
//   - the arrival (load_experiment of a 40-card study with two conditions, like and share
//     counts shown, a Prolific id among the arrival parameters);
//   - 50 engagements while scrolling (a like on every card, a share on every 4th);
//   - a dwell batch every 10 cards (4 batches of 10 visits);
//   - one questionnaire page (write_form of 5 fields, then its form-done checkpoint).
//
// The same sequence drives the no-op ceiling first and feedlab second in each run (the
// no-op answers load_experiment with a 40-card feed of the same shape). Before the runs,
// an arrivals-only phase measures the server CPU of one arrival alone. Afterwards the
// exports must hold exactly the acknowledged engagements and answers. After each of
// feedlab's phases it prints the writer's clocks (writer_queue.go): how much of the phase
// the one writer connection was held, and how long events and arrivals waited for it.

const (
	wholeCards        = 40
	wholeFormFields   = 5
	wholeDwellEvery   = 10
	wholeShareEvery   = 4
	wholeRequestsEach = 1 + wholeCards + wholeCards/wholeShareEvery + wholeCards/wholeDwellEvery + 2
)

type wholeConfig struct {
	participants, total, arrivals, runs int
	profile                             string
}

// wholePhase is one server's measurement of the whole-participant mix in one run.
type wholePhase struct {
	reqPerSec, participantsPerSec, p50ms, p99ms, arrivalP99ms, cpuMsPerParticipant float64
	// clientCPUMsPerParticipant is this generator's own CPU: the same for both servers
	// when they answer the same bytes.
	clientCPUMsPerParticipant float64
	// arrivalP50ms and othersP99ms say what the p99 of all requests is made of: arrivals
	// are 1 in 57 requests, so when most of them are slower than the rest's p99, the p99
	// of all is an arrival's time.
	arrivalP50ms, othersP99ms float64
	load                      string
	writer                    string // the writer's clocks (feedlab only)
}

type wholeRun struct {
	s       *server
	client  *http.Client
	tag     string
	next    atomic.Int64
	total   int64
	mu      sync.Mutex
	lat     []time.Duration // every request
	arrLat  []time.Duration // arrivals only
	engIDs  []string        // acknowledged engagement rows' event ids
	formIDs []string        // acknowledged answer rows' event ids
	errs    atomic.Int64
	first   atomic.Value
}

func runWhole(bin string, cfg wholeConfig) error {
	dir, err := os.MkdirTemp("", "feedlab-whole-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	data := filepath.Join(dir, "data")
	studyID, err := makeWholeStudy(bin, dir, data)
	if err != nil {
		return err
	}
	fl, err := startFeedlab(bin, dir)
	if err != nil {
		return err
	}
	answers, err := captureAnswers(fl, dir, map[string]any{
		"user_id": "capture", "experiment_id": studyID, "query_params": map[string]string{"PROLIFIC_PID": "capture", "STUDY_ID": "lg"},
	})
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
	fmt.Printf("whole participants: feedlab %s (pid %d), no-op (pid %d); study %s (%d cards, 2 conditions); %d at a time, %d per phase, %d requests each; load average %s\n",
		bin, fl.cmd.Process.Pid, noop.cmd.Process.Pid, studyID, wholeCards, cfg.participants, cfg.total, wholeRequestsEach, loadAverage())

	// Arrivals alone: the server CPU of one arrival, without the events around it.
	a := &wholeRun{s: fl, client: client, tag: "a", total: int64(cfg.arrivals)}
	cpu0 := fl.cpuTicks()
	q0, _ := fl.writerQueue()
	start := time.Now()
	a.drive(studyID, cfg.participants, true)
	elapsed := time.Since(start)
	q1, clocks := fl.writerQueue()
	if err := a.err(); err != nil {
		fl.stop()
		return fmt.Errorf("arrivals: %w", err)
	}
	cpuMs := float64(fl.cpuTicks()-cpu0) * 10 / float64(cfg.arrivals)
	arrP := percentiles(a.arrLat)
	fmt.Printf("arrivals alone: %d in %.1f s (%.0f /s), p50 %.2f ms p99 %.2f ms, server CPU %.2f ms per arrival (load %s)\n",
		cfg.arrivals, elapsed.Seconds(), float64(cfg.arrivals)/elapsed.Seconds(), arrP(0.5), arrP(0.99), cpuMs, loadAverage())
	if clocks {
		fmt.Print(q1.since(q0).report(elapsed))
	}

	engIDs, formIDs := map[string]bool{}, map[string]bool{}
	var ratios, p99s []float64
	var fps, nps []wholePhase
	for run := 1; run <= cfg.runs; run++ {
		n := &wholeRun{s: noop, client: client, tag: fmt.Sprintf("n%d", run), total: int64(cfg.total)}
		np := n.measure(studyID, cfg.participants, "")
		if err := n.err(); err != nil {
			fl.stop()
			return fmt.Errorf("no-op: %w", err)
		}
		prof := ""
		if run == 1 {
			prof = cfg.profile
		}
		f := &wholeRun{s: fl, client: client, tag: fmt.Sprintf("f%d", run), total: int64(cfg.total)}
		fp := f.measure(studyID, cfg.participants, prof)
		if err := f.err(); err != nil {
			fl.stop()
			return fmt.Errorf("feedlab: %w", err)
		}
		for _, id := range f.engIDs {
			engIDs[id] = true
		}
		for _, id := range f.formIDs {
			formIDs[id] = true
		}
		ratio := fp.reqPerSec / np.reqPerSec
		ratios, p99s = append(ratios, ratio), append(p99s, fp.p99ms/np.p99ms)
		fps, nps = append(fps, fp), append(nps, np)
		for _, x := range []struct {
			name string
			p    wholePhase
		}{{"no-op  ", np}, {"feedlab", fp}} {
			fmt.Printf("run %d  %s %7.0f req/s %6.1f participants/s  p50 %6.2f ms  p99 %6.2f ms  arrival p99 %7.2f ms  server CPU %6.2f ms/participant (load %s)\n",
				run, x.name, x.p.reqPerSec, x.p.participantsPerSec, x.p.p50ms, x.p.p99ms, x.p.arrivalP99ms, x.p.cpuMsPerParticipant, x.p.load)
			fmt.Printf("    arrival p50 %.2f ms; p99 of the other requests %.2f ms; the generator's CPU %.2f ms/participant\n", x.p.arrivalP50ms, x.p.othersP99ms, x.p.clientCPUMsPerParticipant)
			fmt.Print(x.p.writer)
		}
		fmt.Printf("run %d  ratio %.3f of the no-op ceiling; p99 %.2f× the no-op's\n", run, ratio, p99s[len(p99s)-1])
	}
	if cfg.runs > 1 {
		pick := func(ps []wholePhase, f func(wholePhase) float64) float64 {
			var xs []float64
			for _, p := range ps {
				xs = append(xs, f(p))
			}
			return median(xs)
		}
		fmt.Printf("median of %d runs: ratio %.3f, p99 %.2f× the no-op's; feedlab %.0f req/s p99 %.2f ms arrival p99 %.2f ms %.2f ms CPU/participant; no-op %.0f req/s p99 %.2f ms (load average now %s)\n",
			cfg.runs, median(ratios), median(p99s),
			pick(fps, func(p wholePhase) float64 { return p.reqPerSec }), pick(fps, func(p wholePhase) float64 { return p.p99ms }),
			pick(fps, func(p wholePhase) float64 { return p.arrivalP99ms }), pick(fps, func(p wholePhase) float64 { return p.cpuMsPerParticipant }),
			pick(nps, func(p wholePhase) float64 { return p.reqPerSec }), pick(nps, func(p wholePhase) float64 { return p.p99ms }), loadAverage())
	}
	fmt.Printf("feedlab's peak memory (VmHWM): %s\n", fl.peakMemory())
	if err := fl.stop(); err != nil {
		return fmt.Errorf("feedlab did not stop cleanly: %w\n%s", err, fl.out.String())
	}
	if err := exportIDsOf(bin, fl.data, studyID, "engagement", "wf", engIDs); err != nil {
		return err
	}
	return exportIDsOf(bin, fl.data, studyID, "user_form", "wf", formIDs)
}

// makeWholeStudy stores, with the command line before the server starts, a 40-card set
// (image cards pointing at external URLs) and an open study showing all of it, with the
// built-in consent and instructions (the wizard's default).
func makeWholeStudy(bin, dir, data string) (string, error) {
	var tsv strings.Builder
	tsv.WriteString("source_url\tfilename\tretrieve_date\tentity_type\theadline\ttopic\n")
	for i := range wholeCards {
		fmt.Fprintf(&tsv, "https://example.org/%d\tcard%02d.jpg\t2026-01-02\timage\tHeadline number %d about something\ttopic%d\n", i, i, i, i%5)
	}
	tsvPath := filepath.Join(dir, "cards.tsv")
	if err := os.WriteFile(tsvPath, []byte(tsv.String()), 0o600); err != nil {
		return "", err
	}
	set, err := lastLine(exec.Command(bin, "sets", "import", "--data", data, "--name", "lgwhole", "--category", "news", tsvPath))
	if err != nil {
		return "", fmt.Errorf("sets import: %w", err)
	}
	sets, _ := json.Marshal([]map[string]any{{"entity_set": set, "number_to_show": wholeCards, "randomize_between_subjects": "yes"}})
	var csv strings.Builder
	csv.WriteString("condition,param,value\n1,n-conditions,2\n")
	for c := 1; c <= 2; c++ {
		fmt.Fprintf(&csv, "%d,feed,scroll\n%d,entity_sets,\"%s\"\n%d,feed-button-like,lognormal\n%d,feed-button-share,yes\n%d,forms,\"[\"\"form\"\"]\"\n%d,consent,default\n%d,instruct,default\n%d,platform,prolific\n%d,redirect-url,https://app.prolific.com/submissions/complete?cc=C1A2B3\n",
			c, c, strings.ReplaceAll(string(sets), `"`, `""`), c, c, c, c, c, c, c)
	}
	csvPath := filepath.Join(dir, "params.csv")
	if err := os.WriteFile(csvPath, []byte(csv.String()), 0o600); err != nil {
		return "", err
	}
	id, err := lastLine(exec.Command(bin, "study", "create", "--data", data, "--from", csvPath))
	if err != nil {
		return "", fmt.Errorf("study create: %w", err)
	}
	return id, nil
}

func lastLine(cmd *exec.Cmd) (string, error) {
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%v\n%s", err, stderr.String())
	}
	lines := strings.Fields(strings.TrimSpace(string(out)))
	if len(lines) == 0 {
		return "", fmt.Errorf("no output\n%s", stderr.String())
	}
	return lines[len(lines)-1], nil
}

func percentiles(l []time.Duration) func(float64) float64 {
	s := slices.Clone(l)
	slices.Sort(s)
	return func(q float64) float64 {
		if len(s) == 0 {
			return 0
		}
		return float64(s[min(len(s)-1, int(q*float64(len(s))))]) / float64(time.Millisecond)
	}
}

// without is all less one occurrence of each duration of some (a sub-list of all).
func without(all, some []time.Duration) []time.Duration {
	drop := map[time.Duration]int{}
	for _, d := range some {
		drop[d]++
	}
	out := make([]time.Duration, 0, len(all))
	for _, d := range all {
		if drop[d] > 0 {
			drop[d]--
			continue
		}
		out = append(out, d)
	}
	return out
}

func (w *wholeRun) err() error {
	if n := w.errs.Load(); n > 0 {
		return fmt.Errorf("%d participants failed; first: %v", n, w.first.Load())
	}
	return nil
}

// measure drives the whole-participant mix and returns its figures.
func (w *wholeRun) measure(studyID string, slots int, profile string) wholePhase {
	var profErr chan error
	if profile != "" {
		profErr = make(chan error, 1)
		go func() { time.Sleep(time.Second); profErr <- fetchProfile(w.s, profile) }()
	}
	cpu0, self0 := w.s.cpuTicks(), processCPUTicks("self")
	q0, _ := w.s.writerQueue()
	start := time.Now()
	w.drive(studyID, slots, false)
	elapsed := time.Since(start)
	writer := ""
	if q1, ok := w.s.writerQueue(); ok {
		writer = q1.since(q0).report(elapsed)
	}
	cpu := float64(w.s.cpuTicks()-cpu0) * 10 // ms
	self := float64(processCPUTicks("self")-self0) * 10
	if profErr != nil {
		if err := <-profErr; err != nil {
			w.errs.Add(1)
			w.first.CompareAndSwap(nil, err)
		}
	}
	all, arr, others := percentiles(w.lat), percentiles(w.arrLat), percentiles(without(w.lat, w.arrLat))
	return wholePhase{
		reqPerSec:                 float64(len(w.lat)) / elapsed.Seconds(),
		participantsPerSec:        float64(w.total) / elapsed.Seconds(),
		p50ms:                     all(0.5),
		p99ms:                     all(0.99),
		arrivalP99ms:              arr(0.99),
		arrivalP50ms:              arr(0.5),
		othersP99ms:               others(0.99),
		cpuMsPerParticipant:       cpu / float64(w.total),
		clientCPUMsPerParticipant: self / float64(w.total),
		load:                      loadAverage(),
		writer:                    writer,
	}
}

// drive runs w.total participants, slots at a time; arrivalsOnly stops each after arriving.
func (w *wholeRun) drive(studyID string, slots int, arrivalsOnly bool) {
	var wg sync.WaitGroup
	for range slots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var lat, arrLat []time.Duration
			var eng, forms []string
			for {
				i := w.next.Add(1) - 1
				if i >= w.total {
					break
				}
				user := fmt.Sprintf("w%s-%06d", w.tag, i)
				if err := w.participant(studyID, user, arrivalsOnly, &lat, &arrLat, &eng, &forms); err != nil {
					w.errs.Add(1)
					w.first.CompareAndSwap(nil, fmt.Errorf("%s: %w", user, err))
				}
			}
			w.mu.Lock()
			w.lat, w.arrLat = append(w.lat, lat...), append(w.arrLat, arrLat...)
			w.engIDs, w.formIDs = append(w.engIDs, eng...), append(w.formIDs, forms...)
			w.mu.Unlock()
		}()
	}
	wg.Wait()
}

// loadAnswer is what the generator reads of a load_experiment answer.
type loadAnswer struct {
	Data struct {
		Condition json.Number `json:"condition"`
		OrderData []struct {
			EntityID string `json:"entity_id"`
		} `json:"order_data"`
	} `json:"data"`
}

// participant is one participant from arrival to the questionnaire's end.
func (w *wholeRun) participant(studyID, user string, arrivalsOnly bool, lat, arrLat *[]time.Duration, eng, forms *[]string) error {
	var loaded loadAnswer
	t0 := time.Now()
	err := postJSON(w.client, w.s.url+"/v1/load_experiment", map[string]any{
		"user_id": user, "experiment_id": studyID, "query_params": map[string]string{"PROLIFIC_PID": user, "STUDY_ID": "lg"},
	}, &loaded)
	d := time.Since(t0)
	*lat, *arrLat = append(*lat, d), append(*arrLat, d)
	if err != nil {
		return fmt.Errorf("arrival: %w", err)
	}
	if len(loaded.Data.OrderData) != wholeCards {
		return fmt.Errorf("arrival: %d cards, want %d", len(loaded.Data.OrderData), wholeCards)
	}
	if arrivalsOnly {
		return nil
	}
	cond := loaded.Data.Condition.String()
	head := func(b []byte, eventID string) []byte {
		b = append(b, `{"user_id":"`...)
		b = append(b, user...)
		b = append(b, `","experiment_id":"`...)
		b = append(b, studyID...)
		b = append(b, `","condition":"`...)
		b = append(b, cond...)
		b = append(b, `","event_id":"`...)
		b = append(b, eventID...)
		return append(b, `"`...)
	}
	send := func(path string, body []byte) error {
		t0 := time.Now()
		res, err := post(w.client, w.s.url+path, body)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		out, err := readAll(res)
		*lat = append(*lat, time.Since(t0))
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if res.StatusCode != 200 {
			return fmt.Errorf("%s: status %d: %s", path, res.StatusCode, out)
		}
		return nil
	}
	var body []byte
	var batch []string // this batch's entity ids
	for i, c := range loaded.Data.OrderData {
		now := time.Now().UnixMilli()
		batch = append(batch, c.EntityID)
		for _, typ := range []string{"likes", "shares"} {
			if typ == "shares" && i%wholeShareEvery != wholeShareEvery-1 {
				continue
			}
			id := fmt.Sprintf("%s-%s-%d", user, typ, i)
			body = head(body[:0], id)
			body = append(body, `,"entity_id":"`...)
			body = append(body, c.EntityID...)
			body = append(body, `","engagement_type":"`...)
			body = append(body, typ...)
			body = append(body, `","response":"true","time_content_viewed":`...)
			body = strconv.AppendInt(body, now-1500, 10)
			body = append(body, `,"time_engagement":`...)
			body = strconv.AppendInt(body, now, 10)
			body = append(body, '}')
			if err := send("/v1/write_user_engagement", body); err != nil {
				return err
			}
			*eng = append(*eng, id)
		}
		if i%wholeDwellEvery == wholeDwellEvery-1 {
			id := fmt.Sprintf("%s-dwell-%d", user, i)
			body = head(body[:0], id)
			body = append(body, `,"dwell_data":[`...)
			for k, e := range batch {
				if k > 0 {
					body = append(body, ',')
				}
				body = fmt.Appendf(body, `{"idx":%d,"entity_id":"%s","dwells":1,"dwellTimes":[%d],"dwellsInviewTime":[%d]}`, i-len(batch)+1+k, e, 800+31*k, now)
			}
			body = append(body, "]}"...)
			if err := send("/v1/write_batch_dwell", body); err != nil {
				return err
			}
			for _, e := range batch {
				*eng = append(*eng, fmt.Sprintf("%s/%s/0", id, e))
			}
			batch = batch[:0]
		}
	}
	id := user + "-form"
	body = head(body[:0], id)
	body = append(body, `,"form_fields":{`...)
	for f := range wholeFormFields {
		if f > 0 {
			body = append(body, ',')
		}
		body = fmt.Appendf(body, `"q%d":"%d"`, f, f+1)
	}
	body = fmt.Appendf(body, `},"time":%d}`, time.Now().UnixMilli())
	if err := send("/v1/write_form", body); err != nil {
		return err
	}
	for f := range wholeFormFields {
		*forms = append(*forms, fmt.Sprintf("%s/q%d", id, f))
	}
	done := user + "-form-done"
	body = head(body[:0], done)
	body = fmt.Appendf(body, `,"checkpoint":"form-done:form","time":%d}`, time.Now().UnixMilli())
	if err := send("/v1/write_checkpoint", body); err != nil {
		return err
	}
	*forms = append(*forms, done)
	return nil
}

func readAll(res *http.Response) ([]byte, error) {
	defer res.Body.Close()
	return io.ReadAll(res.Body)
}
