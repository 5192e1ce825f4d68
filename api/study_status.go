package api

import (
	"net/http"

	"github.com/gorilla/mux"

	"feedlab/store"
)

type statusRequest struct {
	Status string `json:"status"`
}

// setStudyStatus opens, pauses or closes a study (owner only). A paused or closed study
// registers no new participant; those already in it always finish.
func (s *Server) setStudyStatus(w http.ResponseWriter, r *http.Request) {
	id := mux.Vars(r)["experiment_id"]
	var req statusRequest
	if err := decode(w, r, 4<<10, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.manageableStudy(r, id, "Only the study's owner can pause, close or reopen it."); err != nil {
		s.fail(w, r, err)
		return
	}
	if !store.ValidStatus(req.Status) {
		s.fail(w, r, badRequest("status must be open, paused or closed."))
		return
	}
	if err := s.store.SetStudyStatus(r.Context(), id, req.Status); err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"status": req.Status})
}
