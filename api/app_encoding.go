package api

import (
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
)

// precompressedEncodings are the variants frontend/build.mjs writes beside every asset
// (name.br, name.gz), best first: compressed once at build time at the highest levels, so
// a participant on a slow connection downloads about a third of the bytes and the server
// spends no CPU compressing.
var precompressedEncodings = []struct{ token, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// servePrecompressed serves the best precompressed variant of the asset name that the
// request accepts, and reports whether it did. Whenever variants exist the answer says
// Vary: Accept-Encoding, so a cache never hands brotli to a browser that did not ask.
func (s *Server) servePrecompressed(w http.ResponseWriter, r *http.Request, name string) bool {
	accepted := r.Header.Get("Accept-Encoding")
	varied := false
	for _, enc := range precompressedEncodings {
		f, err := fs.Stat(s.frontend, name+enc.suffix)
		if err != nil || f.IsDir() {
			continue
		}
		if !varied {
			w.Header().Add("Vary", "Accept-Encoding")
			varied = true
		}
		if !acceptsEncoding(accepted, enc.token) {
			continue
		}
		h := w.Header()
		if ctype := mime.TypeByExtension(path.Ext(name)); ctype != "" {
			h.Set("Content-Type", ctype)
		}
		h.Set("Content-Encoding", enc.token)
		http.ServeFileFS(w, r, s.frontend, name+enc.suffix)
		return true
	}
	return false
}

// acceptsEncoding reports whether an Accept-Encoding header accepts token with a quality
// above zero: named explicitly, or else through "*".
func acceptsEncoding(header, token string) bool {
	named, star := -1.0, -1.0
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(p), "q="); ok {
				if f, err := strconv.ParseFloat(v, 64); err == nil {
					q = f
				}
			}
		}
		switch name {
		case token:
			named = q
		case "*":
			star = q
		}
	}
	if named >= 0 {
		return named > 0
	}
	return star > 0
}
