package api

import (
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path"
	"strings"

	"feedlab/frontend"
	"feedlab/media"
)

// isResearcherPage reports whether a page path (cleaned, so without a trailing slash) is
// one of the researcher bundle's routes (frontend/src/researcher/routes.json, the list the
// researcher router reads too), where ":name" matches any one segment. Every other page
// path gets the participant bundle, so a participant never downloads researcher code.
func isResearcherPage(p string) bool {
	for _, route := range frontend.ResearcherRoutes() {
		if matchRoute(route, p) {
			return true
		}
	}
	return false
}

func matchRoute(route, p string) bool {
	for {
		rseg, rrest, rmore := strings.Cut(strings.TrimPrefix(route, "/"), "/")
		pseg, prest, pmore := strings.Cut(strings.TrimPrefix(p, "/"), "/")
		if pseg == "" || (pseg != rseg && !strings.HasPrefix(rseg, ":")) {
			return false
		}
		if !rmore || !pmore {
			return rmore == pmore
		}
		route, p = rrest, prest
	}
}

// serveApp serves the embedded React app: hashed assets with a year-long cache, other
// static files for an hour, and for page paths the bundle's HTML, never cached so a new
// binary takes effect at once. Unknown page paths get the app, which shows its not-found
// page.
func (s *Server) serveApp(w http.ResponseWriter, r *http.Request) {
	p := path.Clean("/" + r.URL.Path)
	name := strings.TrimPrefix(p, "/")
	if name != "" && !strings.HasSuffix(name, ".html") {
		if f, err := fs.Stat(s.frontend, name); err == nil && !f.IsDir() {
			if strings.HasPrefix(name, "assets/") {
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			} else {
				w.Header().Set("Cache-Control", "public, max-age=3600")
			}
			http.ServeFileFS(w, r, s.frontend, name)
			return
		}
		if strings.HasPrefix(name, "assets/") || strings.HasPrefix(name, "img/") {
			http.NotFound(w, r)
			return
		}
	}
	page := "index.html"
	if isResearcherPage(p) {
		page = "researcher.html"
	}
	body, err := fs.ReadFile(s.frontend, page)
	if err != nil {
		http.Error(w, "feedlab's web app is not built into this binary: run ./build.sh and start it again.", http.StatusServiceUnavailable)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	w.Write(body)
}

// serveMedia serves stimulus images and videos from the media store. Names are content
// hashes, so a file never changes and may be cached for a year. Range requests work, which
// video playback needs.
func (s *Server) serveMedia(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/media/")
	p, err := s.media.Path(name)
	if errors.Is(err, media.ErrNotFound) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		s.log.Error("media", "name", name, "err", err)
		http.Error(w, "media unavailable", http.StatusInternalServerError)
		return
	}
	f, err := os.Open(p)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", media.ContentTypeOf(name))
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	http.ServeContent(w, r, name, st.ModTime(), f)
}
