-- The live dashboard, the study lifecycle, preview links and text versions (issue 10,
-- migration 0004).

-- name: GetParticipantStages :many
-- The participants of one group commit, read at once; participant_ids is a JSON array (a
-- prepared statement, where an IN list would be parsed again for every group).
SELECT participant_id, experiment_id, condition, is_test, stage, coalesce(last_seen_at, 0) AS last_seen_at
FROM participants WHERE participant_id IN (SELECT value FROM json_each(CAST(sqlc.arg(participant_ids) AS TEXT)));

-- name: TouchParticipants :exec
-- Last activity of participants of one group commit (a JSON array), in one statement.
UPDATE participants SET last_seen_at = max(coalesce(last_seen_at, 0), CAST(sqlc.arg(seen_at) AS INTEGER))
WHERE participant_id IN (SELECT value FROM json_each(CAST(sqlc.arg(participant_ids) AS TEXT)));

-- name: SetParticipantStage :exec
-- The furthest stage, when a group commit moves a participant forward (rare: a checkpoint).
UPDATE participants SET stage = ? WHERE participant_id = ?;

-- name: AddDashboardFunnel :exec
INSERT INTO dashboard_funnel (experiment_id, condition, stage, n) VALUES (?, ?, ?, ?)
ON CONFLICT (experiment_id, condition, stage) DO UPDATE SET n = n + excluded.n;

-- name: AddDashboardSlot :exec
INSERT INTO dashboard_slots (experiment_id, width_ms, slot, arrivals, completions) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (experiment_id, width_ms, slot)
DO UPDATE SET arrivals = arrivals + excluded.arrivals, completions = completions + excluded.completions;

-- name: AddDashboardDuration :exec
INSERT INTO dashboard_durations (experiment_id, bin, n) VALUES (?, ?, 1)
ON CONFLICT (experiment_id, bin) DO UPDATE SET n = n + 1;

-- name: DashboardFunnelCounts :many
SELECT condition, stage, n FROM dashboard_funnel WHERE experiment_id = ?;

-- name: DashboardDropped :many
SELECT condition, count(*) AS n FROM participants
WHERE experiment_id = sqlc.arg(experiment_id) AND is_test = 0 AND stage <> 'completed'
  AND last_seen_at < sqlc.arg(dropped_before)
GROUP BY condition;

-- name: DashboardSlots :many
SELECT slot, arrivals, completions FROM dashboard_slots
WHERE experiment_id = ? AND width_ms = ? AND slot >= ?
ORDER BY slot;

-- name: DashboardFirstSlot :one
SELECT CAST(coalesce(min(slot), -1) AS INTEGER) AS first_slot FROM dashboard_slots
WHERE experiment_id = ? AND width_ms = 3600000;

-- name: DashboardDurations :many
SELECT bin, n FROM dashboard_durations WHERE experiment_id = ? ORDER BY bin;

-- name: AddDashboardEngagements :exec
INSERT INTO dashboard_engagements (experiment_id, condition, engagement_type, n, value_sum)
VALUES (?, ?, ?, ?, ?)
ON CONFLICT (experiment_id, condition, engagement_type)
DO UPDATE SET n = n + excluded.n, value_sum = value_sum + excluded.value_sum;

-- name: AddDashboardMinute :exec
INSERT INTO dashboard_minutes (experiment_id, minute, n) VALUES (?, ?, ?)
ON CONFLICT (experiment_id, minute) DO UPDATE SET n = n + excluded.n;

-- name: DashboardEngagements :many
SELECT condition, engagement_type, n, value_sum FROM dashboard_engagements
WHERE experiment_id = ?;

-- name: DashboardMinutes :one
SELECT CAST(coalesce(sum(n), 0) AS INTEGER) AS n FROM dashboard_minutes
WHERE experiment_id = ? AND minute >= ?;

-- name: SetStudyStatus :execrows
UPDATE studies SET status = ? WHERE experiment_id = ?;

-- name: CreatePreviewToken :exec
INSERT INTO preview_tokens (token_hash, experiment_id, condition, created_by, expires_at)
VALUES (?, ?, ?, ?, ?);

-- name: GetPreviewToken :one
SELECT experiment_id, condition, expires_at FROM preview_tokens WHERE token_hash = ?;

-- name: DeleteExpiredPreviewTokens :exec
DELETE FROM preview_tokens WHERE expires_at < ?;

-- name: ListTextVersions :many
SELECT version, condition, param, value, changed_at, changed_by FROM study_text_versions
WHERE experiment_id = ?
ORDER BY version;

-- name: CreateTextVersion :exec
INSERT INTO study_text_versions (experiment_id, version, condition, param, value, changed_at, changed_by)
VALUES (?, ?, ?, ?, ?, ?, ?);

-- name: BumpTextVersion :one
UPDATE studies SET text_version = text_version + 1 WHERE experiment_id = ?
RETURNING text_version;

-- name: UpdateStudyParam :execrows
UPDATE study_params SET value = ? WHERE experiment_id = ? AND condition = ? AND param = ?;

-- name: CountRealParticipants :one
SELECT count(*) FROM participants WHERE experiment_id = ? AND is_test = 0;

-- name: ChainProgress :one
-- What the completion check needs of a participant: whether they submitted the feed and
-- which questionnaire pages they finished (form-done:<route> checkpoints).
SELECT EXISTS (SELECT 1 FROM answers a WHERE a.participant_id = sqlc.arg(participant_id)
               AND a.kind = 'checkpoint' AND a.field = 'submit-click') AS submitted,
       CAST(coalesce((SELECT group_concat(a.field, ' ') FROM answers a
                      WHERE a.participant_id = sqlc.arg(participant_id) AND a.kind = 'checkpoint'
                        AND a.field LIKE 'form-done:%'), '') AS TEXT) AS forms_done;

-- name: GetParticipantByID :one
SELECT * FROM participants WHERE participant_id = ?;
