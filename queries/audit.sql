-- The audit log (migration 0005).

-- name: InsertAuditEntry :exec
INSERT INTO audit_log (experiment_id, at, researcher, action, detail) VALUES (?, ?, ?, ?, ?);

-- name: ListAuditEntries :many
SELECT at, researcher, action, detail FROM audit_log
WHERE experiment_id = ?
ORDER BY audit_id;
