package api

import (
	"errors"
	"net/http"
	"os"
	"strings"

	"feedlab/media"
)

// serveMedia serves stimulus images and videos from the media store. Names are content
// hashes, so a file never changes and may be cached for a year. Range requests work, which
// video playback needs.
func (s *Server) serveMedia(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/media/")
	if width := r.URL.Query().Get("w"); width != "" {
		s.serveVariant(w, r, name, width) // a smaller copy (media_variants.go)
		return
	}
	s.serveMediaFile(w, r, name, "public, max-age=31536000, immutable")
}

// serveMediaFile serves the stored file name with cacheControl.
func (s *Server) serveMediaFile(w http.ResponseWriter, r *http.Request, name, cacheControl string) {
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
	w.Header().Set("Cache-Control", cacheControl)
	http.ServeContent(w, r, name, st.ModTime(), f)
}
