package api

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"feedlab/auth"
	"feedlab/store"
)

// sessionCookie is the name of the researcher session cookie.
const sessionCookie = "feedlab_session"

// SetupTokenSetting is the settings key holding the hash of the one-time setup token.
const SetupTokenSetting = "setup_token_hash"

const sessionLifetime = 7 * 24 * time.Hour

type researcherKey struct{}

// researcherFrom returns the signed-in researcher of a request that passed
// requireResearcher.
func researcherFrom(ctx context.Context) store.Researcher {
	r, _ := ctx.Value(researcherKey{}).(store.Researcher)
	return r
}

// requireResearcher lets a request through only with a valid session cookie: every
// researcher call needs a signed-in researcher, and participants can never read data.
func (s *Server) requireResearcher(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(sessionCookie)
		if err != nil || c.Value == "" {
			s.fail(w, r, &apiError{http.StatusUnauthorized, codeUnauthorized, "Sign in as a researcher to do this."})
			return
		}
		res, err := s.store.SessionResearcher(r.Context(), auth.HashToken(c.Value))
		if errors.Is(err, store.ErrNotFound) {
			s.fail(w, r, &apiError{http.StatusUnauthorized, codeUnauthorized, "Your session has ended; sign in again."})
			return
		}
		if err != nil {
			s.fail(w, r, err)
			return
		}
		next(w, r.WithContext(context.WithValue(r.Context(), researcherKey{}, res)))
	}
}

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
	if !s.logins.Allowed(key, now) {
		s.fail(w, r, &apiError{http.StatusTooManyRequests, codeRateLimited, "Too many failed sign-ins; wait 15 minutes and try again."})
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
	if !s.logins.Allowed(key, s.now()) {
		s.fail(w, r, &apiError{http.StatusTooManyRequests, codeRateLimited, "Too many failed attempts; wait 15 minutes and try again."})
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

func (s *Server) startSession(w http.ResponseWriter, r *http.Request, res store.Researcher) error {
	token := auth.NewToken()
	expires := s.now().Add(sessionLifetime)
	if err := s.store.CreateSession(r.Context(), auth.HashToken(token), res.ID, expires.UnixMilli()); err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{
		Name: sessionCookie, Value: token, Path: "/", Expires: expires,
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil,
	})
	return nil
}

// authLogout ends the session, if any.
func (s *Server) authLogout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(sessionCookie); err == nil && c.Value != "" {
		if err := s.store.DeleteSession(r.Context(), auth.HashToken(c.Value)); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode})
	ok(w, nil)
}

// authMe answers who is signed in.
func (s *Server) authMe(w http.ResponseWriter, r *http.Request) {
	ok(w, map[string]any{"name": researcherFrom(r.Context()).Name})
}

func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
