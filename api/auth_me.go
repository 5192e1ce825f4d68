package api

import (
	"net/http"
)

// authMe answers who is signed in.
func (s *Server) authMe(w http.ResponseWriter, r *http.Request) {
	ok(w, map[string]any{"name": researcherFrom(r.Context()).Name})
}
