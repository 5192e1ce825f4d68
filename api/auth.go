package api

import (
	"context"
	"errors"
	"net/http"
	"time"

	"feedlab/auth"
	"feedlab/store"
)

// sessionCookie is the name of the researcher session cookie.
const sessionCookie = "feedlab_session"

// SetupTokenSetting is the settings key holding the hash of the one-time setup token.
const SetupTokenSetting = "setup_token_hash"

// SetupTokenTTL is how long a printed setup link works.
const SetupTokenTTL = 24 * time.Hour

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

func (s *Server) startSession(w http.ResponseWriter, r *http.Request, res store.Researcher) error {
	token := auth.NewToken()
	expires := s.now().Add(sessionLifetime)
	if err := s.store.CreateSession(r.Context(), auth.HashToken(token), res.ID, expires.UnixMilli()); err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{
		Name: sessionCookie, Value: token, Path: "/", Expires: expires,
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: isHTTPS(r),
	})
	return nil
}
