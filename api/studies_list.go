package api

import "net/http"

// listStudies answers the studies the signed-in researcher may see (their own, those
// shared with them, those without an owner), newest first.
func (s *Server) listStudies(w http.ResponseWriter, r *http.Request) {
	list, err := s.store.VisibleStudies(r.Context(), researcherFrom(r.Context()).ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]studyJSON, len(list))
	for i, st := range list {
		out[i] = toStudyJSON(st)
	}
	ok(w, map[string]any{"studies": out})
}
