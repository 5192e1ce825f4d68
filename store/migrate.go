package store

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"

	"feedlab/queries"
)

// migrate applies, in file-name order, every migration whose number is above the
// database's user_version; each runs in its own transaction together with the version bump,
// so a failed migration leaves the database as it was.
func migrate(ctx context.Context, conn *sql.DB) error {
	names, err := fs.Glob(queries.Migrations, "migrations/*.sql")
	if err != nil {
		return fmt.Errorf("store: list migrations: %w", err)
	}
	sort.Strings(names)
	var current int
	if err := conn.QueryRowContext(ctx, "PRAGMA user_version").Scan(&current); err != nil {
		return fmt.Errorf("store: read schema version: %w", err)
	}
	for _, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		num, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
		if err != nil {
			return fmt.Errorf("store: migration %s: name must start with its number", base)
		}
		if num <= current {
			continue
		}
		body, err := fs.ReadFile(queries.Migrations, name)
		if err != nil {
			return fmt.Errorf("store: read migration %s: %w", base, err)
		}
		tx, err := conn.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("store: migration %s: %w", base, err)
		}
		if _, err := tx.ExecContext(ctx, string(body)); err != nil {
			tx.Rollback()
			return fmt.Errorf("store: migration %s: %w", base, err)
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", num)); err != nil {
			tx.Rollback()
			return fmt.Errorf("store: migration %s: set version: %w", base, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("store: migration %s: commit: %w", base, err)
		}
		current = num
	}
	return nil
}
