package api

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"time"

	"feedlab/export"
)

// auditEntryJSON is one audit log entry as the API answers it.
type auditEntryJSON struct {
	At         int64  `json:"at"` // Unix ms
	Researcher string `json:"researcher"`
	Action     string `json:"action"`
	Detail     string `json:"detail"`
}

// studyAudit answers a study's audit log (who created, shared, changed, paused or
// downloaded it, and when), oldest first.
func (s *Server) studyAudit(w http.ResponseWriter, r *http.Request) {
	s.answerAuditLog(w, r, studyOf(r).ID)
}

// answerAuditLog answers one log (a study's, or the library's) as JSON entries.
func (s *Server) answerAuditLog(w http.ResponseWriter, r *http.Request, log string) {
	entries, err := s.store.AuditLog(r.Context(), log)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]auditEntryJSON, len(entries))
	for i, e := range entries {
		out[i] = auditEntryJSON{At: e.At.UnixMilli(), Researcher: e.Researcher, Action: e.Action, Detail: e.Detail}
	}
	ok(w, map[string]any{"entries": out})
}

// studyAuditCSV answers the same log as a CSV download (at as UTC ISO 8601), for an ethics
// board's file. Cells are neutralised like every export's (a researcher's name or a share
// detail could start with '=').
func (s *Server) studyAuditCSV(w http.ResponseWriter, r *http.Request) {
	id := studyOf(r).ID
	entries, err := s.store.AuditLog(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	extendWrite(w, exportWriteWindow)
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s_audit.csv"`, fileSafe.ReplaceAllString(id, "_")))
	cw := csv.NewWriter(w)
	cw.Write([]string{"at", "researcher", "action", "detail"})
	for _, e := range entries {
		cw.Write([]string{
			e.At.UTC().Format(time.RFC3339Nano), export.Neutralise(e.Researcher),
			e.Action, export.Neutralise(e.Detail),
		})
	}
	cw.Flush()
}
