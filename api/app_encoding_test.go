package api

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func gzipped(t *testing.T, b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

// The browser gets the precompressed variant it accepts, brotli first, with the asset's
// own content type and Vary: Accept-Encoding; one that accepts neither gets the file as is.
func TestAssetsServedPrecompressed(t *testing.T) {
	t.Parallel()
	raw := []byte("console.log('feed')")
	brotli := []byte("pretend-brotli-bytes")
	front := fstest.MapFS{
		"index.html":               {Data: []byte("<!doctype html>")},
		"assets/app-XYZ.js":        {Data: raw},
		"assets/app-XYZ.js.br":     {Data: brotli},
		"assets/app-XYZ.js.gz":     {Data: gzipped(t, raw)},
		"assets/plain-XYZ.css":     {Data: []byte("body{}")},
		"assets/onlygz-XYZ.css":    {Data: []byte("p{}")},
		"assets/onlygz-XYZ.css.gz": {Data: gzipped(t, []byte("p{}"))},
	}
	s := &Server{frontend: front}
	get := func(name, accept string) *http.Response {
		req := httptest.NewRequest("GET", "/"+name, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		rec := httptest.NewRecorder()
		s.serveApp(rec, req)
		return rec.Result()
	}
	cases := []struct {
		name, accept, encoding string
		body                   []byte
		vary                   bool
	}{
		{"assets/app-XYZ.js", "gzip, deflate, br, zstd", "br", brotli, true},
		{"assets/app-XYZ.js", "gzip", "gzip", raw, true},
		{"assets/app-XYZ.js", "br;q=0, gzip;q=0.5", "gzip", raw, true},
		{"assets/app-XYZ.js", "*", "br", brotli, true},
		{"assets/app-XYZ.js", "*, br;q=0", "gzip", raw, true},
		{"assets/app-XYZ.js", "", "", raw, true},
		{"assets/app-XYZ.js", "identity", "", raw, true},
		{"assets/onlygz-XYZ.css", "br", "", []byte("p{}"), true},
		{"assets/plain-XYZ.css", "br, gzip", "", []byte("body{}"), false},
	}
	for _, c := range cases {
		res := get(c.name, c.accept)
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			t.Fatalf("%s (%q): status %d", c.name, c.accept, res.StatusCode)
		}
		if got := res.Header.Get("Content-Encoding"); got != c.encoding {
			t.Errorf("%s (%q): Content-Encoding %q, want %q", c.name, c.accept, got, c.encoding)
		}
		if got := res.Header.Get("Vary") == "Accept-Encoding"; got != c.vary {
			t.Errorf("%s (%q): Vary %q", c.name, c.accept, res.Header.Get("Vary"))
		}
		if c.encoding == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			body, _ = io.ReadAll(zr)
		}
		if !bytes.Equal(body, c.body) {
			t.Errorf("%s (%q): body %q, want %q", c.name, c.accept, body, c.body)
		}
		if ct := res.Header.Get("Content-Type"); c.name == "assets/app-XYZ.js" && ct != "text/javascript; charset=utf-8" {
			t.Errorf("%s (%q): Content-Type %q", c.name, c.accept, ct)
		}
	}
}

// load_experiment's answer is gzipped for a browser that accepts it, and plain otherwise,
// with the same content.
func TestLoadExperimentCompressed(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	body := `{"user_id":"gz-1","experiment_id":"solarflare"}`
	read := func(accept string) (string, []byte) {
		req, _ := http.NewRequest("POST", e.srv.URL+"/v1/load_experiment", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Encoding", accept)
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			t.Fatalf("status %d: %s", res.StatusCode, raw)
		}
		return res.Header.Get("Content-Encoding"), raw
	}
	enc, zipped := read("gzip, br")
	if enc != "gzip" {
		t.Fatalf("Content-Encoding %q, want gzip", enc)
	}
	zr, err := gzip.NewReader(bytes.NewReader(zipped))
	if err != nil {
		t.Fatal(err)
	}
	unzipped, _ := io.ReadAll(zr)
	enc, plain := read("identity")
	if enc != "" || !bytes.Equal(unzipped, plain) || !bytes.Contains(plain, []byte(`"order_data"`)) {
		t.Fatalf("plain %q (encoding %q) differs from the gzipped answer %q", plain, enc, unzipped)
	}
}

// FuzzAcceptsEncoding: any header is read without a panic, and a browser that refuses an
// encoding by name (q=0 at the end, which no later part can override) never gets it.
func FuzzAcceptsEncoding(f *testing.F) {
	for _, seed := range []string{"gzip, deflate, br, zstd", "br;q=0, *", "*;q=0", "gzip;q=0.5;x=1", ";;,,", "BR; q=1.0", "br;q=abc"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, header string) {
		for _, token := range []string{"br", "gzip"} {
			acceptsEncoding(header, token)
			if acceptsEncoding(header+", "+token+";q=0", token) {
				t.Fatalf("%q accepted %s after refusing it", header, token)
			}
		}
	})
}

// TestParticipantPageServedPrecompressed (issue 28): the participant page, the phone's
// first download, goes out as the build's compressed copy the browser accepts, with the
// same CSP (its inline script's hash) and never cached; a page with frame parents added
// (so not the built one) goes out as it is, with them.
func TestParticipantPageServedPrecompressed(t *testing.T) {
	t.Parallel()
	page := []byte("<!doctype html>\n<head>\n<script>fetch('/v1/load_experiment')</script>\n</head>")
	front := fstest.MapFS{
		"index.html":    {Data: page},
		"index.html.gz": {Data: gzipped(t, page)},
	}
	get := func(s *Server, accept string) (*http.Response, []byte) {
		req := httptest.NewRequest("GET", "/?experiment_id=solarflare", nil)
		req.Header.Set("Accept-Encoding", accept)
		rec := httptest.NewRecorder()
		s.serveApp(rec, req)
		res := rec.Result()
		body := rec.Body.Bytes()
		if res.Header.Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			body, _ = io.ReadAll(zr)
		}
		return res, body
	}
	s := &Server{frontend: front}
	plain, plainBody := get(s, "identity")
	zipped, zippedBody := get(s, "gzip, deflate")
	if plain.Header.Get("Content-Encoding") != "" || !bytes.Equal(plainBody, page) {
		t.Fatalf("without gzip: encoding %q, body %q", plain.Header.Get("Content-Encoding"), plainBody)
	}
	if zipped.Header.Get("Content-Encoding") != "gzip" || !bytes.Equal(zippedBody, page) {
		t.Fatalf("with gzip: encoding %q, body %q", zipped.Header.Get("Content-Encoding"), zippedBody)
	}
	for _, h := range []string{"Content-Security-Policy", "Cache-Control", "Content-Type"} {
		if zipped.Header.Get(h) != plain.Header.Get(h) || plain.Header.Get(h) == "" {
			t.Errorf("%s: %q compressed, %q plain", h, zipped.Header.Get(h), plain.Header.Get(h))
		}
	}
	if !strings.Contains(zipped.Header.Get("Vary"), "Accept-Encoding") {
		t.Errorf("Vary %q lacks Accept-Encoding", zipped.Header.Get("Vary"))
	}

	framed := &Server{frontend: front, frameAncestors: []string{"https://survey.example.org"}}
	res, body := get(framed, "gzip, deflate")
	if res.Header.Get("Content-Encoding") != "" || !bytes.Contains(body, []byte(`content="https://survey.example.org"`)) {
		t.Fatalf("a page with frame parents: encoding %q, body %q", res.Header.Get("Content-Encoding"), body)
	}
}
