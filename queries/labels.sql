-- name: AddParticipantLabel :exec
-- A label already on the list keeps its key and its use.
INSERT INTO participant_labels (experiment_id, label, link_key, created_at, created_by)
VALUES (?, ?, ?, ?, ?)
ON CONFLICT (experiment_id, label) DO NOTHING;

-- name: ListParticipantLabels :many
SELECT * FROM participant_labels WHERE experiment_id = ? ORDER BY created_at, label;

-- name: CountParticipantLabels :one
SELECT count(*) FROM participant_labels WHERE experiment_id = ?;

-- name: GetParticipantLabelByKey :one
SELECT * FROM participant_labels WHERE experiment_id = ? AND link_key = ?;

-- name: ClaimParticipantLabel :execrows
-- Atomic under the single writer: only an unused label, or one this participant already
-- holds, is claimed.
UPDATE participant_labels SET user_id = sqlc.arg(user_id), used_at = coalesce(used_at, sqlc.arg(used_at))
WHERE experiment_id = sqlc.arg(experiment_id) AND link_key = sqlc.arg(link_key)
  AND (user_id IS NULL OR user_id = sqlc.arg(user_id));

-- name: ReleaseParticipantLabel :exec
UPDATE participant_labels SET user_id = NULL, used_at = NULL
WHERE experiment_id = ? AND link_key = ? AND user_id = ?;

-- name: ListReconcileParticipants :many
-- Every participant of a study with what reconciliation matches and reports.
SELECT participant_id, user_id, condition, platform_ids, started_at, completed_at,
       completion_code, is_test, stage, last_seen_at, exit_state
FROM participants WHERE experiment_id = ?
ORDER BY participant_id;
