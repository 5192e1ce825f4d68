package api

import "net/http"

// authStatus answers whether any researcher account exists, without a sign-in, so the
// setup page can send a visitor to sign in instead of showing a form that cannot work
// (the one-time link is only printed while there is no account).
func (s *Server) authStatus(w http.ResponseWriter, r *http.Request) {
	n, err := s.store.CountResearchers(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"accounts_exist": n > 0})
}
