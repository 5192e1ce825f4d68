package api

import (
	"fmt"
	"net/http"
	"net/url"

	"feedlab/store"
)

type previewRequest struct {
	Condition int `json:"condition"`
}

// previewStudy makes a preview link for one condition: opening it runs the participant
// flow as a test participant in that condition (left out of balancing, the dashboard and
// exports). The link works for 24 hours and may be opened again (say on a phone); each
// opening is a new test participant. Collaborators may preview too.
func (s *Server) previewStudy(w http.ResponseWriter, r *http.Request) {
	id := studyOf(r).ID
	var req previewRequest
	if err := decode(w, r, 4<<10, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	def, err := s.studyDefinition(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if def.Condition(req.Condition) == nil {
		s.fail(w, r, badRequest("condition must be a condition of this study, from 1 to %d.", len(def.Study.Conditions)))
		return
	}
	// Recorded first: a link that admits participants is not made unrecorded.
	if err := s.store.RecordAudit(r.Context(), id, researcherFrom(r.Context()).Name, store.AuditPreviewLink, fmt.Sprintf("condition %d", req.Condition)); err != nil {
		s.fail(w, r, err)
		return
	}
	token, err := s.store.CreatePreviewToken(r.Context(), id, req.Condition, researcherFrom(r.Context()).Name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	q := url.Values{"experiment_id": {id}, previewParam: {token}}
	ok(w, map[string]any{"url": "/?" + q.Encode()})
}
