package cli

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestServeBehindProxyKeysOnTheAddressTheProxyAppended is issue 20 item 5 against the real
// binary: a proxy that appends its own X-Forwarded-For line (HAProxy) let each request pick
// its address with a made-up first line, and 400 of 400 arrivals were admitted against a
// limit of 200 a minute. Now they count as the one client the proxy named.
func TestServeBehindProxyKeysOnTheAddressTheProxyAppended(t *testing.T) {
	c := childServeOrSkip(t, t.TempDir(), "--behind-proxy")
	start := time.Now()
	admitted := 0
	for i := 0; i < 400; i++ {
		req, _ := http.NewRequest(http.MethodPost, c.base+"/v1/load_experiment",
			strings.NewReader(fmt.Sprintf(`{"user_id":"p%d","experiment_id":"solarflare"}`, i)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Add("X-Forwarded-For", fmt.Sprintf("10.9.%d.%d", i/250, i%250+1)) // the client's invention
		req.Header.Add("X-Forwarded-For", "203.0.113.50")                            // the proxy's line
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode == 200 {
			admitted++
		} else if res.StatusCode != 429 {
			t.Fatalf("arrival %d: %d", i, res.StatusCode)
		}
	}
	// 200 at once, then 200 a minute refill while the test runs.
	limit := 200 + int(time.Since(start).Seconds()*200/60) + 1
	if admitted < 200 || admitted > limit {
		t.Errorf("%d of 400 arrivals admitted from one client behind the proxy; the limit is %d", admitted, limit)
	}
}
