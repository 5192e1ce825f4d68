package api

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

// newEnvWith is newEnv with the server's Config adjusted and its clock stopped (limits
// refill with time; a stopped clock makes their counts exact).
func newEnvWith(t testing.TB, adjust func(*Config)) *testEnv {
	e := newEnv(t)
	cfg := Config{Store: e.store, Media: e.media, Frontend: testFrontend}
	adjust(&cfg)
	e.srv.Close()
	s := New(cfg)
	stopped := time.Now()
	s.now = func() time.Time { return stopped }
	e.srv = httptest.NewServer(s.Handler())
	e.server = s
	t.Cleanup(e.srv.Close)
	return e
}

func participantCount(t testing.TB, e *testEnv) int64 {
	t.Helper()
	n, _, err := e.store.Analytics(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	_ = n
	var count int64
	r := e.call(e.researcher(), http.MethodGet, "/v1/studies", nil, "")
	for _, s := range r.json["data"].(map[string]any)["studies"].([]any) {
		count += int64(s.(map[string]any)["arrived"].(float64))
	}
	return count
}

// TestArrivalParametersAreBounded: one registration stores at most 30 parameters and 8 KB
// of them; beyond, the arrival is refused with a message saying what to change, and no
// participant is stored. (One client stored 750 MB of URL parameters in 10 s.)
func TestArrivalParametersAreBounded(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	load := func(user string, q url.Values) response {
		q.Set("user_id", user)
		q.Set("experiment_id", "solarflare")
		return e.call(nil, http.MethodGet, "/v1/load_experiment?"+q.Encode(), nil, "")
	}
	many := url.Values{}
	for i := 0; i <= maxQueryParams; i++ {
		many.Set(fmt.Sprintf("p%d", i), "x")
	}
	if r := load("many", many); r.status != 400 || !strings.Contains(r.json["error"].(map[string]any)["message"].(string), "at most 30") {
		t.Errorf("31 parameters: %d %s", r.status, r.body)
	}
	big := url.Values{}
	for i := 0; i < 5; i++ {
		big.Set(fmt.Sprintf("b%d", i), strings.Repeat("v", maxQueryParamValue))
	}
	if r := load("big", big); r.status != 400 || !strings.Contains(string(r.body), "8192") {
		t.Errorf("10 KB of parameters: %d %s", r.status, r.body)
	}
	if r := e.post("/v1/load_experiment", map[string]any{"user_id": "bigpost", "experiment_id": "solarflare", "query_params": map[string]string{"a": strings.Repeat("v", 3000)}}); r.status != 400 {
		t.Errorf("a 3000-byte value: %d", r.status)
	}
	if n := participantCount(t, e); n != 0 {
		t.Errorf("%d participants stored by refused arrivals", n)
	}
	fits := url.Values{"PROLIFIC_PID": {"abc"}, "STUDY_ID": {"s"}, "SESSION_ID": {strings.Repeat("x", 2000)}}
	if r := load("fits", fits); r.status != 200 {
		t.Errorf("ordinary arrival: %d %s", r.status, r.body)
	}
}

// TestArrivalsAreLimitedPerAddress: a classroom of 200 behind one address arrives in a
// minute; the 201st new participant from that address waits (429, retry_after), while a
// participant already registered reloads freely and another address is not affected.
// Behind a proxy, the address is the proxy's client.
func TestArrivalsAreLimitedPerAddress(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, func(c *Config) { c.BehindProxy = true })
	load := func(user, addr string) response {
		req, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/v1/load_experiment", strings.NewReader(`{"user_id":"`+user+`","experiment_id":"solarflare"}`))
		req.Header.Set("Content-Type", "application/json")
		// The client's own (invented) entries come first; the proxy appends the real one.
		req.Header.Set("X-Forwarded-For", "10.9.9.9, "+addr)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return response{status: res.StatusCode, header: res.Header}
	}
	for i := 0; i < DefaultArrivalsPerMinute; i++ {
		if r := load(fmt.Sprintf("student%d", i), "203.0.113.7"); r.status != 200 {
			t.Fatalf("student %d: %d", i, r.status)
		}
	}
	r := load("one-too-many", "203.0.113.7")
	if r.status != 429 || r.header.Get("Retry-After") == "" {
		t.Fatalf("arrival 201: %d %v", r.status, r.header)
	}
	if r := load("student3", "203.0.113.7"); r.status != 200 {
		t.Errorf("a returning participant: %d", r.status)
	}
	if r := load("elsewhere", "198.51.100.1"); r.status != 200 {
		t.Errorf("another address: %d", r.status)
	}
}

// TestSignupsAreLimitedPerAddress: 14,000 sign-ups in 5 s came from one client.
func TestSignupsAreLimitedPerAddress(t *testing.T) {
	t.Parallel()
	e := newEnvWith(t, func(c *Config) { c.SignupsPerMinute = 3 })
	for i := 0; i < 3; i++ {
		if r := e.post("/v1/signup", map[string]string{"email": fmt.Sprintf("a%d@example.org", i)}); r.status != 200 {
			t.Fatalf("sign-up %d: %d %s", i, r.status, r.body)
		}
	}
	if r := e.post("/v1/signup", map[string]string{"email": "flood@example.org"}); r.status != 429 || errorCode(r) != codeRateLimited {
		t.Errorf("4th sign-up in a minute: %d %s", r.status, r.body)
	}
}

// FuzzArrivalParameters sends arbitrary query strings to load_experiment: never a 5xx,
// and what is accepted fits the bounds.
func FuzzArrivalParameters(f *testing.F) {
	e := newEnvWith(f, func(c *Config) { c.ArrivalsPerMinute = 1 << 30 })
	f.Add("PROLIFIC_PID=a&STUDY_ID=b", 1, 1)
	f.Add("a=1&a=2&%ff=%00", 30, 100)
	f.Add("x="+strings.Repeat("y", 2000), 4, 2000)
	n := 0
	f.Fuzz(func(t *testing.T, q string, copies, size int) {
		copies, size = max(0, copies%40), max(0, size%2100)
		vals, err := url.ParseQuery(q)
		if err != nil || len(q) > 16000 {
			return
		}
		for i := 0; i < copies; i++ {
			vals.Set(fmt.Sprintf("k%d", i), strings.Repeat("z", size))
		}
		n++
		vals.Set("user_id", fmt.Sprintf("fuzz%d", n))
		vals.Set("experiment_id", "solarflare")
		res, err := http.Get(e.srv.URL + "/v1/load_experiment?" + vals.Encode())
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode >= 500 {
			t.Fatalf("status %d", res.StatusCode)
		}
		if res.StatusCode == 200 {
			total, count := 0, 0
			for k, v := range vals {
				if k != "user_id" && k != "experiment_id" && len(v) > 0 {
					total += len(k) + len(v[0])
					count++
				}
			}
			if count > maxQueryParams || total > maxQueryParamTotal {
				t.Fatalf("accepted %d parameters, %d bytes", count, total)
			}
		}
	})
}
