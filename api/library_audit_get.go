package api

import (
	"net/http"

	"feedlab/store"
)

// libraryAudit answers the stimulus library's audit log (GET /v1/library/audit): who hid,
// showed or deleted which set, and when, oldest first. Sets are the lab's, shared by every
// study, and any researcher may hide or delete one, so any signed-in researcher reads it.
func (s *Server) libraryAudit(w http.ResponseWriter, r *http.Request) {
	entries, err := s.store.AuditLog(r.Context(), store.LibraryLog)
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
