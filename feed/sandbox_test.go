package feed

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"go.starlark.net/starlark"
)

// useSandbox makes this process's script runs use l until the test ends.
func useSandbox(t *testing.T, l Limits) *sandbox {
	t.Helper()
	sb := newSandbox(l, false)
	scripts.Lock()
	old := scripts.sb
	scripts.sb = sb
	scripts.Unlock()
	t.Cleanup(func() {
		scripts.Lock()
		scripts.sb = old
		scripts.Unlock()
		sb.stop()
	})
	return sb
}

// pids are the process ids of a sandbox's workers.
func (sb *sandbox) pids() []int {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	var out []int
	for w := range sb.workers {
		out = append(out, w.cmd.Process.Pid)
	}
	slices.Sort(out)
	return out
}

const identity = "def rank(cards, participant):\n    return cards\n"

// wantScriptError fails unless err is a ScriptError matching ErrRankingFailed whose
// message holds want.
func wantScriptError(t *testing.T, err error, want string) {
	t.Helper()
	var se *ScriptError
	if !errors.As(err, &se) || !errors.Is(err, ErrRankingFailed) || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v, want a ScriptError (ErrRankingFailed) saying %q", err, want)
	}
}

// A script whose every step is a long builtin call (a string replace of a megabyte) runs
// to no step limit for minutes; the worker stops it at its time limit.
func TestScriptOverTimeLimitIsStopped(t *testing.T) {
	useSandbox(t, DefaultLimits)
	src := "def rank(cards, participant):\n    s = 'ab' * 500000\n    for i in range(100000):\n        s2 = s.replace('a', 'c')\n    return cards\n"
	start := time.Now()
	err := DryRun(t.Context(), src, scriptCards(3))
	took := time.Since(start)
	wantScriptError(t, err, "ran over 200ms")
	// The bound is 200 ms and a quarter; a fresh worker's start and a loaded machine add
	// to it, minutes do not.
	if took > 2*time.Second {
		t.Errorf("the run took %v", took)
	}
	if err := DryRun(t.Context(), identity, scriptCards(3)); err != nil {
		t.Fatalf("the next run: %v", err)
	}
}

// One step that outlasts the time limit (sorting five million numbers) cannot be
// cancelled between steps: the server kills the worker, answers the overrun and the next
// run gets a fresh worker.
func TestScriptSingleLongStepIsKilled(t *testing.T) {
	sb := useSandbox(t, Limits{Timeout: MinScriptTimeout, Memory: 512 << 20, Workers: 1})
	if err := DryRun(t.Context(), identity, scriptCards(3)); err != nil {
		t.Fatal(err)
	}
	before := sb.pids()
	src := "def rank(cards, participant):\n    l = sorted(range(5000000), reverse=True)\n    return cards\n"
	start := time.Now()
	err := DryRun(t.Context(), src, scriptCards(3))
	wantScriptError(t, err, "ran over 10ms")
	if took := time.Since(start); took > time.Second {
		t.Errorf("the run took %v", took)
	}
	// The next run must succeed in the fresh worker. Its 10 ms bound is tight enough that a
	// machine loaded by other test binaries can push even the identity script over it (seen in
	// CI beside the browser tests): a few runs that stop only at the time limit are allowed,
	// any other error (a worker that cannot run at all) fails at once.
	var next error
	for range 5 {
		if next = DryRun(t.Context(), identity, scriptCards(3)); next == nil || !strings.Contains(next.Error(), "ran over 10ms") {
			break
		}
	}
	if next != nil {
		t.Fatalf("the next run: %v", next)
	}
	if after := sb.pids(); slices.Equal(before, after) {
		t.Errorf("workers %v before and %v after: the overrunning worker was not replaced", before, after)
	}
}

