package api

import (
	"net/http"
	"net/mail"
	"strings"
)

type signupRequest struct {
	Email string `json:"email"`
	Name  string `json:"name"`
}

// signup records an alpha-testing sign-up from the home page.
func (s *Server) signup(w http.ResponseWriter, r *http.Request) {
	var req signupRequest
	if err := decode(w, r, 4<<10, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	req.Email, req.Name = strings.TrimSpace(req.Email), strings.TrimSpace(req.Name)
	if addr, err := mail.ParseAddress(req.Email); err != nil || addr.Address != req.Email || len(req.Email) > 254 {
		s.fail(w, r, badRequest("Enter a valid email address."))
		return
	}
	if len(req.Name) > 200 {
		s.fail(w, r, badRequest("The name is longer than 200 characters."))
		return
	}
	if wait := s.signups.Take(clientAddr(r), s.now()); wait > 0 {
		s.fail(w, r, tooMany("Too many sign-ups from one address", wait))
		return
	}
	if err := s.store.CreateSignup(r.Context(), req.Email, req.Name); err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, nil)
}
