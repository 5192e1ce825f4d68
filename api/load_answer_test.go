package api

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"

	"feedlab/demo"
)

// The load answer is written from already-encoded parts (okCompressed's raw fields): it is
// one JSON object, the same whether gzipped or not, with its Content-Length when plain.
func TestTheLoadAnswerIsTheSameJSONGzippedOrNot(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.load("gz")
	load := func(encoding string) (map[string]any, *http.Response) {
		body, _ := json.Marshal(map[string]any{"user_id": "gz", "experiment_id": demo.ExperimentID, "query_params": map[string]string{"PROLIFIC_PID": "p-gz"}})
		req, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/v1/load_experiment", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Encoding", encoding)
		res, err := http.DefaultTransport.RoundTrip(req) // no transparent decompression
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var rd io.Reader = res.Body
		if res.Header.Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(res.Body)
			if err != nil {
				t.Fatal(err)
			}
			rd = zr
		}
		var answer map[string]any
		if err := json.NewDecoder(rd).Decode(&answer); err != nil {
			t.Fatalf("Accept-Encoding %q: the answer is not JSON: %v", encoding, err)
		}
		return answer, res
	}
	plain, plainRes := load("identity")
	zipped, zippedRes := load("gzip")
	if zippedRes.Header.Get("Content-Encoding") != "gzip" || plainRes.Header.Get("Content-Encoding") != "" {
		t.Fatalf("encodings %q and %q", zippedRes.Header.Get("Content-Encoding"), plainRes.Header.Get("Content-Encoding"))
	}
	if plainRes.ContentLength <= 0 {
		t.Fatalf("the plain answer has no Content-Length")
	}
	if !reflect.DeepEqual(plain, zipped) {
		t.Fatalf("gzipped and plain answers differ:\n%v\n%v", zipped, plain)
	}
	data := plain["data"].(map[string]any)
	if plain["success"] != "true" || len(data["order_data"].([]any)) != 24 || data["experiment_parameters"].(string) == "" || data["user_id"] != "gz" {
		t.Fatalf("answer %v", plain)
	}
}

func TestOkCompressedWithNothingButRawFields(t *testing.T) {
	t.Parallel()
	rec := httptest.NewRecorder()
	okCompressed(rec, httptest.NewRequest(http.MethodGet, "/", nil), nil, rawField{"a", []byte(`[1]`)}, rawField{"b", nil})
	if got := rec.Body.String(); got != `{"data":{"a":[1],"b":null},"success":"true"}`+"\n" {
		t.Fatalf("answer %q", got)
	}
}