// A script asking for more memory than the bound, in one allocation or in a global at
// top level, ends its worker (not the server); the researcher reads why, and the next run
// succeeds in a fresh worker. Starlark has no **: 10**9 is written out.
func TestScriptMemoryBound(t *testing.T) {
	if raceEnabled {
		t.Skip("a worker built with -race cannot take an address-space limit")
	}
	// Time enough for the 24 MB global on a loaded machine: memory is what is tested.
	useSandbox(t, Limits{Timeout: 10 * time.Second, Memory: DefaultLimits.Memory, Workers: 2})
	for _, tt := range []struct{ name, src string }{
		{"list of 10**9", "def rank(cards, participant):\n    x = [0] * 1000000000\n    return cards\n"},
		{"string of 10**9", "def rank(cards, participant):\n    x = 'x' * 1000000000\n    return cards\n"},
		{"300 MB global", "big = 'x' * 300000000\ndef rank(cards, participant):\n    return cards\n"},
		{"growing list", "def rank(cards, participant):\n    l = []\n    for i in range(40):\n        l.append('x' * 4000000)\n    return cards\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			wantScriptError(t, DryRun(t.Context(), tt.src, scriptCards(3)), "used more than 64 MB")
			if err := DryRun(t.Context(), identity, scriptCards(3)); err != nil {
				t.Fatalf("the next run: %v", err)
			}
		})
	}
	// The bound is not smaller than it says: 24 MB of globals are fine.
	if err := DryRun(t.Context(), "big = 'x' * 24000000\n"+identity, scriptCards(3)); err != nil {
		t.Fatalf("24 MB: %v", err)
	}
}

// A worker that dies in the middle of a run (here killed from outside) gives that run an
// error naming it, and is replaced: the next run succeeds.
func TestWorkerCrashIsReplaced(t *testing.T) {
	sb := useSandbox(t, Limits{Timeout: 10 * time.Second, Memory: DefaultLimits.Memory, Workers: 1})
	if err := DryRun(t.Context(), identity, scriptCards(3)); err != nil {
		t.Fatal(err)
	}
	pids := sb.pids()
	if len(pids) != 1 {
		t.Fatalf("workers %v", pids)
	}
	go func() {
		time.Sleep(100 * time.Millisecond)
		syscall.Kill(pids[0], syscall.SIGKILL)
	}()
	err := DryRun(t.Context(), "def rank(cards, participant):\n    while True:\n        s = ('ab' * 100000).replace('a', 'c')\n", scriptCards(3))
	wantScriptError(t, err, "the script worker died (signal: killed)")
	if err := DryRun(t.Context(), identity, scriptCards(3)); err != nil {
		t.Fatalf("the next run: %v", err)
	}
	if after := sb.pids(); len(after) != 1 || after[0] == pids[0] {
		t.Errorf("workers %v after the crash of %d", after, pids[0])
	}
}

// At arrival a failing script's error names the script by its hash and matches
// ErrRankingFailed, whatever failed.
func TestArrivalScriptErrorNamesTheScript(t *testing.T) {
	src := "def rank(cards, participant):\n    return cards[0]['nope']\n"
	_, err := ComposeFor(t.Context(), Condition{Sets: []SetChoice{{Set: "s"}}, Algorithm: Custom, Ranking: Ranking{Script: src}}, 1,
		func(string) ([]Card, error) { return scriptCards(3), nil }, Participant{})
	if !errors.Is(err, ErrRankingFailed) || !strings.Contains(err.Error(), ScriptHash(src)[:12]) || !strings.Contains(err.Error(), `line 2, column 20: key "nope" not in dict`) {
		t.Fatalf("error %v", err)
	}
}

