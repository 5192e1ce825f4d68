package store

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"feedlab/store/db"
)

// Researcher is a signed-in account of the researcher pages.
type Researcher struct {
	ID   int64
	Name string
}

// CreateResearcher stores an account with an already hashed password. A taken name gives
// ErrConflict.
func (s *Store) CreateResearcher(ctx context.Context, name, passwordHash string) (Researcher, error) {
	var id int64
	err := s.withTx(ctx, func(q *db.Queries) error {
		var err error
		id, err = q.CreateResearcher(ctx, db.CreateResearcherParams{Name: name, PasswordHash: passwordHash, CreatedAt: s.millis()})
		if err != nil && strings.Contains(err.Error(), "UNIQUE") {
			return ErrConflict
		}
		return err
	})
	if err != nil {
		return Researcher{}, fmt.Errorf("store: create researcher %s: %w", name, err)
	}
	return Researcher{ID: id, Name: name}, nil
}

// ResearcherPasswordHash returns the account and its password hash, or ErrNotFound.
func (s *Store) ResearcherPasswordHash(ctx context.Context, name string) (Researcher, string, error) {
	r, err := s.rq.GetResearcherByName(ctx, name)
	if err != nil {
		return Researcher{}, "", fmt.Errorf("store: get researcher: %w", notFound(err))
	}
	return Researcher{ID: r.ResearcherID, Name: r.Name}, r.PasswordHash, nil
}

// CountResearchers returns how many accounts exist (none means first start).
func (s *Store) CountResearchers(ctx context.Context) (int64, error) {
	n, err := s.rq.CountResearchers(ctx)
	if err != nil {
		return 0, fmt.Errorf("store: count researchers: %w", err)
	}
	return n, nil
}

// CreateSession stores a session by the hash of its token.
func (s *Store) CreateSession(ctx context.Context, tokenHash string, researcherID, expiresAt int64) error {
	err := s.withTx(ctx, func(q *db.Queries) error {
		if err := q.DeleteExpiredSessions(ctx, s.millis()); err != nil {
			return err
		}
		return q.CreateSession(ctx, db.CreateSessionParams{TokenHash: tokenHash, ResearcherID: researcherID, CreatedAt: s.millis(), ExpiresAt: expiresAt})
	})
	if err != nil {
		return fmt.Errorf("store: create session: %w", err)
	}
	return nil
}

// SessionResearcher returns the researcher of an unexpired session, or ErrNotFound.
func (s *Store) SessionResearcher(ctx context.Context, tokenHash string) (Researcher, error) {
	r, err := s.rq.GetSession(ctx, db.GetSessionParams{TokenHash: tokenHash, ExpiresAt: s.millis()})
	if err != nil {
		return Researcher{}, fmt.Errorf("store: get session: %w", notFound(err))
	}
	return Researcher{ID: r.ResearcherID, Name: r.Name}, nil
}

// DeleteSession ends a session (sign out).
func (s *Store) DeleteSession(ctx context.Context, tokenHash string) error {
	if err := s.withTx(ctx, func(q *db.Queries) error { return q.DeleteSession(ctx, tokenHash) }); err != nil {
		return fmt.Errorf("store: delete session: %w", err)
	}
	return nil
}

// Setting returns an appliance setting, or ErrNotFound.
func (s *Store) Setting(ctx context.Context, key string) (string, error) {
	v, err := s.rq.GetSetting(ctx, key)
	if err != nil {
		return "", fmt.Errorf("store: get setting %s: %w", key, notFound(err))
	}
	return v, nil
}

// PutSetting stores an appliance setting.
func (s *Store) PutSetting(ctx context.Context, key, value string) error {
	if err := s.withTx(ctx, func(q *db.Queries) error { return q.PutSetting(ctx, db.PutSettingParams{Key: key, Value: value}) }); err != nil {
		return fmt.Errorf("store: put setting %s: %w", key, err)
	}
	return nil
}

// PutSetupToken stores the hash of a new one-time setup token, valid for ttl, replacing
// any previous one.
func (s *Store) PutSetupToken(ctx context.Context, key, tokenHash string, ttl time.Duration) error {
	value := tokenHash + " " + strconv.FormatInt(s.now().Add(ttl).UnixMilli(), 10)
	return s.PutSetting(ctx, key, value)
}

// ClaimSetupToken creates the first researcher account from a setup token, in one
// transaction: the token must match the stored hash and not have expired, and no account
// may exist yet (however it was made: the setup link, 'researcher add' or an older
// version). Otherwise it gives ErrNotFound and the token is deleted if accounts exist.
// A valid token with a taken name gives ErrConflict (the holder of the link may learn
// that; no one else can). On success the token is deleted: a setup link works once.
func (s *Store) ClaimSetupToken(ctx context.Context, key, tokenHash, name, passwordHash string) (Researcher, error) {
	var r Researcher
	err := s.withTx(ctx, func(q *db.Queries) error {
		stored, err := q.GetSetting(ctx, key)
		if err != nil {
			return ErrNotFound
		}
		hash, expiry, _ := strings.Cut(stored, " ")
		expires, perr := strconv.ParseInt(expiry, 10, 64)
		// A token stored without an expiry (before tokens expired) is not valid: serve
		// prints a new one while no account exists.
		if subtle.ConstantTimeCompare([]byte(hash), []byte(tokenHash)) != 1 || perr != nil || s.millis() >= expires {
			return ErrNotFound
		}
		if _, err := q.GetResearcherByName(ctx, name); err == nil {
			return ErrConflict
		}
		n, err := q.CountResearchers(ctx)
		if err != nil {
			return err
		}
		if n > 0 {
			// Nothing else of the transaction happens: the deletion is its only write.
			return q.DeleteSetting(ctx, key)
		}
		if err := q.DeleteSetting(ctx, key); err != nil {
			return err
		}
		id, err := q.CreateResearcher(ctx, db.CreateResearcherParams{Name: name, PasswordHash: passwordHash, CreatedAt: s.millis()})
		if err != nil {
			return err
		}
		r = Researcher{ID: id, Name: name}
		return nil
	})
	if err == nil && r.ID == 0 {
		err = ErrNotFound // accounts exist: the link was deleted, not used
	}
	if err != nil {
		if !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrConflict) {
			err = fmt.Errorf("store: claim setup token: %w", err)
		}
		return Researcher{}, err
	}
	return r, nil
}
