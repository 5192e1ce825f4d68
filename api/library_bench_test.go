package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"feedlab/media"
)

// benchImage is a deterministic, distinct "image" of size bytes for seed: a PNG signature
// and then pseudo-random bytes, produced as a stream so the load generator holds none of
// the 500 files in memory.
func benchImage(seed uint64, size int64) io.Reader {
	rng := rand.New(rand.NewPCG(seed, 7))
	rest := io.LimitReader(readerFunc(func(p []byte) (int, error) {
		for i := range p {
			p[i] = byte(rng.Uint32())
		}
		return len(p), nil
	}), size-8)
	return io.MultiReader(bytes.NewReader([]byte("\x89PNG\r\n\x1a\n")), rest)
}

type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

// BenchmarkHostedUpload500 is the hosted upload of a 500-image set as the page does it:
// ask which files are stored, PUT each (3 at a time, as the page), then create the set.
// It reports throughput and the heap's peak growth over the run (the server and the load
// generator share the process, so this bounds the server's share from above).
//
//	go test ./api/ -run '^$' -bench HostedUpload500 -benchtime 1x
func BenchmarkHostedUpload500(b *testing.B) {
	const files, size = 500, 200 << 10
	sums := make([]string, files)
	for i := range files {
		h := sha256.New()
		io.Copy(h, benchImage(uint64(i), size))
		sums[i] = hex.EncodeToString(h.Sum(nil))
	}
	for n := 0; n < b.N; n++ {
		b.StopTimer()
		e := newEnv(b)
		c := e.researcher()
		stopWatch := watchHeap(10 * time.Millisecond)
		b.StartTimer()
		start := time.Now()

		if r := e.call(c, http.MethodPost, "/v1/media/stored", map[string]any{"sha256": sums}, "application/json"); r.status != 200 {
			b.Fatalf("stored: %d %s", r.status, r.body)
		}
		names := make([]string, files)
		next := atomic.Int64{}
		var wg sync.WaitGroup
		for range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := int(next.Add(1) - 1); i < files; i = int(next.Add(1) - 1) {
					req, _ := http.NewRequest(http.MethodPut, e.srv.URL+"/v1/media/"+sums[i], benchImage(uint64(i), size))
					req.ContentLength = size
					res, err := c.Do(req)
					if err != nil {
						b.Error(err)
						return
					}
					io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if res.StatusCode != 200 {
						b.Errorf("put %d: %d", i, res.StatusCode)
						return
					}
					names[i] = sums[i] + ".png"
				}
			}()
		}
		wg.Wait()
		fileMap := map[string]string{}
		rows := make([]string, files)
		for i := range files {
			rows[i] = fmt.Sprintf("img/%03d.png", i)
			fileMap[rows[i]] = names[i]
		}
		if r := e.hostedSet(c, "bench", fileMap, rows...); r.status != 200 {
			b.Fatalf("set: %d %s", r.status, r.body)
		}
		elapsed := time.Since(start)
		b.StopTimer()
		grew := stopWatch()
		b.ReportMetric(float64(files*size)/(1<<20)/elapsed.Seconds(), "MB/s")
		b.ReportMetric(float64(files)/elapsed.Seconds(), "files/s")
		b.ReportMetric(float64(grew)/(1<<20), "heap-peak-MB")

		// The same files written straight into a media store in the same run (hash, sniff,
		// fsync, rename; no HTTP, no database): the floor the upload is compared with.
		direct, err := media.Open(b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		t0 := time.Now()
		for i := range files {
			if _, err := direct.Put(benchImage(uint64(i), size), size); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(files*size)/(1<<20)/time.Since(t0).Seconds(), "direct-MB/s")
		b.StartTimer()
	}
}
