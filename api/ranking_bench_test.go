package api_test

// Benchmarks of feed ranking at arrival (issue 12): load_experiment for a new participant
// whose condition ranks a set of 1,000 cards, per algorithm, over the real router and a
// real SQLite file (httptest on 127.0.0.1; the client shares the process). Run with
//
//	go test ./api -run '^$' -bench BenchmarkLoadExperimentRanked -benchtime 200x
//	go test ./api -run '^$' -bench BenchmarkCustomScriptConcurrent -benchtime 1x
//
// Before timing, each study gets 100 participants with 10 likes each, so the algorithms
// that read the study's engagement (thompson_sampling, engagement observed) aggregate real
// events. b.N is the number of new participants; ns/op is one arrival.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"feedlab/api"
	"feedlab/params"
	"feedlab/store"
	"feedlab/study"
)

const rankedCards = 1000

// rankingScript is a realistic custom ranking: newest first within topic groups, the
// participant's preferred topic (an arrival parameter) first.
const rankingScript = `def rank(cards, participant):
    topic = participant["arrival"].get("topic", "science")
    return sorted(cards, key = lambda c: (c["covariates"]["topic"] != topic, c["retrieve_date"]), reverse = False)
`

var rankedAlgorithms = []struct {
	name, algorithm string
	settings        map[string]string
}{
	{"random", "random", nil},
	{"chronological", "chronological", nil},
	{"engagement_shown", "engagement", nil},
	{"engagement_observed", "engagement", map[string]string{"algorithm-mode": "observed"}},
	{"attitude", "attitude_filter_feed", map[string]string{"algorithm-covariate": "lean", "algorithm-mode": "balanced"}},
	{"priority", "priority", map[string]string{"algorithm-covariate": "topic", "algorithm-value": "science"}},
	{"thompson_sampling", "thompson_sampling", nil},
	{"preference", "preference", nil},
	{"custom", "custom", map[string]string{"algorithm-script": rankingScript}},
}

type rankEnv struct {
	url string
	st  *store.Store
}

func newRankEnv(b *testing.B) *rankEnv {
	b.Helper()
	st, err := store.Open(b.Context(), b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	topics := []string{"science", "health", "sport", "art"}
	ns := store.NewSet{Name: "bench_ranked", Category: "news", Columns: []string{"source_url", "filename", "retrieve_date", "entity_type", "headline", "topic", "lean"}}
	for i := range rankedCards {
		ns.Entities = append(ns.Entities, store.NewEntity{
			EntityURL: fmt.Sprintf("/img/x%d.png", i), SourceURL: "https://example.org/" + strconv.Itoa(i), Filename: "x.png",
			RetrieveDate: fmt.Sprintf("2026-%02d-%02d", i%12+1, i%28+1), EntityType: "image", Headline: "Headline " + strconv.Itoa(i),
			Covariates: map[string]string{"topic": topics[i%4], "lean": strconv.Itoa(i%5 - 2)},
		})
	}
	if err := st.CreateEntitySet(b.Context(), ns, nil); err != nil {
		b.Fatal(err)
	}
	hs := httptest.NewServer(api.New(api.Config{Store: st, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}).Handler())
	b.Cleanup(func() { hs.Close(); st.Close() })
	return &rankEnv{url: hs.URL, st: st}
}

func (e *rankEnv) study(b *testing.B, algorithm string, settings map[string]string) string {
	b.Helper()
	rows := []params.Row{
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"bench_ranked"}]`},
		{Condition: 1, Param: "algorithm", Value: algorithm},
		{Condition: 1, Param: "feed-button-like", Value: "lognormal"},
	}
	for k, v := range settings {
		rows = append(rows, params.Row{Condition: 1, Param: k, Value: v})
	}
	id, err := study.Create(b.Context(), e.st, rows, "")
	if err != nil {
		b.Fatal(err)
	}
	// History: 100 participants who each liked 10 cards.
	for p := range 100 {
		user := fmt.Sprintf("hist-%d", p)
		feed := e.load(b, id, user)
		for _, card := range feed[:10] {
			e.post(b, "/v1/write_user_engagement", map[string]any{"user_id": user, "experiment_id": id, "condition": 1,
				"event_id": user + "-" + card, "entity_id": card, "engagement_type": "likes", "response": 1})
		}
	}
	return id
}

func (e *rankEnv) post(b *testing.B, path string, body any) map[string]any {
	raw, _ := json.Marshal(body)
	res, err := http.Post(e.url+path, "application/json", bytes.NewReader(raw))
	if err != nil {
		b.Fatal(err)
	}
	defer res.Body.Close()
	var m map[string]any
	if err := json.NewDecoder(res.Body).Decode(&m); err != nil || m["success"] != "true" {
		b.Fatalf("%s: %d %v %v", path, res.StatusCode, m, err)
	}
	return m
}

func (e *rankEnv) load(b *testing.B, id, user string) []string {
	m := e.post(b, "/v1/load_experiment", map[string]any{"user_id": user, "experiment_id": id, "query_params": map[string]string{"attitude": "1", "topic": "art"}})
	var out []string
	for _, c := range m["data"].(map[string]any)["order_data"].([]any) {
		out = append(out, c.(map[string]any)["entity_id"].(string))
	}
	if len(out) != rankedCards {
		b.Fatalf("feed of %d cards, want %d", len(out), rankedCards)
	}
	return out
}

func BenchmarkLoadExperimentRanked(b *testing.B) {
	e := newRankEnv(b)
	for _, a := range rankedAlgorithms {
		b.Run(a.name, func(b *testing.B) {
			id := e.study(b, a.algorithm, a.settings)
			b.ResetTimer()
			for i := range b.N {
				e.load(b, id, fmt.Sprintf("new-%d", i))
			}
		})
	}
}

// BenchmarkCustomScriptConcurrent: 200 participants arrive at once at a custom-ranked
// condition of 1,000 cards; it reports the latency percentiles of their load_experiment.
func BenchmarkCustomScriptConcurrent(b *testing.B) {
	e := newRankEnv(b)
	for _, a := range []struct {
		name, algorithm string
		settings        map[string]string
	}{rankedAlgorithms[0], rankedAlgorithms[8]} {
		b.Run(a.name, func(b *testing.B) {
			id := e.study(b, a.algorithm, a.settings)
			const participants = 200
			var lat []time.Duration
			b.ResetTimer()
			for round := range b.N {
				var mu sync.Mutex
				var wg sync.WaitGroup
				start := make(chan struct{})
				for p := range participants {
					wg.Add(1)
					go func() {
						defer wg.Done()
						<-start
						t := time.Now()
						e.load(b, id, fmt.Sprintf("c%d-%d", round, p))
						d := time.Since(t)
						mu.Lock()
						lat = append(lat, d)
						mu.Unlock()
					}()
				}
				close(start)
				wg.Wait()
			}
			b.StopTimer()
			slices.Sort(lat)
			pct := func(q float64) float64 { return float64(lat[int(q*float64(len(lat)-1))].Microseconds()) / 1000 }
			b.ReportMetric(pct(0.5), "p50-ms")
			b.ReportMetric(pct(0.99), "p99-ms")
			b.ReportMetric(pct(1), "max-ms")
		})
	}
}
