package store

import (
	"context"
	"database/sql"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"feedlab/queries"
)

// openMigratedFrom builds a database in dir as the migrations before `before` (a file
// name prefix such as "0030") left it, runs stmts on it (the rows written by the older
// version, and its PRAGMA user_version), then opens it as the store does, which runs the
// remaining migrations. A migration test checks what the store reads afterwards.
func openMigratedFrom(t *testing.T, dir, before string, stmts []string) *Store {
	t.Helper()
	ctx := context.Background()
	raw, err := sql.Open("sqlite", dsn(filepath.Join(dir, DatabaseFile), false))
	if err != nil {
		t.Fatal(err)
	}
	names, err := fs.Glob(queries.Migrations, "migrations/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range names {
		if strings.TrimPrefix(m, "migrations/") >= before {
			continue
		}
		body, err := fs.ReadFile(queries.Migrations, m)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := raw.ExecContext(ctx, string(body)); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	for _, stmt := range stmts {
		if _, err := raw.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("%.60s: %v", stmt, err)
		}
	}
	if err := raw.Close(); err != nil {
		t.Fatal(err)
	}
	s, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
