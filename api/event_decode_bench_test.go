package api

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkDecodeEngagement is the decoding of one write_user_engagement body as the
// participant app sends it: the handler's part of an event that is neither HTTP nor
// the database.
//
//	go test ./api -run '^$' -bench DecodeEngagement -benchmem
func BenchmarkDecodeEngagement(b *testing.B) {
	body := []byte(`{"user_id":"lg-00001","experiment_id":"solarflare","condition":"1","event_id":"lg-f1-123456","entity_id":"17","engagement_type":"likes","response":"true","time_content_viewed":1763900000000,"time_engagement":1763900001500,"likes":1}`)
	r := httptest.NewRequest(http.MethodPost, "/v1/write_user_engagement", nil)
	r.Header.Set("Content-Type", "application/json")
	rd := bytes.NewReader(body)
	b.ReportAllocs()
	for b.Loop() {
		rd.Reset(body)
		r.Body = io.NopCloser(rd)
		var req engagementRequest
		if err := decodeEvent(nil, r, limitEvent, &req); err != nil {
			b.Fatal(err)
		}
		if req.EngagementType != "likes" || !req.Likes.set {
			b.Fatalf("%+v", req)
		}
	}
}

// TestStoredAnswersAreOk: the acknowledgements okStored writes are exactly what ok writes.
func TestStoredAnswersAreOk(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, 1, 2, 10, 40, 1234} {
		fast, slow := httptest.NewRecorder(), httptest.NewRecorder()
		okStored(fast, n)
		ok(slow, map[string]any{"stored": n})
		if fast.Body.String() != slow.Body.String() || fast.Code != slow.Code ||
			fast.Header().Get("Content-Type") != slow.Header().Get("Content-Type") || fast.Header().Get("Cache-Control") != slow.Header().Get("Cache-Control") {
			t.Fatalf("stored %d: %d %q %v, ok writes %d %q %v", n, fast.Code, fast.Body, fast.Header(), slow.Code, slow.Body, slow.Header())
		}
	}
}
