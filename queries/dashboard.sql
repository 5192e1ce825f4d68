-- The live dashboard, the study lifecycle, preview links and text versions (issue 10,
-- migration 0004).

-- name: TouchParticipant :one
-- One per participant per group commit: last activity and the furthest stage (stages only
-- move forward). Answers who the participant is, for the dashboard's counters.
UPDATE participants SET
    last_seen_at = max(coalesce(last_seen_at, 0), sqlc.arg(seen_at)),
    stage = CASE WHEN (CASE stage WHEN 'arrived' THEN 0 WHEN 'consented' THEN 1 WHEN 'feed' THEN 2
                                  WHEN 'submitted' THEN 3 WHEN 'questionnaires' THEN 4
                                  WHEN 'completed' THEN 5 ELSE 0 END) < CAST(sqlc.arg(stage_rank) AS INTEGER)
                 THEN sqlc.arg(stage) ELSE stage END
WHERE participant_id = sqlc.arg(participant_id)
RETURNING experiment_id, condition, is_test;

-- name: AddDashboardEngagements :exec
INSERT INTO dashboard_engagements (experiment_id, condition, engagement_type, n, value_sum)
VALUES (?, ?, ?, ?, ?)
ON CONFLICT (experiment_id, condition, engagement_type)
DO UPDATE SET n = n + excluded.n, value_sum = value_sum + excluded.value_sum;

-- name: AddDashboardMinute :exec
INSERT INTO dashboard_minutes (experiment_id, minute, n) VALUES (?, ?, ?)
ON CONFLICT (experiment_id, minute) DO UPDATE SET n = n + excluded.n;

-- name: DashboardFunnel :many
SELECT condition, stage, count(*) AS n,
       CAST(coalesce(sum(stage <> 'completed' AND coalesce(last_seen_at, 0) < CAST(sqlc.arg(dropped_before) AS INTEGER)), 0) AS INTEGER) AS dropped
FROM participants
WHERE experiment_id = sqlc.arg(experiment_id) AND is_test = 0
GROUP BY condition, stage;

-- name: DashboardArrivals :many
SELECT CAST(started_at / sqlc.arg(bucket_ms) AS INTEGER) AS bucket, count(*) AS n
FROM participants
WHERE experiment_id = sqlc.arg(experiment_id) AND is_test = 0
GROUP BY 1;

-- name: DashboardCompletions :many
SELECT completed_at, started_at
FROM participants
WHERE experiment_id = ? AND is_test = 0 AND completed_at IS NOT NULL;

-- name: DashboardEngagements :many
SELECT condition, engagement_type, n, value_sum FROM dashboard_engagements
WHERE experiment_id = ?;

-- name: DashboardMinutes :one
SELECT CAST(coalesce(sum(n), 0) AS INTEGER) AS n FROM dashboard_minutes
WHERE experiment_id = ? AND minute >= ?;

-- name: DashboardStartedRange :one
SELECT CAST(coalesce(min(started_at), 0) AS INTEGER) AS first_started, CAST(coalesce(max(started_at), 0) AS INTEGER) AS last_started
FROM participants
WHERE experiment_id = ? AND is_test = 0;

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
