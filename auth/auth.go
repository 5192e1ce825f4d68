// Package auth holds what researcher sign-in needs besides storage: password hashing,
// session and setup tokens, the growing delays per account (backoff.go) and the
// known-device cookies (device.go). The flat per-key limits on sign-in attempts are
// limit.Attempts.
package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"
)

// Password rules: long enough to resist guessing, within bcrypt's 72-byte input.
const (
	MinPasswordLen = 10
	maxPasswordLen = 72
	MaxNameLen     = 64
)

// ErrWrongPassword is returned when a password does not match its hash.
var ErrWrongPassword = errors.New("auth: wrong password")

// CheckName reports what is wrong with a researcher name, or nil.
func CheckName(name string) error {
	if strings.TrimSpace(name) != name || name == "" {
		return errors.New("the name must not be empty or start or end with spaces")
	}
	if utf8.RuneCountInString(name) > MaxNameLen || !utf8.ValidString(name) {
		return fmt.Errorf("the name must be at most %d characters", MaxNameLen)
	}
	return nil
}

// CheckPassword reports what is wrong with a new password, or nil.
func CheckPassword(pw string) error {
	if utf8.RuneCountInString(pw) < MinPasswordLen {
		return fmt.Errorf("the password must be at least %d characters", MinPasswordLen)
	}
	if len(pw) > maxPasswordLen {
		return fmt.Errorf("the password must be at most %d bytes", maxPasswordLen)
	}
	return nil
}

// HashPassword returns the bcrypt hash of a password.
func HashPassword(pw string) (string, error) {
	if err := CheckPassword(pw); err != nil {
		return "", err
	}
	h, err := bcrypt.GenerateFromPassword([]byte(pw), bcrypt.DefaultCost)
	if err != nil {
		return "", fmt.Errorf("auth: hash password: %w", err)
	}
	return string(h), nil
}

// VerifyPassword returns nil when pw matches hash, ErrWrongPassword otherwise.
func VerifyPassword(hash, pw string) error {
	if bcrypt.CompareHashAndPassword([]byte(hash), []byte(pw)) != nil {
		return ErrWrongPassword
	}
	return nil
}

// DummyVerify spends the time of one password check, so that an unknown name cannot be
// told apart from a wrong password by timing.
func DummyVerify(pw string) {
	_ = bcrypt.CompareHashAndPassword(dummyHash(), []byte(pw))
}

// dummyHash is made on first use, not at package init: a bcrypt hash costs tens of
// milliseconds that every start of the binary (and every CLI command) would pay.
var dummyHash = sync.OnceValue(func() []byte {
	h, _ := bcrypt.GenerateFromPassword([]byte("feedlab-dummy-password"), bcrypt.DefaultCost)
	return h
})

// NewToken returns a random token (256 bits, URL-safe) for a session or a setup link.
func NewToken() string {
	b := make([]byte, 32)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashToken is what the database keeps of a token, so a copy of the database cannot be
// used to sign in.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
