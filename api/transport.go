package api

import (
	"context"
	"net"
	"net/http"
	"strings"
)

// Transport settings (issue 13, item 9): TLS, a reverse proxy in front, and who may frame
// the participant pages.

type httpsKey struct{}

// trustProxy, when the server runs behind a reverse proxy (serve --behind-proxy), takes
// the client address from the last X-Forwarded-For entry of the last X-Forwarded-For
// header line (the one the proxy appended: every earlier entry and line is the client's to
// invent, and HAProxy adds a line of its own rather than extending the client's) and HTTPS
// from the last X-Forwarded-Proto line, so throttles key on the real client and the
// session cookie is Secure. Without --behind-proxy these headers are ignored: anyone could
// send them. A connection from a peer that is not on this machine is logged once: with
// --behind-proxy, whoever reaches the port directly picks their own address.
func (s *Server) trustProxy(next http.Handler) http.Handler {
	if !s.behindProxy {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if peer := net.ParseIP(clientAddr(r)); peer != nil && !peer.IsLoopback() {
			s.proxyWarning.Do(func() {
				s.log.Warn("--behind-proxy trusts X-Forwarded-For, but a connection came from another machine: "+
					"if clients can reach feedlab without the proxy they choose their own address; listen on 127.0.0.1 "+
					"or firewall the port so that only the proxy connects", "peer", peer.String())
			})
		}
		if ip := net.ParseIP(lastForwarded(r.Header.Values("X-Forwarded-For"))); ip != nil {
			r.RemoteAddr = net.JoinHostPort(ip.String(), "0")
		}
		if strings.EqualFold(lastForwarded(r.Header.Values("X-Forwarded-Proto")), "https") {
			r = r.WithContext(context.WithValue(r.Context(), httpsKey{}, true))
		}
		next.ServeHTTP(w, r)
	})
}

// lastForwarded is the last comma-separated entry of the last header line: what the
// nearest proxy added.
func lastForwarded(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	last := lines[len(lines)-1]
	return strings.TrimSpace(last[strings.LastIndexByte(last, ',')+1:])
}

// isHTTPS reports whether the client reached feedlab over HTTPS (directly or through a
// trusted proxy).
func isHTTPS(r *http.Request) bool {
	return r.TLS != nil || r.Context().Value(httpsKey{}) == true
}

// clientAddr is the client's IP address (the proxy's client behind --behind-proxy). It
// keys throttles in memory and is never stored.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// contentSecurityPolicy is sent with every answer. Scripts come only from feedlab's own
// bundle (no eval; no inline script, except the participant page's boot script, which
// serveApp allows by its hash); styles may be inline because components set style
// attributes; images and videos may come from any http(s) host because a stimulus set may
// point at them (stimuli/tsv.go accepts only http(s) or the appliance's own paths);
// everything the pages fetch goes to feedlab itself. frame-ancestors is added per page.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob: http: https:; media-src 'self' blob: http: https:; connect-src 'self'; " +
	"font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'"

var (
	nosniff            = []string{"nosniff"}
	sameOriginReferrer = []string{"same-origin"}
	framedByNoOne      = []string{contentSecurityPolicy + "; frame-ancestors 'none'"}
)

// securityHeaders sets the headers every answer carries. Participant pages may be framed
// by the origins serve --frame-ancestors names (embedding the feed in a survey is a
// feature); everything else may be framed by no one (serveApp sets the participant
// pages' policy).
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Assigned, not Set: the keys are canonical already and the values shared, so the
		// headers every answer carries cost no allocation (Set replaces a value and
		// Header.Clone copies it, so the shared slices are never written).
		h := w.Header()
		h["X-Content-Type-Options"] = nosniff
		h["Referrer-Policy"] = sameOriginReferrer
		h["Content-Security-Policy"] = framedByNoOne
		if isHTTPS(r) {
			// Browsers keep to HTTPS for a year once they saw it over HTTPS.
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		next.ServeHTTP(w, r)
	})
}

// participantFramePolicy is the CSP of participant pages: framed by feedlab itself and by
// the configured parent origins.
func (s *Server) participantFramePolicy() string {
	return contentSecurityPolicy + "; frame-ancestors 'self'" + strings.Join(append([]string{""}, s.frameAncestors...), " ")
}
