package api

import (
	"errors"
	"net/http"

	"github.com/gorilla/mux"

	"feedlab/store"
)

type shareRequest struct {
	Name string `json:"name"`
}

// shareStudy lets another researcher see the study (they may read and download it).
// Only the owner shares: a collaborator gets 403, anyone else 404.
func (s *Server) shareStudy(w http.ResponseWriter, r *http.Request) {
	id := studyOf(r).ID
	var req shareRequest
	if err := decode(w, r, 4<<10, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if req.Name == "" {
		s.fail(w, r, badRequest("Give the name of the researcher to share the study with."))
		return
	}
	if req.Name == researcherFrom(r.Context()).Name {
		s.fail(w, r, badRequest("You own this study; share it with another researcher."))
		return
	}
	shared, err := s.store.ShareStudy(r.Context(), id, req.Name, &store.AuditRecord{Researcher: researcherFrom(r.Context()).Name, Detail: "with " + req.Name})
	if errors.Is(err, store.ErrNoResearcher) {
		s.fail(w, r, noResearcher(req.Name))
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"shared_with": shared})
}

// unshareStudy takes the study away from a collaborator. Unsharing someone the study was
// not shared with changes nothing and succeeds.
func (s *Server) unshareStudy(w http.ResponseWriter, r *http.Request) {
	id, name := studyOf(r).ID, mux.Vars(r)["name"]
	shared, err := s.store.UnshareStudy(r.Context(), id, name, &store.AuditRecord{Researcher: researcherFrom(r.Context()).Name, Detail: "from " + name})
	if errors.Is(err, store.ErrNoResearcher) {
		s.fail(w, r, noResearcher(name))
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"shared_with": shared})
}

func noResearcher(name string) *apiError {
	return badRequest("There is no researcher named %s.", truncate(name, 80))
}
