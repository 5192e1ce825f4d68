package api

import (
	"errors"
	"net/http"
	"strconv"

	"feedlab/auth"
	"feedlab/store"
)

// authSetup creates the first researcher account from the one-time link that serve prints
// on a start without accounts. The link works once, for 24 hours, and only while no
// account exists (store.ClaimSetupToken decides all three in one transaction).
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
	// The throttle is checked before the (deliberately slow) password hash.
	key := "setup\x00" + clientAddr(r)
	if wait := s.logins.RetryAfter(key, s.now()); wait > 0 {
		s.fail(w, r, rateLimited("attempts", wait))
		return
	}
	hash, err := auth.HashPassword(c.Password)
	if err != nil {
		s.fail(w, r, badRequest("Password: %s.", err))
		return
	}
	res, err := s.store.ClaimSetupToken(r.Context(), SetupTokenSetting, auth.HashToken(c.Token), c.Name, hash)
	if errors.Is(err, store.ErrNotFound) {
		s.logins.Fail(key, s.now())
		s.fail(w, r, &apiError{http.StatusForbidden, codeForbidden, "This setup link is not valid: it was already used, it expired (after 24 hours), or a researcher account exists. Add an account with 'feedlab researcher add', or restart 'feedlab serve' for a new link while no account exists."})
		return
	}
	if errors.Is(err, store.ErrConflict) {
		s.fail(w, r, &apiError{http.StatusConflict, codeConflict, "The name " + strconv.Quote(c.Name) + " is taken by an existing account; sign in with it instead."})
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
