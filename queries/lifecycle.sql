-- A study's life (migration 0019): draft, launch, archive, restore, delete, and the keys
-- that make Create idempotent.

-- name: LaunchStudy :execrows
UPDATE studies SET status = 'open' WHERE experiment_id = ? AND status = 'draft';

-- name: ArchiveStudy :execrows
UPDATE studies SET archived_from = status, status = 'archived'
WHERE experiment_id = ? AND status <> 'archived';

-- name: RestoreStudy :execrows
UPDATE studies SET status = archived_from, archived_from = ''
WHERE experiment_id = ? AND status = 'archived';

-- name: GetCreateKey :one
SELECT experiment_id FROM study_create_keys WHERE researcher_id = ? AND idempotency_key = ?;

-- name: InsertCreateKey :exec
INSERT INTO study_create_keys (researcher_id, idempotency_key, experiment_id, created_at)
VALUES (?, ?, ?, ?);

-- name: InsertStudyDeletion :exec
INSERT INTO study_deletions (experiment_id, title, owner, status, participants, deleted_by, deleted_at)
VALUES (?, ?, ?, ?, ?, ?, ?);

-- name: ListStudyDeletions :many
SELECT experiment_id, title, owner, status, participants, deleted_by, deleted_at
FROM study_deletions ORDER BY deletion_id;

-- A study's rows go children first (foreign keys are on).

-- name: DeleteStudyFeedBlocks :exec
DELETE FROM feed_blocks WHERE participant_id IN (SELECT participant_id FROM participants WHERE experiment_id = ?);

-- name: DeleteStudyInventory :exec
DELETE FROM inventory WHERE participant_id IN (SELECT participant_id FROM participants WHERE experiment_id = ?);

-- name: DeleteStudyEngagements :exec
DELETE FROM engagements WHERE participant_id IN (SELECT participant_id FROM participants WHERE experiment_id = ?);

-- name: DeleteStudyAnswers :exec
DELETE FROM answers WHERE participant_id IN (SELECT participant_id FROM participants WHERE experiment_id = ?);

-- name: DeleteStudyIdentities :exec
DELETE FROM participant_identities WHERE experiment_id = ?;

-- name: DeleteStudyParticipants :exec
DELETE FROM participants WHERE experiment_id = ?;

-- name: DeleteStudyLabels :exec
DELETE FROM participant_labels WHERE experiment_id = ?;

-- name: DeleteStudyShares :exec
DELETE FROM study_shares WHERE experiment_id = ?;

-- name: DeleteStudyTextVersions :exec
DELETE FROM study_text_versions WHERE experiment_id = ?;

-- name: DeleteStudyPreviewTokens :exec
DELETE FROM preview_tokens WHERE experiment_id = ?;

-- name: DeleteStudyDashboardEngagements :exec
DELETE FROM dashboard_engagements WHERE experiment_id = ?;

-- name: DeleteStudyDashboardMinutes :exec
DELETE FROM dashboard_minutes WHERE experiment_id = ?;

-- name: DeleteStudyDashboardFunnel :exec
DELETE FROM dashboard_funnel WHERE experiment_id = ?;

-- name: DeleteStudyDashboardSlots :exec
DELETE FROM dashboard_slots WHERE experiment_id = ?;

-- name: DeleteStudyDashboardDurations :exec
DELETE FROM dashboard_durations WHERE experiment_id = ?;

-- name: DeleteStudyAuditLog :exec
DELETE FROM audit_log WHERE experiment_id = ?;

-- name: DeleteStudyParams :exec
DELETE FROM study_params WHERE experiment_id = ?;

-- name: DeleteStudyCreateKeys :exec
DELETE FROM study_create_keys WHERE experiment_id = ?;

-- name: DeleteStudyRow :execrows
DELETE FROM studies WHERE experiment_id = ?;

-- name: SetStudyConditions :exec
UPDATE studies SET n_conditions = ? WHERE experiment_id = ?;
