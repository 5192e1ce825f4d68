package api

import (
	"errors"
	"net/http"
	"strings"

	"feedlab/store"
)

// maxStoredQuery bounds how many sums one media/stored call may ask about (a set has at
// most stimuli.MaxRows cards).
const maxStoredQuery = 20000

// storedMedia answers which of the given SHA-256 sums the appliance already holds
// (POST /v1/media/stored {"sha256": [...]} → {"stored": {sum: {name, ...}}}), so a resumed
// upload sends only the files it lacks. Each file found is marked as just uploaded, which
// keeps it for the grace period while the set is being made.
func (s *Server) storedMedia(w http.ResponseWriter, r *http.Request) {
	var req struct {
		SHA256 []string `json:"sha256"`
	}
	if err := decode(w, r, limitSet, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if len(req.SHA256) > maxStoredQuery {
		s.fail(w, r, badRequest("Ask about at most %d files at a time.", maxStoredQuery))
		return
	}
	stored := map[string]mediaJSON{}
	now := s.now().UnixMilli()
	s.mediaMu.RLock()
	defer s.mediaMu.RUnlock()
	for _, sum := range req.SHA256 {
		if !isSHA256(sum) {
			s.fail(w, r, badRequest("%q is not a SHA-256 sum (64 lowercase hex digits).", truncate(sum, 80)))
			return
		}
		if _, seen := stored[sum]; seen {
			continue
		}
		m, err := s.store.StoredMediaByHash(r.Context(), sum, now)
		if errors.Is(err, store.ErrNotFound) {
			continue
		} else if err != nil {
			s.fail(w, r, err)
			return
		}
		if _, err := s.media.Path(m.Name); err != nil {
			continue // on record but gone from disk: send it again
		}
		stored[sum] = mediaJSON{Name: m.Name, SHA256: strings.SplitN(m.Name, ".", 2)[0], ContentType: m.ContentType, Size: m.Size}
	}
	ok(w, map[string]any{"stored": stored})
}
