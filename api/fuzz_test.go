package api

import (
	"bytes"
	"net/http"
	"testing"
)

// FuzzParticipantCalls sends arbitrary bodies to every participant call: whatever arrives,
// the server answers in JSON, never with a 5xx, and never panics.
func FuzzParticipantCalls(f *testing.F) {
	e := newEnv(f)
	paths := []string{"/v1/load_experiment", "/v1/write_user_engagement", "/v1/write_batch_dwell", "/v1/write_form", "/v1/write_checkpoint", "/v1/signup", "/v1/auth/login", "/v1/auth/setup", "/v1/load_block", "/v1/write_exit"}
	seeds := []string{
		`{"user_id":"u1","experiment_id":"solarflare"}`,
		`{"event_id":"e","user_id":"u1","experiment_id":"solarflare","entity_id":"1","engagement_type":"likes","response":1}`,
		`{"event_id":"d","user_id":"u1","experiment_id":"solarflare","dwell_data":[{"entity_id":1,"dwellTimes":[1,2],"dwellsInviewTime":[3]}]}`,
		`{"event_id":"f","user_id":"u1","experiment_id":"solarflare","form_fields":{"a":"b"}}`,
		`{"event_id":"c","user_id":"u1","experiment_id":"solarflare","checkpoint":"end-redirect"}`,
		`{"text":"## Hi <script>x</script> ![a](https://e.example/a.png)"}`,
		`{"user_id":1e400}`, `{"entity_id":[]}`, `null`, `"x"`, `{"dwell_data":[null]}`, `{"form_fields":{"":1}}`,
	}
	for i, s := range seeds {
		f.Add(uint8(i), []byte(s))
	}
	f.Add(uint8(8), []byte(`{"user_id":"u1","experiment_id":"solarflare","shown":3}`))
	f.Add(uint8(8), []byte(`{"user_id":"u1","experiment_id":"solarflare","shown":-9223372036854775808}`))
	f.Add(uint8(9), []byte(`{"event_id":"x","user_id":"u1","experiment_id":"solarflare","exit":"terminate"}`))
	f.Add(uint8(9), []byte(`{"event_id":"x","user_id":"u1","experiment_id":"solarflare","exit":"attention-fail"}`))
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		path := paths[int(which)%len(paths)]
		req, _ := http.NewRequest(http.MethodPost, e.srv.URL+path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode >= 500 {
			t.Fatalf("%s %q: status %d", path, body, res.StatusCode)
		}
		if ct := res.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
			t.Fatalf("%s %q: content type %q", path, body, ct)
		}
	})
}
