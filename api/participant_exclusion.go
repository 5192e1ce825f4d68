package api

import (
	"errors"
	"net/http"

	"github.com/gorilla/mux"

	"feedlab/store"
	"feedlab/study"
)

// excludeParticipant leaves a participant out of the analysis with a reason (issue 22,
// item 3): kept beside their data, audited with the change, reversible.
func (s *Server) excludeParticipant(w http.ResponseWriter, r *http.Request) {
	id, user := studyOf(r).ID, mux.Vars(r)["user_id"]
	var req struct {
		Reason string `json:"reason"`
	}
	if err := decode(w, r, 16<<10, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	err := study.Exclude(r.Context(), s.store, id, user, req.Reason, researcherFrom(r.Context()).Name)
	switch {
	case errors.Is(err, study.ErrExclusionReason):
		if req.Reason == "" {
			s.fail(w, r, badRequest("Give a reason for excluding the participant; it is kept with the exclusion and shown in the exports."))
		} else {
			s.fail(w, r, badRequest("The reason is longer than %d characters; shorten it.", study.MaxExclusionReason))
		}
		return
	case errors.Is(err, store.ErrNotFound):
		s.fail(w, r, participantNotFound(id, user))
		return
	case err != nil:
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"excluded": true})
}

// includeParticipant takes an excluded participant back into the analysis; including one
// who is not excluded answers success and changes nothing.
func (s *Server) includeParticipant(w http.ResponseWriter, r *http.Request) {
	id, user := studyOf(r).ID, mux.Vars(r)["user_id"]
	was, err := study.Include(r.Context(), s.store, id, user, researcherFrom(r.Context()).Name)
	if errors.Is(err, store.ErrNotFound) {
		s.fail(w, r, participantNotFound(id, user))
		return
	} else if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"excluded": false, "was_excluded": was})
}
