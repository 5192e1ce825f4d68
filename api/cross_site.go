package api

import (
	"mime"
	"net/http"
	"net/url"
	"strings"
)

// participantCalls are the calls a participant's browser makes; they stay open to any
// sender (sendBeacon posts text/plain, and the original clients' shapes are kept). Every
// other state-changing call (researchers', sign-in, setup, sign-out) must come from
// feedlab's own pages.
var participantCalls = func() map[string]bool {
	calls := map[string]bool{}
	for _, pr := range participantRoutes {
		calls["/v1"+pr.path] = true
	}
	return calls
}()

// sameOriginWrites refuses cross-site researcher writes (issue 13, item 6): a page on
// another site, or on another port of the same host (same-site for cookies, so SameSite
// does not stop it), could otherwise create sets and studies as the signed-in researcher.
// A browser says where a request comes from (Sec-Fetch-Site, Origin); a request saying
// another origin is refused with 403. Bodies must be application/json, which a page of
// another origin cannot send without a CORS preflight that feedlab never grants. Requests
// without those headers come from programs, not from a page in a victim's browser. Calls
// whose body is a file (rawBodyCalls) are exempt from the JSON rule, not from the origin
// checks.
func (s *Server) sameOriginWrites(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			next.ServeHTTP(w, r)
			return
		}
		if !strings.HasPrefix(r.URL.Path, "/v1/") || participantCalls[r.URL.Path] {
			next.ServeHTTP(w, r)
			return
		}
		if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
			s.fail(w, r, crossSite())
			return
		}
		if origin := r.Header.Get("Origin"); origin != "" && !s.sameOrigin(origin, r) {
			s.fail(w, r, crossSite())
			return
		}
		if r.ContentLength != 0 && !rawBodyCalls(r.URL.Path) {
			mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
			if err != nil || mt != "application/json" {
				s.fail(w, r, &apiError{http.StatusUnsupportedMediaType, codeUnsupportedMedia, "Researcher calls take an application/json body."})
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// sameOrigin reports whether an Origin header names the host the request was sent to
// (host and port; "null" never matches). Behind a trusted proxy the host the client asked
// for may arrive as X-Forwarded-Host.
func (s *Server) sameOrigin(origin string, r *http.Request) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	fwd := strings.TrimSpace(r.Header.Get("X-Forwarded-Host"))
	return s.behindProxy && fwd != "" && strings.EqualFold(u.Host, fwd)
}

func crossSite() *apiError {
	return &apiError{http.StatusForbidden, codeForbidden, "This request came from another site. Researcher actions are accepted only from feedlab's own pages."}
}

// rawBodyCalls carry a file as their body, not JSON: media uploads (/v1/media...), a
// study bundle (/v1/import_study) and a platform's list to reconcile (text/csv, which the
// handler requires: unlike text/plain it needs a preflight from another origin). The origin checks still apply to them.
func rawBodyCalls(path string) bool {
	return strings.HasPrefix(path, "/v1/media") || path == "/v1/import_study" || reconcilePath(path)
}

// reconcilePath reports whether path is /v1/studies/{id}/reconcile.
func reconcilePath(path string) bool {
	rest, ok := strings.CutPrefix(path, "/v1/studies/")
	id, ok2 := strings.CutSuffix(rest, "/reconcile")
	return ok && ok2 && id != "" && !strings.Contains(id, "/")
}