// Scripts see every column of a card at the top level of its dict: sorting by headline
// works, an "other" column is there too, and a built-in key wins over an "other" column
// of the same name (still in covariates).
func TestScriptsSeeEveryColumn(t *testing.T) {
	headlines := []string{"Comet over the bay", "Apples are red", "Budget passes"}
	cards := make([]Card, 3)
	for i := range cards {
		cards[i] = Card{EntityID: int64(10 + i), Set: "s", Position: int64(i + 1), SourceURL: fmt.Sprintf("https://example.org/%d", i),
			Filename: fmt.Sprintf("c%d.png", i), RetrieveDate: "2026-01-02", EntityType: "image", Headline: headlines[i],
			EntityURL: "https://example.org/e", Covariates: map[string]string{"topic": "science", "set": "shadowed"}}
	}
	run := func(src string) []int64 {
		t.Helper()
		items, err := ComposeFor(t.Context(), Condition{Sets: []SetChoice{{Set: "s"}}, Algorithm: Custom, Ranking: Ranking{Script: src}}, 1,
			func(string) ([]Card, error) { return cards, nil }, Participant{})
		if err != nil {
			t.Fatal(err)
		}
		return order(items)
	}
	if got := run("def rank(cards, participant):\n    return sorted(cards, key=lambda c: c['headline'])\n"); !slices.Equal(got, []int64{11, 12, 10}) {
		t.Errorf("sorted by headline: %v, want 11 12 10", got)
	}
	check := `def rank(cards, participant):
    c = cards[0]
    want = {"entity_id": 10, "set": "s", "position": 1, "source_url": "https://example.org/0", "filename": "c0.png",
            "retrieve_date": "2026-01-02", "entity_type": "image", "headline": "Comet over the bay",
            "entity_url": "https://example.org/e", "topic": "science"}
    for k, v in want.items():
        if c[k] != v:
            fail("card[%r] is %r, want %r" % (k, c[k], v))
    if c["covariates"] != {"topic": "science", "set": "shadowed"}:
        fail("covariates %r" % c["covariates"])
    for k in ["likes", "shares", "read_later", "upvote", "downvote", "impressions", "engaged"]:
        if k not in c:
            fail("no key " + k)
    return cards
`
	if got := run(check); !slices.Equal(got, []int64{10, 11, 12}) {
		t.Errorf("identity: %v", got)
	}
}

func TestScriptCacheIsBoundedByCountAndBytes(t *testing.T) {
	c := newScriptCache(maxCachedScripts, maxCachedScriptBytes)
	for i := range 100 {
		c.put(&Script{Hash: fmt.Sprint(i), size: 100})
	}
	if c.len() != maxCachedScripts || c.get("0") != nil || c.get("99") == nil {
		t.Errorf("after 100 small scripts: %d cached", c.len())
	}
	for i := range 10 {
		c.put(&Script{Hash: fmt.Sprint("big", i), size: 1 << 20})
	}
	if c.bytes > maxCachedScriptBytes || c.get("big9") == nil || c.get("big0") != nil {
		t.Errorf("after ten 1 MB scripts: %d bytes in %d scripts", c.bytes, c.len())
	}
	// The least recently used goes first: a script read stays.
	c = newScriptCache(2, 1<<20)
	c.put(&Script{Hash: "a"})
	c.put(&Script{Hash: "b"})
	c.get("a")
	c.put(&Script{Hash: "c"})
	if c.get("a") == nil || c.get("b") != nil {
		t.Error("the least recently used script was not the one dropped")
	}
}

// A dry run (a study's check or creation) leaves nothing cached in the worker; an
// arrival's run keeps the script loaded for the next participant.
func TestCheckDoesNotCache(t *testing.T) {
	cache := newScriptCache(maxCachedScripts, maxCachedScriptBytes)
	job := scriptJob{Script: identity, Check: true, Cards: []scriptCard{{EntityID: 1}, {EntityID: 2}}, Timeout: int64(time.Second)}
	if res := runJob(&job, cache, DefaultLimits.Memory, io.Discard); res.Err != nil || len(res.Order) != 2 {
		t.Fatalf("check: %+v", res)
	}
	if cache.len() != 0 {
		t.Fatalf("a check cached %d scripts", cache.len())
	}
	job.Check = false
	if res := runJob(&job, cache, DefaultLimits.Memory, io.Discard); res.Err != nil || cache.len() != 1 {
		t.Fatalf("arrival: %+v, %d cached", res, cache.len())
	}
}

