package cli

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"feedlab/store"
)

// TestPprofServesTheWriterCounts: /debug/vars beside the profiler answers the event
// writer's counts, which tools/loadgen reads for its events per commit.
func TestPprofServesTheWriterCounts(t *testing.T) {
	var out strings.Builder
	stop, err := servePprof("127.0.0.1:0", &out, func() store.WriterStats { return store.WriterStats{Commits: 3, Events: 120} })
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
	var vars struct{ Writer store.WriterStats }
	if err := json.Unmarshal(body, &vars); err != nil || vars.Writer != (store.WriterStats{Commits: 3, Events: 120}) {
		t.Fatalf("/debug/vars: %s (%v)", body, err)
	}
}
