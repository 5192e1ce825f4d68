package api

import (
	"net/http"
)

// analytics answers the home page's running counts: the studies researchers created here
// (not the built-in demo) and the participants who took part (not previews). It is public:
// the counts reveal no participant data.
func (s *Server) analytics(w http.ResponseWriter, r *http.Request) {
	experiments, users, err := s.store.Analytics(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	body := map[string]any{"success": "true", "total_experiments": experiments, "total_users": users}
	if s.contact.Email != "" {
		body["contact_email"] = s.contact.Email
	}
	if s.contact.URL != "" {
		body["contact_url"] = s.contact.URL
	}
	writeJSON(w, http.StatusOK, body)
}
