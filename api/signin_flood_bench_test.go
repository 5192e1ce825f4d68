package api_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkParticipantsDuringSignInFlood measures what a sign-in flood costs participants
// (issue 13, item 2): 200 participants send engagements as fast as they are acknowledged
// for a fixed time, against the real binary, once alone and once while a flood of sign-ins
// with made-up names (100 a second, three times the attack's rate) arrives from ever new addresses (the worst case: the per-address and
// per-account throttles never trigger, only the hashing slots and the appliance-wide
// throttle hold). It reports participant events/s for both and their ratio. The binary
// runs --behind-proxy so each sign-in can claim its own client address.
//
//	go test ./api -run '^$' -bench BenchmarkParticipantsDuringSignInFlood -benchtime 1x
func BenchmarkParticipantsDuringSignInFlood(b *testing.B) {
	env := newBinaryIngest(b, "--behind-proxy")
	env.register(b, 200)
	// Phases alternate (alone, flood, alone, flood, ...) so that other work on a shared
	// machine disturbs both alike.
	const phase, rounds = 4 * time.Second, 3
	var alone, flooded float64
	var hashed, refused atomic.Int64
	for range b.N {
		for range rounds {
			alone += env.throughput(b, phase, nil)
			flooded += env.throughput(b, phase, func(stop <-chan struct{}) { env.flood(stop, 100, &hashed, &refused) })
		}
	}
	n := float64(b.N * rounds)
	b.ReportMetric(alone/n, "events/s-alone")
	b.ReportMetric(flooded/n, "events/s-flood")
	b.ReportMetric(flooded/alone, "ratio")
	b.ReportMetric(float64(hashed.Load())/(n*phase.Seconds()), "signins-checked/s")
	b.ReportMetric(float64(refused.Load())/(n*phase.Seconds()), "signins-refused/s")
}

// throughput runs every participant closed-loop for d (with background running beside
// them, when given) and answers acknowledged events per second.
func (e *ingestEnv) throughput(b *testing.B, d time.Duration, background func(stop <-chan struct{})) float64 {
	stop := make(chan struct{})
	var bg sync.WaitGroup
	if background != nil {
		bg.Add(1)
		go func() { defer bg.Done(); background(stop) }()
	}
	run := e.runs.Add(1)
	var acked atomic.Int64
	var failed atomic.Value
	var wg sync.WaitGroup
	deadline := time.Now().Add(d)
	for _, p := range e.participants {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []byte
			for j := 0; time.Now().Before(deadline); j++ {
				buf = appendEngagement(buf[:0], p.userID, p.entities[j%len(p.entities)], run, j)
				if err := e.send(buf); err != nil {
					failed.Store(err)
					return
				}
				acked.Add(1)
			}
		}()
	}
	wg.Wait()
	close(stop)
	bg.Wait()
	if err, _ := failed.Load().(error); err != nil {
		b.Fatal(err)
	}
	return float64(acked.Load()) / d.Seconds()
}

// flood sends sign-ins with made-up names at rate a second, each from a new address,
// until stop; it counts those that reached a password check (401) and those refused
// before it (429).
func (e *ingestEnv) flood(stop <-chan struct{}, rate int, hashed, refused *atomic.Int64) {
	tick := time.NewTicker(time.Second / time.Duration(rate))
	defer tick.Stop()
	client := &http.Client{Timeout: 10 * time.Second}
	var wg sync.WaitGroup
	defer wg.Wait()
	for i := 0; ; i++ {
		select {
		case <-stop:
			return
		case <-tick.C:
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := fmt.Sprintf(`{"name":"guess-%d","password":"not the password"}`, i)
			req, _ := http.NewRequest(http.MethodPost, e.url+"/v1/auth/login", bytes.NewReader([]byte(body)))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255))
			res, err := client.Do(req)
			if err != nil {
				return
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			switch res.StatusCode {
			case http.StatusUnauthorized:
				hashed.Add(1)
			case http.StatusTooManyRequests:
				refused.Add(1)
			}
		}()
	}
}
