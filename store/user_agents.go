package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
)

// MaxUserAgent bounds a stored user agent: real browsers' strings are 100 to 300 bytes;
// anything longer is cut (a client cannot grow the table with megabyte headers).
const MaxUserAgent = 400

// maxCachedUserAgents bounds the in-memory cache. A study sees a few hundred distinct
// browsers; past the bound, new strings are looked up in the database each time (still
// correct, a little slower), so a client sending random headers cannot grow memory.
const maxCachedUserAgents = 10_000

// userAgentCache maps a user agent to its committed id. It is filled only after the id's
// row is committed (UserAgentID commits on its own), so it never holds an id a rolled-back
// transaction could hand to another string.
type userAgentCache struct {
	ids sync.Map // string → int64
	n   atomic.Int64
}

// UserAgentID returns the id of a browser's User-Agent string, storing it the first time
// it is seen. The empty string (no header) has no id: Valid is false. Events carry the id,
// so every engagement row costs one integer, and the export maps it back with UserAgents.
func (s *Store) UserAgentID(ctx context.Context, userAgent string) (sql.NullInt64, error) {
	ua := cleanUserAgent(userAgent)
	if ua == "" {
		return sql.NullInt64{}, nil
	}
	if id, ok := s.agents.ids.Load(ua); ok {
		return sql.NullInt64{Int64: id.(int64), Valid: true}, nil
	}
	// Looked up (or added) in a transaction of its own that commits before the id is used:
	// new strings are rare (one per browser), so the event path almost never gets here.
	id, err := s.rq.GetUserAgentID(ctx, ua)
	if errors.Is(err, sql.ErrNoRows) {
		err = s.withTxRaw(ctx, func(tx *sql.Tx) error {
			var werr error
			id, werr = s.wq.WithTx(tx).UpsertUserAgent(ctx, ua)
			return werr
		})
		if err != nil {
			return sql.NullInt64{}, fmt.Errorf("store: user agent: %w", err)
		}
	} else if err != nil {
		return sql.NullInt64{}, fmt.Errorf("store: user agent: %w", err)
	}
	if s.agents.n.Load() < maxCachedUserAgents {
		if _, loaded := s.agents.ids.LoadOrStore(ua, id); !loaded {
			s.agents.n.Add(1)
		}
	}
	return sql.NullInt64{Int64: id, Valid: true}, nil
}

// UserAgentNames looks user agents up by id for an export, each id once: the map it
// returns answers "" for no id (null) or an unknown one.
type UserAgentNames struct {
	s     *Store
	names map[int64]string
}

// UserAgentNames starts a lookup of user agents by id.
func (s *Store) UserAgentNames() *UserAgentNames {
	return &UserAgentNames{s: s, names: map[int64]string{}}
}

// Name is the user agent with id, read from the database the first time it is asked for.
func (u *UserAgentNames) Name(ctx context.Context, id sql.NullInt64) (string, error) {
	if !id.Valid {
		return "", nil
	}
	if name, ok := u.names[id.Int64]; ok {
		return name, nil
	}
	name, err := u.s.rq.GetUserAgent(ctx, id.Int64)
	if errors.Is(err, sql.ErrNoRows) {
		name, err = "", nil
	}
	if err != nil {
		return "", fmt.Errorf("store: user agent %d: %w", id.Int64, err)
	}
	u.names[id.Int64] = name
	return name, nil
}

// cleanUserAgent trims a header value, cuts it to MaxUserAgent bytes on a character
// boundary and drops what is not valid UTF-8, so the export stays valid text.
func cleanUserAgent(ua string) string {
	ua = strings.TrimSpace(strings.ToValidUTF8(ua, ""))
	if len(ua) <= MaxUserAgent {
		return ua
	}
	cut := MaxUserAgent
	for cut > 0 && !utf8.RuneStart(ua[cut]) {
		cut--
	}
	return ua[:cut]
}
