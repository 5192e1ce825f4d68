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
	if err := auth.CheckPassword(c.Password); err != nil {
		s.fail(w, r, badRequest("Password: %s.", err))
		return
	}
	// The attempt is reserved in the sign-in guard before the (deliberately slow) password
	// hash, keyed on the address alone (the name is the claimer's choice).
	att, err := s.signIns.begin(r.Context(), "setup", "", clientAddr(r), nil, s.now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer att.done()
	hash, err := s.hashPassword(c.Password)
	if err != nil {
		att.notCounted()
		s.fail(w, r, badRequest("Password: %s.", err))
		return
	}
	res, err := s.store.ClaimSetupToken(r.Context(), SetupTokenSetting, auth.HashToken(c.Token), c.Name, hash)
	if err == nil {
		att.succeed()
	}
	if errors.Is(err, store.ErrNotFound) {
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
	s.rememberDevice(w, r, res.Name)
	ok(w, map[string]any{"name": res.Name})
}
