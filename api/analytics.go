package api

import (
	"net/http"
)

// analytics answers the home page's running counts. It is public: the counts reveal no
// participant data.
func (s *Server) analytics(w http.ResponseWriter, r *http.Request) {
	experiments, users, err := s.store.Analytics(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	body := map[string]any{"success": "true", "total_experiments": experiments, "total_users": users}
	if s.contact != "" {
		body["contact_email"] = s.contact
	}
	writeJSON(w, http.StatusOK, body)
}
