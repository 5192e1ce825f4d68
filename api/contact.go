package api

import (
	"errors"
	"net/mail"
	"net/url"
	"strings"
)

// Contact is the home page's contact link (serve --contact): an email address, shown as a
// mailto: link, or an https:// page.
type Contact struct {
	Email string
	URL   string
}

// ErrBadContact is returned by ParseContact for a value that is neither.
var ErrBadContact = errors.New("--contact must be an email address (name@example.org) or an https:// link")

// ParseContact reads serve --contact; "" is no contact (the home page shows no link).
func ParseContact(s string) (Contact, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Contact{}, nil
	}
	if strings.HasPrefix(s, "https://") {
		u, err := url.Parse(s)
		if err != nil || u.Host == "" || u.User != nil {
			return Contact{}, ErrBadContact
		}
		return Contact{URL: u.String()}, nil
	}
	if addr, err := mail.ParseAddress(s); err == nil && addr.Address == s {
		return Contact{Email: s}, nil
	}
	return Contact{}, ErrBadContact
}
