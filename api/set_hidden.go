package api

import (
	"net/http"

	"github.com/gorilla/mux"
)

// hideSet hides a set from the study wizard or shows it again
// (POST /v1/sets/{entity_set}/hidden {"hidden": true|false}). Studies already using it are
// unaffected; the wizard stops offering it.
func (s *Server) hideSet(w http.ResponseWriter, r *http.Request) {
	name := mux.Vars(r)["entity_set"]
	var req struct {
		Hidden *bool `json:"hidden"`
	}
	if err := decode(w, r, limitEvent, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if req.Hidden == nil {
		s.fail(w, r, badRequest("Say whether the set is hidden: {\"hidden\": true} or {\"hidden\": false}."))
		return
	}
	// Recorded in the library's audit log in the change's own transaction.
	if err := s.store.SetHidden(r.Context(), name, *req.Hidden, researcherFrom(r.Context()).Name); isNotFound(err) {
		s.fail(w, r, setNotFound(name))
		return
	} else if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"entity_set": name, "hidden": *req.Hidden})
}