func TestFormatBytes(t *testing.T) {
	for n, want := range map[int64]string{64 << 20: "64 MB", 16 << 30: "16 GB", 1536: "1536 bytes", 512 << 10: "512 KB"} {
		if got := FormatBytes(n); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
}

// The keys of a card dict are the ones docs/ranking/README.md lists.
func TestCardKeysAreDocumented(t *testing.T) {
	d := cardValue(&scriptCard{EntityID: 1})
	var got []string
	for _, k := range d.Keys() {
		got = append(got, string(k.(starlark.String)))
	}
	slices.Sort(got)
	want := slices.Sorted(slices.Values(cardKeys))
	if !slices.Equal(got, want) {
		t.Errorf("a card dict has %v, cardKeys says %v", got, want)
	}
	doc, err := os.ReadFile("../docs/ranking/README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range cardKeys {
		if !strings.Contains(string(doc), "`"+k+"`") {
			t.Errorf("docs/ranking/README.md does not name the card key %s", k)
		}
	}
}

// A participant who goes away mid-run gets their own context's error, not a ranking
// failure (it is not the study's to count), and the worker finishes the run within its
// bounds and serves the next one: a disconnect costs no process start.
func TestLeavingMidRunKeepsTheWorker(t *testing.T) {
	// A second's bound gives the worker a quarter of a second's grace to say it stopped:
	// with 300 ms (75 ms of grace) a machine busy with other test binaries sometimes left
	// it no CPU to answer in time, the server killed it as it should, and the test saw a
	// replaced worker instead of the behaviour it is about.
	sb := useSandbox(t, Limits{Timeout: time.Second, Memory: DefaultLimits.Memory, Workers: 1})
	if err := DryRun(t.Context(), identity, scriptCards(3)); err != nil {
		t.Fatal(err)
	}
	before := sb.pids()
	ctx, cancel := context.WithCancel(t.Context())
	time.AfterFunc(50*time.Millisecond, cancel)
	err := DryRun(ctx, "def rank(cards, participant):\n    while True:\n        s = ('ab' * 100000).replace('a', 'c')\n", scriptCards(3))
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrRankingFailed) {
		t.Fatalf("error %v, want context.Canceled and no ranking failure", err)
	}
	if err := DryRun(t.Context(), identity, scriptCards(3)); err != nil {
		t.Fatalf("the next run: %v", err)
	}
	if after := sb.pids(); !slices.Equal(before, after) {
		t.Errorf("workers %v before and %v after: the worker was replaced", before, after)
	}
}

// The kernel ends a worker whose job outlasts its CPU limit (twice the time limit plus a
// second, rounded up to whole seconds) even when no server kills it: here nobody does.
func TestWorkerCPULimitEndsAJobTheServerDoesNotKill(t *testing.T) {
	if raceEnabled {
		t.Skip("too slow under -race")
	}
	sb := newSandbox(Limits{Timeout: MinScriptTimeout, Memory: 1 << 30, Workers: 1}, false)
	defer sb.stop()
	w, err := sb.start()
	if err != nil {
		t.Fatal(err)
	}
	// One step (sorting 16 million numbers) takes longer than the two CPU seconds the
	// job gets, so the worker's own stop between steps never comes.
	job := scriptJob{Script: "def rank(cards, participant):\n    l = sorted(range(16000000), reverse=True)\n    return cards\n",
		Cards: []scriptCard{{EntityID: 1}}, Timeout: int64(MinScriptTimeout)}
	if err := writeFrame(w.in, job); err != nil {
		t.Fatal(err)
	}
	select {
	case <-w.exited:
	case <-time.After(30 * time.Second):
		t.Fatal("the worker was still running after 30 s")
	}
	if code := w.cmd.ProcessState.ExitCode(); code != exitCPU || !strings.Contains(w.stderr.String(), "CPU limit") {
		t.Errorf("worker ended with %v: %s", w.cmd.ProcessState, w.stderr.lastLine())
	}
}

// A script that overran runs one participant at a time for a while: the links that make
// it expensive, opened at once, take one worker, and another study's script still gets
// the other at once.
func TestAnOverrunningScriptTakesOneWorkerAtATime(t *testing.T) {
	useSandbox(t, Limits{Timeout: 300 * time.Millisecond, Memory: DefaultLimits.Memory, Workers: 2})
	hostile := "def rank(cards, participant):\n    while True:\n        s = ('ab' * 100000).replace('a', 'c')\n"
	wantScriptError(t, DryRun(t.Context(), hostile, scriptCards(3)), "ran over 300ms")
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() { defer wg.Done(); DryRun(t.Context(), hostile, scriptCards(3)) }()
	}
	time.Sleep(50 * time.Millisecond) // one hostile run has a worker, the other waits its turn
	start := time.Now()
	if err := DryRun(t.Context(), identity, scriptCards(3)); err != nil {
		t.Fatal(err)
	}
	// Without the rule both workers run the hostile script for 300 ms (and a quarter):
	// another script waits for one of them.
	if took := time.Since(start); took > 200*time.Millisecond {
		t.Errorf("another script waited %v for a worker", took)
	}
	wg.Wait()
}

// len is how many scripts the cache holds (only the tests ask).
func (c *scriptCache) len() int { return c.order.Len() }
