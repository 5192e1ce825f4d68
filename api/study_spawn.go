package api

import (
	"errors"
	"net/http"

	"feedlab/params"
	"feedlab/store"
	"feedlab/study"
)

// spawnRequest is the wizard's body. Each row is read by params.Row's own (lenient) JSON
// decoder, the one documented for wizard rows (docs/decisions.md, study parameters).
type spawnRequest struct {
	ConditionSettings []params.Row `json:"condition_settings"`
	// IdempotencyKey is the wizard's key for one form: the same key again answers the study
	// the first request created (Create Study pressed twice, a retried request).
	IdempotencyKey string `json:"idempotency_key"`
}

// spawnExperiment creates a study from the wizard's parameter rows and answers its
// experiment_id, with warnings about settings that can have no effect. Every row is checked
// first; any problem is answered (all of them, one per line) and nothing is created.
func (s *Server) spawnExperiment(w http.ResponseWriter, r *http.Request) {
	req, rows, done := s.wizardRows(w, r)
	if done {
		return
	}
	if len(req.IdempotencyKey) > 100 {
		s.fail(w, r, badRequest("idempotency_key is longer than 100 characters."))
		return
	}
	// The signed-in researcher owns what they create, as a draft to review and launch.
	name := researcherFrom(r.Context()).Name
	opts := []study.Option{study.CreatedBy(name, "from the wizard"), study.Draft()}
	if req.IdempotencyKey != "" {
		opts = append(opts, study.IdempotencyKey(req.IdempotencyKey))
	}
	id, existing, err := study.CreateOnce(r.Context(), s.store, rows, name, opts...)
	var problems params.Problems
	if errors.As(err, &problems) {
		s.fail(w, r, invalidParameters(problems))
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"experiment_id": id, "existing": existing, "status": store.StatusDraft, "warnings": problemList(params.Warnings(rows))})
}

// wizardRows reads a request carrying the wizard's rows (creating a study or replacing a
// draft's parameters) and decodes them; done is true when a refusal has been answered.
func (s *Server) wizardRows(w http.ResponseWriter, r *http.Request) (req spawnRequest, rows []params.Row, done bool) {
	if err := decode(w, r, limitParams, &req); err != nil {
		s.fail(w, r, err)
		return req, nil, true
	}
	if len(req.ConditionSettings) == 0 {
		s.fail(w, r, badRequest("condition_settings is missing or empty."))
		return req, nil, true
	}
	rows, err := params.FromWizard(req.ConditionSettings)
	if err != nil {
		s.fail(w, r, invalidParameters(err))
		return req, nil, true
	}
	return req, rows, false
}
