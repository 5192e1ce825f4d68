package api

import (
	"net/http"

	"feedlab/store"
)

// libraryAudit answers the stimulus library's audit log (GET /v1/library/audit): who hid,
// showed or deleted which set, and when, oldest first. Sets are the lab's, shared by every
// study, and any researcher may hide or delete one, so any signed-in researcher reads it.
func (s *Server) libraryAudit(w http.ResponseWriter, r *http.Request) {
	s.answerAuditLog(w, r, store.LibraryLog)
}
