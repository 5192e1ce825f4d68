package api_test

// Budgets of a whole participant (issue 28): the server CPU of one arrival at a 40-card
// study (≤ 2 ms) and of one dwell batch, through the real handler over a real SQLite file,
// with no network (the client's cost is not counted). Run with
//
//	go test ./api -run '^$' -bench 'BenchmarkArrival|BenchmarkDwellBatch' -benchtime 2000x
//
// cpu-ms/op is the process's CPU time (user + system) per operation, which includes
// the garbage collector and SQLite's work; ns/op is wall time.

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"feedlab/api"
	"feedlab/params"
	"feedlab/store"
	"feedlab/study"
)

const arrivalCards = 40

// newArrivalStudy is a server with an open two-condition study showing 40 cards, like
// counts and shares, with the built-in consent and instructions (the wizard's default), as
// a researcher's Prolific study would.
func newArrivalStudy(b *testing.B) (http.Handler, string) {
	b.Helper()
	st, err := store.Open(b.Context(), b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	ns := store.NewSet{Name: "bench_arrival", Category: "news", Columns: []string{"source_url", "filename", "retrieve_date", "entity_type", "headline", "topic"}}
	for i := range arrivalCards {
		ns.Entities = append(ns.Entities, store.NewEntity{
			EntityURL: fmt.Sprintf("https://example.org/img/%d.jpg", i), SourceURL: "https://example.org/" + strconv.Itoa(i), Filename: "x.jpg",
			RetrieveDate: "2026-01-02", EntityType: "image", Headline: "Headline number " + strconv.Itoa(i),
			Covariates: map[string]string{"topic": "t" + strconv.Itoa(i%5)},
		})
	}
	if err := st.CreateEntitySet(b.Context(), ns, nil); err != nil {
		b.Fatal(err)
	}
	var rows []params.Row
	for c := 1; c <= 2; c++ {
		rows = append(rows,
			params.Row{Condition: c, Param: "entity_sets", Value: `[{"entity_set":"bench_arrival","number_to_show":40,"randomize_between_subjects":"yes"}]`},
			params.Row{Condition: c, Param: "feed-button-like", Value: "lognormal"},
			params.Row{Condition: c, Param: "feed-button-share", Value: "yes"},
			params.Row{Condition: c, Param: "forms", Value: `["form"]`},
			params.Row{Condition: c, Param: "consent", Value: "default"},
			params.Row{Condition: c, Param: "instruct", Value: "default"},
			params.Row{Condition: c, Param: "platform", Value: "prolific"},
			params.Row{Condition: c, Param: "redirect-url", Value: "https://app.prolific.com/submissions/complete?cc=C1A2B3"},
		)
	}
	rows = append(rows, params.Row{Condition: 1, Param: "n-conditions", Value: "2"})
	id, err := study.Create(b.Context(), st, rows, "")
	if err != nil {
		b.Fatal(err)
	}
	srv := api.New(api.Config{Store: st, ArrivalsPerMinute: 1 << 30, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	b.Cleanup(func() { st.Close() })
	return srv.Handler(), id
}

// call posts body to path through h and fails the benchmark on anything but 200.
func call(b *testing.B, h http.Handler, path, body string) []byte {
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.RemoteAddr = "127.0.0.1:4000"
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		b.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
	}
	return rec.Body.Bytes()
}

func arrive(b *testing.B, h http.Handler, id, user string) []string {
	raw := call(b, h, "/v1/load_experiment", fmt.Sprintf(`{"user_id":%q,"experiment_id":%q,"query_params":{"PROLIFIC_PID":%q,"STUDY_ID":"s1"}}`, user, id, user))
	var answer struct {
		Data struct {
			OrderData []struct {
				EntityID string `json:"entity_id"`
			} `json:"order_data"`
		} `json:"data"`
	}
	if err := json.Unmarshal(raw, &answer); err != nil {
		b.Fatal(err)
	}
	if len(answer.Data.OrderData) != arrivalCards {
		b.Fatalf("feed of %d cards, want %d", len(answer.Data.OrderData), arrivalCards)
	}
	out := make([]string, arrivalCards)
	for i, c := range answer.Data.OrderData {
		out[i] = c.EntityID
	}
	return out
}

func reportCPU(b *testing.B, cpu0 time.Duration) {
	b.ReportMetric(float64(processCPU()-cpu0)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// BenchmarkArrival: one new participant's load_experiment at a 40-card study.
func BenchmarkArrival(b *testing.B) {
	h, id := newArrivalStudy(b)
	arrive(b, h, id, "warm")
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := processCPU()
	for i := range b.N {
		arrive(b, h, id, "p"+strconv.Itoa(i))
	}
	reportCPU(b, cpu0)
}

// BenchmarkDwellBatch: one write_batch_dwell of 10 visits, as the feed sends every 10 cards.
func BenchmarkDwellBatch(b *testing.B) {
	h, id := newArrivalStudy(b)
	const perParticipant = arrivalCards / 10
	users := (b.N + perParticipant - 1) / perParticipant
	feeds := make([][]string, users)
	for u := range users {
		feeds[u] = arrive(b, h, id, "d"+strconv.Itoa(u))
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := processCPU()
	for i := range b.N {
		u, k := i/perParticipant, i%perParticipant
		var body strings.Builder
		fmt.Fprintf(&body, `{"user_id":"d%d","experiment_id":%q,"event_id":"d%d-%d","dwell_data":[`, u, id, u, k)
		for j, e := range feeds[u][k*10 : k*10+10] {
			if j > 0 {
				body.WriteByte(',')
			}
			fmt.Fprintf(&body, `{"idx":%d,"entity_id":%q,"dwells":1,"dwellTimes":[%d],"dwellsInviewTime":[1764000000000]}`, k*10+j, e, 900+j)
		}
		body.WriteString("]}")
		call(b, h, "/v1/write_batch_dwell", body.String())
	}
	reportCPU(b, cpu0)
}
