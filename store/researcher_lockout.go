package store

import (
	"context"
	"fmt"
	"time"

	"feedlab/store/db"
)

// Lockout clearing (issue 20 item 4). The serving process counts failed sign-ins in memory;
// the command line cannot reach that memory, so it records here when it cleared an
// account and serve lifts any lockout that began no later than that.

// LockoutClearedAt answers when an operator last cleared the named account's lockout (the
// zero time if never), or ErrNotFound.
func (s *Store) LockoutClearedAt(ctx context.Context, name string) (time.Time, error) {
	ms, err := s.rq.GetLockoutClearedAt(ctx, name)
	if err != nil {
		return time.Time{}, fmt.Errorf("store: lockout of %s: %w", name, notFound(err))
	}
	if ms == 0 {
		return time.Time{}, nil
	}
	return time.UnixMilli(ms), nil
}

// ClearLockout records that the named account's sign-in lockout is lifted now, or gives
// ErrNotFound.
func (s *Store) ClearLockout(ctx context.Context, name string) error {
	err := s.withTx(ctx, func(q *db.Queries) error {
		n, err := q.ClearLockout(ctx, db.ClearLockoutParams{LockoutClearedAt: s.millis(), Name: name})
		if err == nil && n == 0 {
			return ErrNotFound
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("store: clear lockout of %s: %w", name, err)
	}
	return nil
}

// SetResearcherPassword replaces the named account's password hash, ends every session of
// the account (whoever knew the old password is signed out) and lifts its lockout, in one
// transaction; ErrNotFound when no account has that name.
func (s *Store) SetResearcherPassword(ctx context.Context, name, passwordHash string) error {
	err := s.withTx(ctx, func(q *db.Queries) error {
		id, err := q.SetResearcherPassword(ctx, db.SetResearcherPasswordParams{PasswordHash: passwordHash, LockoutClearedAt: s.millis(), Name: name})
		if err != nil {
			return notFound(err)
		}
		return q.DeleteResearcherSessions(ctx, id)
	})
	if err != nil {
		return fmt.Errorf("store: set password of %s: %w", name, err)
	}
	return nil
}
