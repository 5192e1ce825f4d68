package api

import (
	"net/http"

	"feedlab/store"
)

type statusRequest struct {
	Status string `json:"status"`
}

// setStudyStatus opens, pauses or closes a study (owner only). A paused or closed study
// registers no new participant; those already in it always finish.
func (s *Server) setStudyStatus(w http.ResponseWriter, r *http.Request) {
	id := studyOf(r).ID
	var req statusRequest
	if err := decode(w, r, 4<<10, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if !store.ValidStatus(req.Status) {
		s.fail(w, r, badRequest("status must be open, paused or closed."))
		return
	}
	if err := s.store.SetStudyStatus(r.Context(), id, req.Status, &store.AuditRecord{Researcher: researcherFrom(r.Context()).Name, Detail: req.Status}); err != nil {
		s.fail(w, r, lifecycleRefusal(err))
		return
	}
	ok(w, map[string]any{"status": req.Status})
}
