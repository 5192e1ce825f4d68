package store

import (
	"context"
	"database/sql"
	"fmt"
	"os"
)

// Backup writes a consistent copy of the database to path (which must not exist) while
// the appliance keeps serving: VACUUM INTO reads one snapshot, so concurrent writes are
// either wholly in the copy or wholly absent. The copy is then checked with
// integrity_check.
func (s *Store) Backup(ctx context.Context, path string) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("store: backup: %s already exists", path)
	}
	// VACUUM INTO is not allowed on a query_only connection, so it runs on a connection of
	// its own rather than the shared writer (it only reads this database).
	conn, err := sql.Open("sqlite", dsn(s.path, false))
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "VACUUM INTO ?", path); err != nil {
		return fmt.Errorf("store: backup to %s: %w", path, err)
	}
	return CheckIntegrity(ctx, path)
}

// CheckIntegrity runs pragma integrity_check on a database file.
func CheckIntegrity(ctx context.Context, path string) error {
	conn, err := sql.Open("sqlite", fileURI(path)+"?mode=ro")
	if err != nil {
		return fmt.Errorf("store: integrity check of %s: %w", path, err)
	}
	defer conn.Close()
	var result string
	if err := conn.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&result); err != nil {
		return fmt.Errorf("store: integrity check of %s: %w", path, err)
	}
	if result != "ok" {
		return fmt.Errorf("store: integrity check of %s: %s", path, result)
	}
	return nil
}
