package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"feedlab/store"
)

// TestPprofServesTheWriterCounts: /debug/vars beside the profiler answers the event
// writer's counts, which tools/loadgen reads for its events per commit, and the writer's
// clocks, which it reads for the waits and holds of the writer.
func TestPprofServesTheWriterCounts(t *testing.T) {
	var out strings.Builder
	queue := store.WriterQueue{EventWait: store.Durations{Count: 7, TotalMs: 1.5, Buckets: [][2]uint64{{256, 7}}}}
	stop, err := servePprof("127.0.0.1:0", &out, func() store.WriterStats { return store.WriterStats{Commits: 3, Events: 120} },
		func() store.WriterQueue { return queue })
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	base := regexp.MustCompile(`http://[^/\s]+`).FindString(out.String())
	if base == "" {
		t.Fatalf("no address printed: %q", out.String())
	}
	res, err := http.Get(base + "/debug/vars")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	var vars struct {
		Writer      store.WriterStats
		WriterQueue store.WriterQueue `json:"writer_queue"`
	}
	if err := json.Unmarshal(body, &vars); err != nil || vars.Writer != (store.WriterStats{Commits: 3, Events: 120}) ||
		!reflect.DeepEqual(vars.WriterQueue, queue) {
		t.Fatalf("/debug/vars: %s (%v)", body, err)
	}
}

// TestPprofRefusesOtherHostNames is issue 20 item 5 against the real binary: a page whose
// name resolves to 127.0.0.1 (DNS rebinding) could read the profiler through a visitor's
// browser, because the listener answered any Host. Only loopback hosts are answered now.
func TestPprofRefusesOtherHostNames(t *testing.T) {
	port := freePort(t)
	childServeOrSkip(t, t.TempDir(), "--pprof", fmt.Sprintf("127.0.0.1:%d", port))
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	p := fmt.Sprint(port)
	for host, want := range map[string]int{
		addr: 200, "localhost:" + p: 200, "LOCALHOST:" + p: 200, "[::1]:" + p: 200, "127.0.0.1": 200, "[::1]": 200,
		"evil.example:" + p: 403, "evil.example": 403, "127.0.0.1.nip.io:" + p: 403, "localhost.evil.example:" + p: 403,
		"192.168.1.2:" + p: 403, "[::ffff:8.8.8.8]:" + p: 403,
	} {
		req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/debug/pprof/cmdline", nil)
		req.Host = host
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("Host %q: %d, want %d", host, res.StatusCode, want)
		}
	}
}
