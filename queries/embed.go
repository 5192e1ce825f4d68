// Package queries holds the SQL of feedlab: the ordered, append-only migrations and the
// query files that sqlc turns into store/db.
package queries

import "embed"

// Migrations are applied in file-name order; each file runs once, in its own transaction.
//
//go:embed migrations/*.sql
var Migrations embed.FS
