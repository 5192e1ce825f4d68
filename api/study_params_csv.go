package api

import (
	"bytes"
	"fmt"
	"net/http"

	"feedlab/params"
	"feedlab/store"
	"feedlab/study"
)

// studyParamsCSV answers a study's parameters as the params.csv that recreates it
// (`feedlab study create --from`, Start from a file), written by params.WriteCSV.
func (s *Server) studyParamsCSV(w http.ResponseWriter, r *http.Request) {
	id := studyOf(r).ID
	stored, err := s.store.StudyParams(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	rows := study.Rows(stored)
	// Written to memory first (a study is at most a few MB) so a failure is still a JSON
	// error rather than a cut download.
	var buf bytes.Buffer
	if err := params.WriteCSV(&buf, rows); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.auditRead(r, id, store.AuditReadParameters, "parameters.csv"); err != nil {
		s.fail(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s_experiment_parameters.csv"`, fileSafe.ReplaceAllString(id, "_")))
	w.Write(buf.Bytes())
}
