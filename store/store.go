// Package store owns feedlab's SQLite database: opening it, migrating it and every read
// and write. All SQL of the appliance goes through here (the generated query code lives in
// store/db and is made by sqlc from queries/).
//
// The database is opened twice: one writer connection, so writes are serialized inside the
// process and no request ever sees SQLITE_BUSY from a sibling, and a pool of read-only
// connections, so exports and feed loads never wait for writes (WAL lets them run beside
// the writer).
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"time"

	_ "modernc.org/sqlite" // registers the pure-Go "sqlite" driver

	"feedlab/store/db"
)

// ErrNotFound is returned when a study, stimulus set, participant or other record does not
// exist.
var ErrNotFound = errors.New("not found")

// ErrConflict is returned when a record that must be unique already exists.
var ErrConflict = errors.New("already exists")

// DatabaseFile is the name of the SQLite file inside the data directory.
const DatabaseFile = "feedlab.db"

// Store is the open database. It is safe for concurrent use.
type Store struct {
	path   string
	write  *sql.DB // exactly one connection
	read   *sql.DB // read-only pool
	wq     *db.Queries
	rq     *db.Queries
	events *eventWriter
	now    func() time.Time
	agents userAgentCache // user agent → id, see user_agents.go
	// resolved: found participants and cards of events, see resolve_cache.go
	resolved resolveCache
	// reserved: arrivals planned but not yet committed, see arrival_plan.go
	reserved reservations
	// loadCounts: each study's condition loads as planning last counted them (load_cache.go)
	loadCounts loadCache
	// setCards: sets' cards as composing last read them (load_cache.go)
	setCards setCardCache
	// fresh: just-registered participants' feeds, answered once without a read (load_cache.go)
	fresh freshFeeds
	// inventoryStmts: the feed's multi-row insert, prepared per card count (multirow_stmts.go)
	inventoryStmts multiRowStmts
	// engagementStmts: a dwell batch's multi-row insert, prepared per row count
	engagementStmts multiRowStmts
	// clocks: how long writes wait for the writer and hold it (writer_clock.go)
	clocks writerClocks
	// pickTie, when set (tests), replaces the random tie-break between conditions.
	pickTie func(n int) int
}

// Open opens (creating if needed) the database in dataDir and applies pending migrations.
func Open(ctx context.Context, dataDir string) (*Store, error) {
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return nil, fmt.Errorf("store: create data directory: %w", err)
	}
	path := filepath.Join(dataDir, DatabaseFile)
	write, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	write.SetConnMaxIdleTime(0)
	if err := write.PingContext(ctx); err != nil {
		write.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	if err := migrate(ctx, write); err != nil {
		write.Close()
		return nil, err
	}
	read, err := sql.Open("sqlite", dsn(path, true))
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("store: open %s for reading: %w", path, err)
	}
	n := max(4, 2*runtime.NumCPU())
	read.SetMaxOpenConns(n)
	read.SetMaxIdleConns(n)
	// Prepared once: parsing SQL again on every call cost a fifth of the CPU time of an
	// ingested event (BENCHMARKS.md).
	wq, err := db.Prepare(ctx, write)
	if err != nil {
		write.Close()
		read.Close()
		return nil, fmt.Errorf("store: prepare statements: %w", err)
	}
	rq, err := db.Prepare(ctx, read)
	if err != nil {
		wq.Close()
		write.Close()
		read.Close()
		return nil, fmt.Errorf("store: prepare statements: %w", err)
	}
	s := &Store{path: path, write: write, read: read, wq: wq, rq: rq, now: time.Now}
	s.events = newEventWriter(s)
	return s, nil
}

// dsn builds the connection string. busy_timeout comes first so that every later pragma,
// and the first statement, already waits for a lock held by another process (a CLI
// command run while the server is serving) instead of failing.
func dsn(path string, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	// FULL: a transaction acknowledged to a participant survives power loss, not just a
	// crash. Group commit (eventWriter) keeps the cost of the extra fsync shared.
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "foreign_keys(1)")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		// BEGIN IMMEDIATE takes the write lock up front, so two processes never deadlock
		// upgrading read transactions.
		q.Set("_txlock", "immediate")
	}
	return fileURI(path) + "?" + q.Encode()
}

// fileURI is path as an SQLite URI without its query: '#', '?' and '%' in a directory
// name ("Study #2") must be percent-encoded or SQLite would cut the path there.
func fileURI(path string) string {
	return "file:" + (&url.URL{Path: filepath.ToSlash(path)}).EscapedPath()
}

// Path is the database file's path.
func (s *Store) Path() string { return s.path }

// Close commits pending events, then closes both connection pools.
func (s *Store) Close() error {
	s.events.close()
	err := errors.Join(s.inventoryStmts.close(), s.engagementStmts.close(), s.wq.Close(), s.rq.Close(), s.write.Close(), s.read.Close())
	if err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	return nil
}

// withTx runs fn in one write transaction, committing when fn returns nil.
func (s *Store) withTx(ctx context.Context, fn func(q *db.Queries) error) error {
	return s.withTxRaw(ctx, func(tx *sql.Tx) error { return fn(s.wq.WithTx(tx)) })
}

func (s *Store) withTxRaw(ctx context.Context, fn func(tx *sql.Tx) error) error {
	return s.withTimedTx(ctx, &s.clocks.other, fn)
}

// withTimedTx is withTxRaw counting its wait and hold of the writer in c (writer_clock.go).
func (s *Store) withTimedTx(ctx context.Context, c *txClocks, fn func(tx *sql.Tx) error) error {
	tx, began, err := s.beginTimed(ctx, c)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		rollbackTimed(tx, c, began)
		return err
	}
	return commitTimed(tx, c, began)
}

// notFound maps sql.ErrNoRows to ErrNotFound, so callers never see database/sql details.
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

func (s *Store) millis() int64 { return s.now().UnixMilli() }
