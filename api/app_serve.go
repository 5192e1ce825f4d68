package api

import (
	"io/fs"
	"net/http"
	"path"
	"strings"

	"feedlab/frontend"
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
