package stimuli

import (
	"net/url"
	"strings"

	"feedlab/media"
)

// isStimulusURL reports whether u may be a card's source_url or entity_url: an absolute
// http(s) URL with a host, or a path of a file the appliance serves itself
// (media.IsLocalURL: /media/, /img/, /video/).
// Anything else (javascript:, data:, file:, a protocol-relative //host, a relative path)
// is refused: these URLs reach participants' pages as links and image sources.
func isStimulusURL(u string) bool {
	if media.IsLocalURL(u) {
		return true
	}
	p, err := url.Parse(u)
	if err != nil || p.Host == "" || p.Opaque != "" {
		return false
	}
	scheme := strings.ToLower(p.Scheme)
	return scheme == "http" || scheme == "https"
}

// truncate shortens s to at most n bytes (on a rune boundary) for a message.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }
