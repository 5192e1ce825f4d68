package api

import "net/http"

// listSignups answers the home page's "Join the alpha" sign-ups, newest first, to any
// signed-in researcher: they are the appliance's, not one study's.
func (s *Server) listSignups(w http.ResponseWriter, r *http.Request) {
	signups, err := s.store.Signups(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	type signup struct {
		Email     string `json:"email"`
		Name      string `json:"name"`
		CreatedAt int64  `json:"created_at"`
	}
	out := make([]signup, 0, len(signups))
	for _, x := range signups {
		out = append(out, signup{x.Email, x.Name, x.CreatedAt})
	}
	ok(w, map[string]any{"signups": out})
}
