package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"testing"
)

// FuzzMediaUpload sends arbitrary bodies, announced sums and file names to the hosted
// upload. Whatever arrives the answer is JSON and never a 5xx; a file is stored only when
// it is an accepted type and its SHA-256 is the announced one, and messages name the file
// without control characters.
func FuzzMediaUpload(f *testing.F) {
	e := newEnv(f)
	c := e.researcher()
	f.Add([]byte("\x89PNG\r\n\x1a\nbody"), "", "photos/a.png", true)
	f.Add([]byte("GIF89a......"), "00", "b\x00\n.gif", false)
	f.Add([]byte("BM\x00\x00"), "", "../../x.bmp", true)
	f.Add([]byte{}, "", "%zz", true)
	f.Add([]byte("\x1aE\xdf\xa3webm"), "", "clip.webm", true)
	seen := map[string]bool{} // contents stored by an earlier input
	f.Fuzz(func(t *testing.T, body []byte, sum, filename string, honest bool) {
		h := sha256.Sum256(body)
		real := hex.EncodeToString(h[:])
		if honest {
			sum = real
		}
		path := "/v1/media/" + url.PathEscape(sum)
		method := http.MethodPut
		if sum == "" {
			path, method = "/v1/media", http.MethodPost
		}
		req, _ := http.NewRequest(method, e.srv.URL+path, bytes.NewReader(body))
		req.Header.Set("X-Filename", url.PathEscape(filename))
		res, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode >= 500 {
			t.Fatalf("%s %q: %d", method, sum, res.StatusCode)
		}
		if res.StatusCode == 200 && sum != "" && sum != real {
			t.Fatalf("stored under a sum that is not the content's: %q", sum)
		}
		if res.StatusCode == 404 || res.StatusCode == 405 {
			return // a sum with a slash is no route
		}
		stored, err := e.store.StoredMediaByHash(context.Background(), real, 0)
		if res.StatusCode == 200 {
			if err != nil {
				t.Fatalf("answered 200 but nothing is recorded: %v", err)
			}
			if _, err := e.media.Path(stored.Name); err != nil {
				t.Fatalf("recorded %s but no file: %v", stored.Name, err)
			}
			seen[real] = true
		} else if err == nil && !seen[real] {
			t.Fatalf("refused (%d) but stored", res.StatusCode)
		}
	})
}
