package api

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"feedlab/alert"
	"feedlab/demo"
	"feedlab/diskspace"
	"feedlab/store"
)

// lowDisk is a checker whose floor is the whole disk: always below it, the way the tests
// simulate a full disk without filling one.
func lowDisk(t testing.TB) *diskspace.Checker {
	return diskspace.New(t.TempDir(), diskspace.Floor{Percent: 100})
}

// sameStore starts a second server over e's database and media with cfg adjusted.
func (e *testEnv) sameStore(adjust func(*Config)) *httptest.Server {
	cfg := Config{Store: e.store, Media: e.media, Frontend: testFrontend}
	adjust(&cfg)
	srv := httptest.NewServer(New(cfg).Handler())
	e.t.Cleanup(srv.Close)
	return srv
}

// on sends the request to another server of the same store.
func (e *testEnv) on(srv *httptest.Server, f func() response) response {
	saved := e.srv
	e.srv = srv
	defer func() { e.srv = saved }()
	return f()
}

// TestNewArrivalsAreTurnedAwayWhileTheDiskIsLow: below the free-space floor a new
// participant gets 503 study_full with the participant page's sentence and nothing is
// registered; a participant already in reloads the feed and has events acknowledged and
// stored; the study page lists the low_disk alert, logged once however many arrivals.
func TestNewArrivalsAreTurnedAwayWhileTheDiskIsLow(t *testing.T) {
	e := newEnv(t)
	ids := e.load("already-in")
	var logs bytes.Buffer
	board := alert.New(slog.New(slog.NewTextHandler(&logs, nil)))
	low := e.sameStore(func(c *Config) {
		c.Disk = lowDisk(t)
		c.Alerts = board
		c.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	})
	c := e.researcher()
	arrived := func() float64 {
		t.Helper()
		var n float64
		r := e.call(c, http.MethodGet, "/v1/studies", nil, "")
		for _, st := range r.json["data"].(map[string]any)["studies"].([]any) {
			n += st.(map[string]any)["arrived"].(float64)
		}
		return n
	}
	before := arrived()

	for i := range 20 {
		r := e.on(low, func() response {
			return e.post("/v1/load_experiment", map[string]any{"user_id": "new" + string(rune('a'+i)), "experiment_id": demo.ExperimentID})
		})
		if r.status != 503 || errorCode(r) != "study_full" || r.json["error"].(map[string]any)["message"] != "This study is full right now. Please try again later." {
			t.Fatalf("a new arrival on a low disk: %d %s", r.status, truncate(string(r.body), 300))
		}
	}
	if n := arrived(); n != before {
		t.Errorf("participants %v → %v: a refused arrival was registered", before, n)
	}
	// The participant already in can finish.
	r := e.on(low, func() response {
		return e.post("/v1/load_experiment", map[string]any{"user_id": "already-in", "experiment_id": demo.ExperimentID})
	})
	if r.status != 200 {
		t.Fatalf("a returning participant on a low disk: %d %s", r.status, r.body)
	}
	r = e.on(low, func() response {
		return e.post("/v1/write_user_engagement", map[string]any{"user_id": "already-in", "experiment_id": demo.ExperimentID,
			"event_id": "like-1", "entity_id": ids[0], "engagement_type": "likes", "response": "1"})
	})
	if r.status != 200 || r.json["data"].(map[string]any)["stored"] != float64(1) {
		t.Fatalf("an event of a participant already in: %d %s", r.status, r.body)
	}
	stored := 0
	e.store.EachEngagement(t.Context(), demo.ExperimentID, func(g store.EngagementRow) error {
		if g.EventID == "like-1" {
			stored++
		}
		return nil
	})
	if stored != 1 {
		t.Fatalf("the acknowledged event: %d rows stored", stored)
	}
	// The study page shows why.
	r = e.on(low, func() response {
		return e.call(c, http.MethodGet, "/v1/studies/"+demo.ExperimentID+"/dashboard", nil, "")
	})
	if r.status != 200 || !strings.Contains(string(r.body), `"kind":"low_disk"`) || !strings.Contains(string(r.body), "free, floor") {
		t.Fatalf("dashboard on a low disk: %d %s", r.status, r.body)
	}
	if n := strings.Count(logs.String(), "kind=low_disk"); n != 1 {
		t.Errorf("the low disk was logged %d times, want once:\n%s", n, logs.String())
	}
	if strings.Contains(logs.String(), "request failed") {
		t.Errorf("each refused arrival was logged:\n%s", logs.String())
	}
}

// TestLowDiskAlertClearsWhenSpaceIsFreed: the alert stays while the disk is low and goes
// once it is not, so the study page does not show a problem that is over.
func TestLowDiskAlertClearsWhenSpaceIsFreed(t *testing.T) {
	board := alert.New(slog.New(slog.NewTextHandler(io.Discard, nil)))
	s := New(Config{Alerts: board, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	s.noteDisk(diskspace.Reading{Free: 10, Total: 100, Floor: 50})
	if got := board.For("fl-any"); len(got) != 1 || got[0].Kind != alert.LowDisk || got[0].Detail != "10 bytes free, floor 50 bytes" {
		t.Fatalf("low: %+v", got)
	}
	s.noteDisk(diskspace.Reading{Err: io.EOF}) // an unreadable disk says nothing either way
	if len(board.For("fl-any")) != 1 {
		t.Fatal("an unreadable reading cleared the alert")
	}
	s.noteDisk(diskspace.Reading{Free: 90, Total: 100, Floor: 50})
	if got := board.For("fl-any"); len(got) != 0 {
		t.Fatalf("recovered: %+v", got)
	}
}
