package media

import "strings"

// URLPrefix is the path under which the appliance serves its media files.
const URLPrefix = "/media/"

// LocalPrefixes are the paths under which the appliance serves files itself: its media
// store and the built-in images and videos of its bundle (frontend/public).
var LocalPrefixes = []string{URLPrefix, "/img/", "/video/"}

// IsLocalURL reports whether u is a path of a file the appliance serves itself: one of
// LocalPrefixes then one or more segments of letters, digits, '.', '_' and '-', none of
// them '.' or '..', and no query or fragment. Such a URL is fetched from the appliance
// itself, never from another host (a protocol-relative //host/... or a scheme cannot pass).
func IsLocalURL(u string) bool {
	if len(u) > 300 {
		return false
	}
	var rest string
	for _, p := range LocalPrefixes {
		if r, ok := strings.CutPrefix(u, p); ok {
			rest = r
			break
		}
	}
	if rest == "" {
		return false
	}
	for _, seg := range strings.Split(rest, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
		for _, c := range seg {
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
				return false
			}
		}
	}
	return true
}
