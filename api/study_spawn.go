package api

import (
	"net/http"

	"feedlab/params"
	"feedlab/store"
)

type spawnRequest struct {
	ConditionSettings []struct {
		Condition number `json:"condition"`
		Param     string `json:"param"`
		Value     text   `json:"value"`
	} `json:"condition_settings"`
}

// spawnExperiment creates a study from the wizard's parameter rows and answers its
// experiment_id. Every row is checked first; any problem is answered (all of them, one per
// line) and nothing is created.
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
	rows := make([]params.Row, len(req.ConditionSettings))
	for i, cs := range req.ConditionSettings {
		rows[i] = params.Row{Condition: int(cs.Condition.value), Param: cs.Param, Value: string(cs.Value), Line: i + 1}
	}
	rows, err := params.FromWizard(rows)
	if err != nil {
		s.fail(w, r, invalidParameters(err))
		return
	}
	// The signed-in researcher owns what they create (DESIGN.md decision 9).
	id, err := s.createStudy(r, rows, researcherFrom(r.Context()).Name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"experiment_id": id})
}

// createStudy validates rows against the stored stimulus sets and stores the study, owned
// by the researcher createdBy.
func (s *Server) createStudy(r *http.Request, rows []params.Row, createdBy string) (string, error) {
	lookup, err := s.setLookup(r.Context())
	if err != nil {
		return "", err
	}
	study, err := params.Validate(rows, lookup)
	if err != nil {
		return "", invalidParameters(err)
	}
	ns := NewStudyFrom(study, createdBy)
	ns.Owner = createdBy
	return s.store.CreateStudy(r.Context(), ns)
}

// NewStudyFrom turns a validated study into the rows the store keeps (canonical: every
// parameter of every condition, so exports and "Verify parameters" are complete).
func NewStudyFrom(study params.Study, createdBy string) store.NewStudy {
	ns := store.NewStudy{NConditions: len(study.Conditions), CreatedBy: createdBy}
	for _, row := range study.Rows() {
		ns.Params = append(ns.Params, store.Param{Condition: row.Condition, Param: row.Param, Value: row.Value})
	}
	return ns
}
