package api

import (
	"errors"
	"net/http"
	"os"
	"strconv"
	"sync"

	"feedlab/media"
)

// variantMaker makes images' smaller copies (media/variants.go) one at a time, in the
// background: after an upload, and when a copy is asked for before it exists. Decoding a
// researcher's large photo takes a core for a moment; one at a time, it never takes both
// from the participants.
type variantMaker struct {
	once    sync.Once
	queue   chan string
	mu      sync.Mutex
	pending map[string]bool
}

// maxVariantQueue bounds the names waiting; beyond it a name is dropped, and asked for
// again by the next participant whose browser wants its copy.
const maxVariantQueue = 4096

// makeVariants queues the image name for its copies; a name already queued is not added
// twice.
func (s *Server) makeVariants(name string) {
	if s.media == nil {
		return
	}
	v := &s.variants
	v.once.Do(func() {
		v.queue, v.pending = make(chan string, maxVariantQueue), map[string]bool{}
		go func() {
			for name := range v.queue {
				if err := s.media.MakeVariants(name); err != nil && !errors.Is(err, media.ErrNotFound) {
					s.log.Warn("image copies", "name", name, "err", err)
				}
				v.mu.Lock()
				delete(v.pending, name)
				v.mu.Unlock()
			}
		}()
	})
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.pending[name] {
		return
	}
	select {
	case v.queue <- name:
		v.pending[name] = true
	default:
	}
}

// serveVariant answers /media/<name>?w=<width>: the image's copy at that width, cached
// for a year like the original. Until the copy is made the original is sent in its place
// (a browser shows it as well, only heavier), cached for a minute only, and the copy is
// queued. A width that is not one of the image's copies is not found.
func (s *Server) serveVariant(w http.ResponseWriter, r *http.Request, name, width string) {
	wd, err := strconv.Atoi(width)
	if err != nil || !s.media.HasVariant(name, wd) {
		http.NotFound(w, r)
		return
	}
	p, err := s.media.VariantPath(name, wd)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	f, err := os.Open(p)
	if err != nil {
		s.makeVariants(name)
		s.serveMediaFile(w, r, name, "public, max-age=60")
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "image/jpeg")
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	http.ServeContent(w, r, "", st.ModTime(), f)
}
