-- The derived exports (participants, exposures) read one participant at a time: each
-- query is an index lookup, and memory holds one participant's events, never a study's.

-- name: ListParticipantEngagements :many
SELECT engagement_pk, CAST(coalesce(entity_id, 0) AS INTEGER) AS entity_id, engagement_type, response, received_at
FROM engagements
WHERE participant_id = ?
ORDER BY engagement_pk;

-- name: ListParticipantAnswers :many
SELECT answer_pk, kind, field, response, client_time, received_at, entity_id, lure
FROM answers
WHERE participant_id = ?
ORDER BY answer_pk;

-- name: ListStudyAnswerFields :many
-- Every (kind, field) a study's answers hold, for the participants export's header.
SELECT DISTINCT a.kind, a.field
FROM participants p JOIN answers a ON a.participant_id = p.participant_id
WHERE p.experiment_id = ?
ORDER BY a.kind, a.field;
