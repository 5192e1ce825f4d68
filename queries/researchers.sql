-- name: CreateResearcher :one
INSERT INTO researchers (name, password_hash, created_at) VALUES (?, ?, ?)
RETURNING researcher_id;

-- name: GetResearcherByName :one
SELECT * FROM researchers WHERE name = ?;

-- name: CountResearchers :one
SELECT count(*) FROM researchers;

-- name: CreateSession :exec
INSERT INTO researcher_sessions (token_hash, researcher_id, created_at, expires_at)
VALUES (?, ?, ?, ?);

-- name: GetSession :one
SELECT r.researcher_id, r.name, s.expires_at
FROM researcher_sessions s JOIN researchers r ON r.researcher_id = s.researcher_id
WHERE s.token_hash = ? AND s.expires_at > ?;

-- name: DeleteSession :exec
DELETE FROM researcher_sessions WHERE token_hash = ?;

-- name: DeleteExpiredSessions :exec
DELETE FROM researcher_sessions WHERE expires_at <= ?;

-- name: GetSetting :one
SELECT value FROM settings WHERE key = ?;

-- name: PutSetting :exec
INSERT INTO settings (key, value) VALUES (?, ?)
ON CONFLICT (key) DO UPDATE SET value = excluded.value;

-- name: DeleteSetting :exec
DELETE FROM settings WHERE key = ?;

-- name: CreateSignup :exec
INSERT INTO signups (email, name, created_at) VALUES (?, ?, ?);

-- name: ListSignups :many
-- Newest first: a researcher reads the latest sign-ups at the top.
SELECT signup_id, email, name, created_at FROM signups ORDER BY signup_id DESC;

-- name: GetLockoutClearedAt :one
SELECT lockout_cleared_at FROM researchers WHERE name = ?;

-- name: ClearLockout :execrows
UPDATE researchers SET lockout_cleared_at = ? WHERE name = ?;

-- name: SetResearcherPassword :one
UPDATE researchers SET password_hash = ?, lockout_cleared_at = ? WHERE name = ?
RETURNING researcher_id;

-- name: DeleteResearcherSessions :exec
DELETE FROM researcher_sessions WHERE researcher_id = ?;

-- name: ListStudiesOwnedBy :many
SELECT experiment_id FROM studies WHERE owner_id = ? ORDER BY created_at, experiment_id;

-- name: ListStudiesSharedWith :many
SELECT experiment_id FROM study_shares WHERE researcher_id = ? ORDER BY experiment_id;

-- name: DeleteSharesWith :exec
DELETE FROM study_shares WHERE researcher_id = ?;

-- name: DeleteResearcher :exec
-- Their uploads' records (media_uploaders) go with them (ON DELETE CASCADE).
DELETE FROM researchers WHERE researcher_id = ?;
