package api_test

// Benchmarks of the live dashboard (issue 10, quality bar; BENCHMARKS.md):
//
//	go test ./api -run '^$' -bench 'DashboardRefresh' -benchtime 200x
//	go test ./api -run '^$' -bench 'IngestWithDashboard' -benchtime 20000x -count 3
//
// BenchmarkDashboardRefresh builds, once, a study of 10,000 participants and 1,000,000
// engagement rows (bulk SQL inserts, then the counters filled as migration 0004 does) and
// measures one dashboard refresh and one participant-table page through the real handler
// (session check included), without the network.
//
// BenchmarkIngestWithDashboard is the ingestion benchmark's closed loop (1,000 participants
// sending engagements as fast as they are acknowledged) without and with 10 researchers
// polling the dashboard every 2 seconds, run side by side in one process so the machine's
// other load disturbs both alike.

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"feedlab/api"
	"feedlab/auth"
	"feedlab/demo"
	"feedlab/media"
	"feedlab/store"
)

const (
	benchParticipants = 10_000
	benchEvents       = 1_000_000
)

// newDashboardServer is a server over a fresh data directory with the demo study and a
// researcher "bench" (password "a long enough password").
func newDashboardServer(b *testing.B) (*store.Store, http.Handler) {
	ctx := context.Background()
	dir := b.TempDir()
	st, err := store.Open(ctx, dir)
	if err != nil {
		b.Fatal(err)
	}
	ms, err := media.Open(filepath.Join(dir, "media"))
	if err != nil {
		b.Fatal(err)
	}
	if err := demo.Ensure(ctx, st, ms); err != nil {
		b.Fatal(err)
	}
	hash, _ := auth.HashPassword("a long enough password")
	if _, err := st.CreateResearcher(ctx, "bench", hash); err != nil {
		b.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	front := fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>feedlab</title>")}}
	h := api.New(api.Config{Store: st, Media: ms, Frontend: front, Logger: quiet}).Handler()
	b.Cleanup(func() { st.Close() })
	return st, h
}

// bulkFill inserts n participants of the demo study (half per condition, staggered over a
// week, 70% completed, the rest spread over the stages) and events engagement rows among
// them, then fills the dashboard counters as migration 0004 does.
func bulkFill(b *testing.B, path string, n, events int) {
	conn, err := sql.Open("sqlite", "file:"+filepath.ToSlash(path)+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)")
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	now := time.Now().UnixMilli()
	stmts := []string{
		fmt.Sprintf(`INSERT INTO participants (experiment_id, user_id, condition, seed, platform_ids, started_at,
			completed_at, completion_code, stage, last_seen_at)
		WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < %[1]d)
		SELECT 'solarflare', 'bench' || i, 1 + i %% 2, i, '{"PROLIFIC_PID":"pid' || i || '"}',
		       %[2]d - (%[1]d - i) * 60000,
		       CASE WHEN i %% 10 < 7 THEN %[2]d - (%[1]d - i) * 60000 + 300000 + (i %% 97) * 10000 END,
		       CASE WHEN i %% 10 < 7 THEN 'CODE' || i ELSE '' END,
		       CASE WHEN i %% 10 < 7 THEN 'completed' ELSE
		           CASE i %% 5 WHEN 0 THEN 'arrived' WHEN 1 THEN 'consented' WHEN 2 THEN 'feed'
		                       WHEN 3 THEN 'submitted' ELSE 'questionnaires' END END,
		       %[2]d - (%[1]d - i) * 60000 + 300000
		FROM k`, n, now),
		fmt.Sprintf(`INSERT INTO engagements (event_id, participant_id, entity_id, engagement_type, response, received_at)
		WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < %[1]d)
		SELECT 'e' || i,
		       (SELECT min(participant_id) FROM participants WHERE user_id LIKE 'bench%%') + i %% %[2]d,
		       (SELECT min(entity_id) FROM entities),
		       CASE i %% 4 WHEN 0 THEN 'dwell' WHEN 1 THEN 'likes' WHEN 2 THEN 'shares' ELSE 'read_later' END,
		       CASE i %% 4 WHEN 0 THEN CAST(i %% 5000 AS TEXT) ELSE '1' END,
		       %[3]d - i
		FROM k`, events, n, now),
		`DELETE FROM dashboard_engagements`,
		`INSERT INTO dashboard_engagements (experiment_id, condition, engagement_type, n, value_sum)
		SELECT p.experiment_id, p.condition, g.engagement_type, count(*),
		       CASE WHEN g.engagement_type = 'dwell' THEN coalesce(sum(CAST(g.response AS INTEGER)), 0) ELSE 0 END
		FROM engagements g JOIN participants p ON p.participant_id = g.participant_id
		WHERE p.is_test = 0
		GROUP BY p.experiment_id, p.condition, g.engagement_type`,
		`DELETE FROM dashboard_funnel`,
		`INSERT INTO dashboard_funnel (experiment_id, condition, stage, n)
		SELECT experiment_id, condition, stage, count(*) FROM participants WHERE is_test = 0
		GROUP BY experiment_id, condition, stage`,
		`DELETE FROM dashboard_slots`,
		`INSERT INTO dashboard_slots (experiment_id, width_ms, slot, arrivals)
		SELECT experiment_id, w.width, started_at / w.width, count(*)
		FROM participants, (SELECT 60000 AS width UNION ALL SELECT 3600000) w
		WHERE is_test = 0
		GROUP BY experiment_id, w.width, started_at / w.width`,
		`INSERT INTO dashboard_slots (experiment_id, width_ms, slot, completions)
		SELECT experiment_id, w.width, completed_at / w.width, count(*)
		FROM participants, (SELECT 60000 AS width UNION ALL SELECT 3600000) w
		WHERE is_test = 0 AND completed_at IS NOT NULL
		GROUP BY experiment_id, w.width, completed_at / w.width
		ON CONFLICT (experiment_id, width_ms, slot) DO UPDATE SET completions = excluded.completions`,
		`DELETE FROM dashboard_durations`,
		`INSERT INTO dashboard_durations (experiment_id, bin, n)
		SELECT experiment_id, CAST(floor(ln(max(completed_at - started_at, 1)) / ln(1.02)) AS INTEGER) AS bin, count(*)
		FROM participants WHERE is_test = 0 AND completed_at IS NOT NULL
		GROUP BY experiment_id, bin`,
		`ANALYZE`,
	}
	for _, s := range stmts {
		if _, err := conn.Exec(s); err != nil {
			b.Fatalf("bulk fill: %v\n%s", err, s)
		}
	}
}

// signedIn returns a session cookie of researcher "bench" from handler h.
func signedIn(b *testing.B, h http.Handler) *http.Cookie {
	req := httptest.NewRequest(http.MethodPost, "/v1/auth/login", strings.NewReader(`{"name":"bench","password":"a long enough password"}`))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 200 || len(rec.Result().Cookies()) == 0 {
		b.Fatalf("login: %d %s", rec.Code, rec.Body)
	}
	return rec.Result().Cookies()[0]
}

// processCPU is the CPU time (user + system) this process used so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkDashboardRefresh(b *testing.B) {
	st, h := newDashboardServer(b)
	start := time.Now()
	bulkFill(b, st.Path(), benchParticipants, benchEvents)
	b.Logf("built %d participants and %d events in %v", benchParticipants, benchEvents, time.Since(start).Round(time.Millisecond))
	cookie := signedIn(b, h)
	for _, c := range []struct{ name, path string }{
		{"dashboard", "/v1/studies/solarflare/dashboard"},
		{"participants-page", "/v1/studies/solarflare/participants?limit=50"},
		{"participants-filtered", "/v1/studies/solarflare/participants?limit=50&stage=dropped&condition=2"},
		{"participants-search", "/v1/studies/solarflare/participants?limit=50&q=pid99"},
	} {
		b.Run(c.name, func(b *testing.B) {
			cpu0 := processCPU()
			for b.Loop() {
				req := httptest.NewRequest(http.MethodGet, c.path, nil)
				req.AddCookie(cookie)
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != 200 {
					b.Fatalf("%s: %d %s", c.path, rec.Code, rec.Body)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000, "ms/refresh")
			// CPU time is what the refresh costs the server; wall time also counts waiting
			// for the cores the machine's other work holds.
			b.ReportMetric(float64((processCPU()-cpu0).Microseconds())/float64(b.N)/1000, "cpu-ms/refresh")
		})
	}
}

// newPolledIngest is the in-process ingestion server with a researcher account, so
// pollers can sign in.
func newPolledIngest(b *testing.B) (*ingestEnv, *http.Cookie) {
	st, h := newDashboardServer(b)
	srv := httptest.NewServer(h)
	b.Cleanup(srv.Close)
	return &ingestEnv{url: srv.URL, client: newIngestClient(b), rows: openRowCounter(b, st.Path())}, signedIn(b, h)
}

// poll starts n researchers each refreshing the dashboard every interval until stop is
// closed; the returned function waits for them and answers how many refreshes ran.
func poll(b *testing.B, url string, cookie *http.Cookie, n int, interval time.Duration, stop chan struct{}) func() int {
	var wg sync.WaitGroup
	var mu sync.Mutex
	total := 0
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			jar, _ := cookiejar.New(nil)
			c := &http.Client{Jar: jar}
			// Staggered, as researchers open the page at different moments.
			t := time.NewTimer(interval * time.Duration(i) / time.Duration(n))
			for {
				select {
				case <-stop:
					return
				case <-t.C:
				}
				req, _ := http.NewRequest(http.MethodGet, url+"/v1/studies/solarflare/dashboard", nil)
				req.AddCookie(cookie)
				if res, err := c.Do(req); err == nil {
					io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if res.StatusCode != 200 {
						b.Errorf("dashboard: %d", res.StatusCode)
					}
					mu.Lock()
					total++
					mu.Unlock()
				}
				t.Reset(interval)
			}
		}()
	}
	return func() int { wg.Wait(); return total }
}

func BenchmarkIngestWithDashboard(b *testing.B) {
	env, cookie := newPolledIngest(b)
	env.register(b, ingestParticipants)
	for _, pollers := range []int{0, 10} {
		b.Run(fmt.Sprintf("pollers=%d", pollers), func(b *testing.B) {
			stop := make(chan struct{})
			wait := poll(b, env.url, cookie, pollers, 2*time.Second, stop)
			env.run(b, 0)
			close(stop)
			b.ReportMetric(float64(wait()), "refreshes")
		})
	}
}
