package api

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestProxyClientIsWhatTheProxyAppended is issue 20 item 5: behind a proxy that adds its
// own X-Forwarded-For line (HAProxy) instead of extending the client's, feedlab read the
// first line, so every request chose its own address (400 of 400 arrivals admitted against
// a limit of 200). The address is now the last entry of the last line: 400 arrivals with
// made-up first lines are one client. A connection from another machine is logged once.
func TestProxyClientIsWhatTheProxyAppended(t *testing.T) {
	e := newEnv(t)
	var logs bytes.Buffer
	s := New(Config{Store: e.store, Media: e.media, Frontend: testFrontend, BehindProxy: true,
		Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	stopped := time.Now()
	s.now = func() time.Time { return stopped }
	h := s.Handler()
	send := func(peer string, xff ...string) int {
		req := httptest.NewRequest(http.MethodPost, "/v1/load_experiment", strings.NewReader(fmt.Sprintf(`{"user_id":"p%d","experiment_id":"solarflare"}`, time.Now().UnixNano())))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = peer
		for _, line := range xff {
			req.Header.Add("X-Forwarded-For", line)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w.Code
	}
	admitted := 0
	for i := 0; i < 400; i++ {
		if send("127.0.0.1:40000", fmt.Sprintf("10.8.0.1, 10.9.%d.%d", i/250, i%250+1), "203.0.113.50") == 200 {
			admitted++
		}
	}
	if admitted != DefaultArrivalsPerMinute {
		t.Errorf("%d of 400 arrivals admitted; one client may register %d a minute", admitted, DefaultArrivalsPerMinute)
	}
	if send("127.0.0.1:40000", "203.0.113.51") != 200 {
		t.Error("another client behind the proxy was refused")
	}
	if strings.Contains(logs.String(), "behind-proxy") {
		t.Errorf("a loopback peer was warned about: %s", logs.String())
	}
	send("192.0.2.7:5000", "203.0.113.52")
	send("192.0.2.8:5000", "203.0.113.53")
	if n := strings.Count(logs.String(), "another machine"); n != 1 {
		t.Errorf("%d warnings about peers on other machines, want 1:\n%s", n, logs.String())
	}
}
