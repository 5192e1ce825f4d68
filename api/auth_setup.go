package api

import (
	"errors"
	"net/http"

	"feedlab/auth"
	"feedlab/store"
)

// authSetup creates the first researcher account from the one-time link that serve prints
// on first start.
func (s *Server) authSetup(w http.ResponseWriter, r *http.Request) {
	var c credentials
	if err := decode(w, r, 4<<10, &c); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := auth.CheckName(c.Name); err != nil {
		s.fail(w, r, badRequest("Name: %s.", err))
		return
	}
	hash, err := auth.HashPassword(c.Password)
	if err != nil {
		s.fail(w, r, badRequest("Password: %s.", err))
		return
	}
	key := "setup\x00" + clientAddr(r)
	if wait := s.logins.RetryAfter(key, s.now()); wait > 0 {
		s.fail(w, r, rateLimited("attempts", wait))
		return
	}
	res, err := s.store.ClaimSetupToken(r.Context(), SetupTokenSetting, auth.HashToken(c.Token), c.Name, hash)
	if errors.Is(err, store.ErrNotFound) {
		s.logins.Fail(key, s.now())
		s.fail(w, r, &apiError{http.StatusForbidden, codeForbidden, "This setup link is not valid or was already used. Add an account with 'feedlab researcher add'."})
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.startSession(w, r, res); err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"name": res.Name})
}
