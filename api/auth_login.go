package api

import (
	"errors"
	"net/http"

	"feedlab/auth"
	"feedlab/store"
)

type credentials struct {
	Name     string `json:"name"`
	Password string `json:"password"`
	Token    string `json:"token"` // setup only
}

// authLogin signs a researcher in. Every attempt goes through the sign-in guard
// (auth_guard.go) before its password is checked; the client address is used in memory
// only, never stored. A browser that signed in to this name before (its device cookie) is
// judged on its own failures only; a success gives the browser a fresh device cookie.
func (s *Server) authLogin(w http.ResponseWriter, r *http.Request) {
	var c credentials
	if err := decode(w, r, 4<<10, &c); err != nil {
		s.fail(w, r, err)
		return
	}
	if len(c.Name) > 4*auth.MaxNameLen || auth.CheckName(c.Name) != nil {
		// No account has such a name (account names pass CheckName); nothing is hashed.
		s.fail(w, r, &apiError{http.StatusUnauthorized, codeUnauthorized, "Wrong name or password."})
		return
	}
	att, err := s.signIns.begin(r.Context(), "login", c.Name, clientAddr(r), s.knownDevice(r, c.Name), s.now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer att.done()
	res, hash, err := s.store.ResearcherPasswordHash(r.Context(), c.Name)
	if errors.Is(err, store.ErrNotFound) {
		s.dummyVerify(c.Password)
		s.fail(w, r, &apiError{http.StatusUnauthorized, codeUnauthorized, "Wrong name or password."})
		return
	}
	if err != nil {
		att.notCounted()
		s.fail(w, r, err)
		return
	}
	if s.verifyPassword(hash, c.Password) != nil {
		s.fail(w, r, &apiError{http.StatusUnauthorized, codeUnauthorized, "Wrong name or password."})
		return
	}
	att.succeed()
	if err := s.startSession(w, r, res); err != nil {
		s.fail(w, r, err)
		return
	}
	s.rememberDevice(w, r, res.Name)
	ok(w, map[string]any{"name": res.Name})
}
