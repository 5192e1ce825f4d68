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

// authLogin signs a researcher in. Failed attempts are throttled per name and client
// address; the address is used in memory only, never stored.
func (s *Server) authLogin(w http.ResponseWriter, r *http.Request) {
	var c credentials
	if err := decode(w, r, 4<<10, &c); err != nil {
		s.fail(w, r, err)
		return
	}
	key := c.Name + "\x00" + clientAddr(r)
	now := s.now()
	if wait := s.logins.RetryAfter(key, now); wait > 0 {
		s.fail(w, r, rateLimited("sign-ins", wait))
		return
	}
	res, hash, err := s.store.ResearcherPasswordHash(r.Context(), c.Name)
	if errors.Is(err, store.ErrNotFound) {
		auth.DummyVerify(c.Password)
		s.logins.Fail(key, now)
		s.fail(w, r, &apiError{http.StatusUnauthorized, codeUnauthorized, "Wrong name or password."})
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if auth.VerifyPassword(hash, c.Password) != nil {
		s.logins.Fail(key, now)
		s.fail(w, r, &apiError{http.StatusUnauthorized, codeUnauthorized, "Wrong name or password."})
		return
	}
	s.logins.Succeed(key)
	if err := s.startSession(w, r, res); err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"name": res.Name})
}
