package media

import (
	"net/url"
	"path"
	"strings"
)

// IsVideoURL reports whether a card's media URL is shown as a video: the
// spec's rule is that the path ends in .mp4, .webm or .ogg, in any case. The
// query and fragment are ignored, so signed CDN links still count.
func IsVideoURL(rawURL string) bool {
	p := rawURL
	if u, err := url.Parse(rawURL); err == nil {
		p = u.Path
		if p == "" {
			p = u.Opaque
		}
	} else {
		// Not a valid URL, but the browser may still fetch it: judge
		// the part before any query or fragment.
		p, _, _ = strings.Cut(p, "#")
		p, _, _ = strings.Cut(p, "?")
	}
	switch strings.ToLower(path.Ext(p)) {
	case ".mp4", ".webm", ".ogg":
		return true
	}
	return false
}
