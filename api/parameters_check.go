package api

import (
	"errors"
	"feedlab/study"
	"net/http"
	"strings"

	"feedlab/params"
)

// limitParams bounds a study sent as rows or as params.csv text: the largest valid
// params.csv (params.MaxCSVBytes) with room for JSON escaping.
const limitParams = params.MaxCSVBytes + 2<<20

type checkRequest struct {
	CSV               *string      `json:"csv"`
	ConditionSettings []params.Row `json:"condition_settings"`
}

// checkParameters answers the canonical rows a study would be created with, from a
// params.csv text or the wizard's rows (URL-encoded as spawn_experiment takes them), or
// every problem found (400 invalid_parameters), with warnings about settings that can have
// no effect (params.Warnings; an empty list when there are none). It creates nothing: it is Verify
// parameters and the first step of Start from a file.
func (s *Server) checkParameters(w http.ResponseWriter, r *http.Request) {
	var req checkRequest
	if err := decode(w, r, limitParams, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	var rows []params.Row
	var err error
	switch {
	case req.CSV != nil && req.ConditionSettings != nil:
		s.fail(w, r, badRequest("Send either csv or condition_settings, not both."))
		return
	case req.CSV != nil:
		rows, err = params.ParseCSV(strings.NewReader(*req.CSV))
	case len(req.ConditionSettings) > 0:
		rows, err = params.FromWizard(req.ConditionSettings)
	default:
		s.fail(w, r, badRequest("Send csv (the text of a params.csv) or condition_settings (the wizard's rows)."))
		return
	}
	if err != nil {
		s.fail(w, r, invalidParameters(err))
		return
	}
	def, err := study.Check(r.Context(), s.store, rows)
	var problems params.Problems
	if errors.As(err, &problems) {
		s.fail(w, r, invalidParameters(problems))
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// Settings that can have no effect are answered beside the rows, not as problems: the
	// study is valid as written, and the wizard shows them before Create.
	ok(w, map[string]any{"rows": def.Rows(), "n_conditions": len(def.Conditions), "warnings": problemList(params.Warnings(rows))})
}
