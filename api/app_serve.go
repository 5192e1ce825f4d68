package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"html"
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
			if s.servePrecompressed(w, r, name) {
				return
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
	researcher := isResearcherPage(p)
	if researcher {
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
	out := body
	if !researcher {
		// Participant pages may be embedded (a feed inside a survey) by the configured
		// origins, and are told which exact origins to post their messages to.
		h.Set("Content-Security-Policy", withInlineScripts(s.participantFramePolicy(), body))
		out = withFrameParents(body, s.frameAncestors)
	}
	// The page as built goes out as the build's compressed copy (issue 28): the phone's
	// first download, ahead of everything else, is then 2 KB instead of 5. A page with
	// frame parents added is served as it is.
	if bytes.Equal(out, body) && s.servePrecompressed(w, r, page) {
		return
	}
	w.Write(out)
}

// withInlineScripts allows, in a page's CSP, exactly the inline scripts the page carries (the
// participant page's boot script, frontend/src/participant/boot.ts) by their sha256: no
// 'unsafe-inline', so an injected script still cannot run.
func withInlineScripts(policy string, page []byte) string {
	hashes := inlineScriptHashes(page)
	if len(hashes) == 0 {
		return policy
	}
	return strings.Replace(policy, "script-src 'self'", "script-src 'self' "+strings.Join(hashes, " "), 1)
}

// inlineScriptHashes are the CSP sources ('sha256-...') of a page's inline scripts: each
// <script> without attributes, hashed over its text exactly as the browser hashes it.
func inlineScriptHashes(page []byte) []string {
	var hashes []string
	rest := page
	for {
		i := bytes.Index(rest, []byte("<script>"))
		if i < 0 {
			return hashes
		}
		rest = rest[i+len("<script>"):]
		end := bytes.Index(rest, []byte("</script>"))
		if end < 0 {
			return hashes
		}
		sum := sha256.Sum256(rest[:end])
		hashes = append(hashes, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
		rest = rest[end:]
	}
}

// withFrameParents adds to a participant page the exact origins (no wildcard) that may
// embed it, as <meta name="feedlab-frame-parents">: the feed posts its messages to them
// (and to its own origin), never to "*".
func withFrameParents(page []byte, origins []string) []byte {
	var exact []string
	for _, o := range origins {
		if !strings.Contains(o, "*") {
			exact = append(exact, html.EscapeString(o))
		}
	}
	if len(exact) == 0 {
		return page
	}
	meta := `<meta name="feedlab-frame-parents" content="` + strings.Join(exact, " ") + `">`
	doc := string(page)
	for _, after := range []string{"<head>", "<!doctype html>"} {
		if i := strings.Index(doc, after); i >= 0 {
			return []byte(doc[:i+len(after)] + "\n" + meta + doc[i+len(after):])
		}
	}
	return []byte(meta + "\n" + doc)
}
