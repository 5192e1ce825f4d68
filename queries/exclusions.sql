-- Participant exclusions (issue 22, item 3, migration 0020).

-- name: UpsertExclusion :exec
-- Excluding an excluded participant again replaces the reason (the audit log keeps both).
INSERT INTO participant_exclusions (participant_id, experiment_id, reason, excluded_by, excluded_at)
VALUES (?, ?, ?, ?, ?)
ON CONFLICT (participant_id) DO UPDATE SET reason = excluded.reason,
    excluded_by = excluded.excluded_by, excluded_at = excluded.excluded_at;

-- name: DeleteExclusion :execrows
DELETE FROM participant_exclusions WHERE participant_id = ?;

-- name: GetExclusion :one
SELECT participant_id, experiment_id, reason, excluded_by, excluded_at
FROM participant_exclusions WHERE participant_id = ?;

-- name: StudyExclusions :many
SELECT participant_id, experiment_id, reason, excluded_by, excluded_at
FROM participant_exclusions WHERE experiment_id = ?;

-- name: CountStudyExclusions :one
SELECT count(*) FROM participant_exclusions e JOIN participants p USING (participant_id)
WHERE e.experiment_id = ? AND p.is_test = 0;

-- name: ParticipantAnswerEvents :many
-- A participant's answers, checkpoints and arrival rows in the order stored, for their page.
SELECT event_id, kind, field, response, client_time, received_at FROM answers
WHERE participant_id = ? ORDER BY received_at, answer_pk LIMIT ?;

-- name: ParticipantEngagementEvents :many
-- A participant's engagements and dwells in the order stored, for their page.
SELECT CAST(coalesce(entity_id, 0) AS INTEGER) AS entity_id, engagement_type, response, time_content_viewed, time_engagement, received_at
FROM engagements WHERE participant_id = ? ORDER BY received_at, engagement_pk LIMIT ?;
