package api

import (
	"errors"
	"net/http"

	"feedlab/params"
	"feedlab/study"
)

// spawnRequest is the wizard's body. Each row is read by params.Row's own (lenient) JSON
// decoder, the one documented for wizard rows (docs/decisions.md, study parameters).
type spawnRequest struct {
	ConditionSettings []params.Row `json:"condition_settings"`
}

// spawnExperiment creates a study from the wizard's parameter rows and answers its
// experiment_id, with warnings about settings that can have no effect. Every row is checked
// first; any problem is answered (all of them, one per line) and nothing is created.
func (s *Server) spawnExperiment(w http.ResponseWriter, r *http.Request) {
	var req spawnRequest
	if err := decode(w, r, limitParams, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if len(req.ConditionSettings) == 0 {
		s.fail(w, r, badRequest("condition_settings is missing or empty."))
		return
	}
	rows, err := params.FromWizard(req.ConditionSettings)
	if err != nil {
		s.fail(w, r, invalidParameters(err))
		return
	}
	// The signed-in researcher owns what they create.
	name := researcherFrom(r.Context()).Name
	id, err := study.Create(r.Context(), s.store, rows, name, study.CreatedBy(name, "from the wizard"))
	var problems params.Problems
	if errors.As(err, &problems) {
		s.fail(w, r, invalidParameters(problems))
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"experiment_id": id, "warnings": problemList(params.Warnings(rows))})
}
