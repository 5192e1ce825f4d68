package export_test

// Benchmark of a download through the download page's path: POST /v1/dump_data over HTTP
// to the real server (router, sign-in check, access check, streaming handler), the body
// read to the end as the browser does. Same seeded study as BenchmarkExportEngagementCSV
// (solarflare, 1,000 participants, 100,000 or 1,000,000 engagement rows). Run it with
//
//	go test ./export -run '^$' -bench BenchmarkDumpDataHTTP -benchtime 3x -timeout 60m
//
// The server runs in this process, so the heap sampler sees the server's memory: the peak
// HeapInuse during the download and its growth over the heap before it (flat memory means
// they stay the same from 100k to 1M rows). The exposures and participants downloads of
// the same data run beside it, to show the derived exports' cost.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"testing"

	"feedlab/api"
	"feedlab/auth"
	"feedlab/demo"
	"feedlab/frontend"
	"feedlab/media"
	"feedlab/store"
)

func BenchmarkDumpDataHTTP(b *testing.B) {
	for _, rows := range []int{100_000, 1_000_000} {
		for _, typ := range []string{"engagement", "exposures", "participants"} {
			b.Run(fmt.Sprintf("rows=%d/type=%s", rows, typ), func(b *testing.B) {
				if rows > 100_000 && testing.Short() {
					b.Skip("-short: the 1,000,000-row study is skipped")
				}
				benchDumpData(b, rows, typ)
			})
		}
	}
}

func benchDumpData(b *testing.B, rows int, typ string) {
	ctx := context.Background()
	dir := seededExportDir(b, rows)
	st, err := store.Open(ctx, dir)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	ms, err := media.Open(filepath.Join(dir, "media"))
	if err != nil {
		b.Fatal(err)
	}
	hash, _ := auth.HashPassword("benchmark password")
	_, _ = st.CreateResearcher(ctx, "bench", hash) // already there on a reused database
	srv := httptest.NewServer(api.New(api.Config{Store: st, Media: ms, Frontend: frontend.Dist()}).Handler())
	defer srv.Close()
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	post := func(path string, body any) *http.Response {
		raw, _ := json.Marshal(body)
		res, err := client.Post(srv.URL+path, "application/json", bytes.NewReader(raw))
		if err != nil {
			b.Fatal(err)
		}
		return res
	}
	if res := post("/v1/auth/login", map[string]string{"name": "bench", "password": "benchmark password"}); res.StatusCode != 200 {
		b.Fatalf("login: %d", res.StatusCode)
	}
	var peak, growth uint64
	var bytesOut int64
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		sampler := startHeapSampler()
		out := &countingWriter{}
		b.StartTimer()
		res := post("/v1/dump_data", map[string]any{"data_type": typ, "experiment_id": demo.ExperimentID, "idName": demo.ExperimentID})
		_, err := io.Copy(out, res.Body)
		res.Body.Close()
		b.StopTimer()
		maxInuse, _ := sampler.stop()
		if err != nil || res.StatusCode != 200 {
			b.Fatalf("dump_data: %d %v", res.StatusCode, err)
		}
		if typ == "engagement" && out.lines != int64(rows)+1 {
			b.Fatalf("download has %d lines, want %d rows and a header", out.lines, rows)
		}
		peak = max(peak, maxInuse)
		growth = max(growth, maxInuse-min(maxInuse, before.HeapInuse))
		bytesOut = out.bytes
		b.StartTimer()
	}
	b.StopTimer()
	secs := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(secs, "s/download")
	b.ReportMetric(float64(bytesOut)/1e6/secs, "MB/s")
	b.ReportMetric(float64(bytesOut)/1e6, "csv-MB")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
	b.ReportMetric(float64(growth)/(1<<20), "heap-growth-MiB")
}
