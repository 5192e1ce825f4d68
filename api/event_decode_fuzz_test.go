package api

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"
)

// FuzzDecodeEventMatchesDecode: for any body up to the limit, decodeEvent's shortcut
// gives the struct and the error decode gives (encoding/json's reading), for both flat
// event bodies.
func FuzzDecodeEventMatchesDecode(f *testing.F) {
	for _, s := range []string{
		`{"user_id":"u1","experiment_id":"solarflare","condition":"1","event_id":"e1","entity_id":"17","engagement_type":"likes","response":"true","time_content_viewed":1763900000000,"time_engagement":1763900001500,"likes":1}`,
		`{"user_id":"u1","experiment_id":"x","event_id":"c1","checkpoint":"feed-landed","value":"1","time":12}`,
		` { "USER_ID" : "u" , "likes": 1.5 } `, `{"likes":"2","likes":null,"engagement_type":null}`, `{"engagement_type":3}`,
		`{"user_id":"a\u00e9"}`, `{"extra":{"a":[1,2]},"user_id":"u"}`, `{"ſhares":1}`, `{}`, `null`, `{"a":1}{}`, `{"a":-0.5e+3}`,
		`{"time":1e3}`, `{"response":true,"value":false}`, `{"checkpoint":"\u0041"}`, `{"a":01}`, `{"a":"x",}`, "{\"a\":\"\xff\"}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if int64(len(body)) > limitEvent {
			return
		}
		same(t, body, func() event { return new(engagementRequest) })
		same(t, body, func() event { return new(checkpointRequest) })
	})
}

func same(t *testing.T, body []byte, fresh func() event) {
	t.Helper()
	read := func(dec func(http.ResponseWriter, *http.Request, int64, event) error) (event, error) {
		r := httptest.NewRequest(http.MethodPost, "/v1/x", bytes.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		v := fresh()
		return v, dec(httptest.NewRecorder(), r, limitEvent, v)
	}
	want, wantErr := read(func(w http.ResponseWriter, r *http.Request, limit int64, v event) error {
		return decode(w, r, limit, v)
	})
	got, gotErr := read(decodeEvent)
	if (wantErr == nil) != (gotErr == nil) || wantErr != nil && wantErr.Error() != gotErr.Error() {
		t.Fatalf("%q: error %v, decode gives %v", body, gotErr, wantErr)
	}
	if wantErr == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: %+v, decode gives %+v", body, got, want)
	}
}

// TestOnlyFlatBodiesTakeTheShortcut: a body with members readFlat does not know (lists,
// objects) must not pass for a flatEvent, or those members would be dropped.
func TestOnlyFlatBodiesTakeTheShortcut(t *testing.T) {
	t.Parallel()
	for _, e := range []event{new(engagementRequest), new(checkpointRequest)} {
		if _, ok := e.(flatEvent); !ok {
			t.Errorf("%T is not read by the shortcut", e)
		}
	}
	for _, e := range []event{new(exitRequest), new(batchDwellRequest), new(formRequest)} {
		if _, ok := e.(flatEvent); ok {
			t.Errorf("%T passes for a flat body", e)
		}
	}
}
