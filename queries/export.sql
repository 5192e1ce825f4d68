-- Exports read in pages ordered by primary key (keyset pagination) so memory stays flat
-- however large the study.

-- name: ExportEngagements :many
-- Only the engagement's own columns: the export looks participants, cards and the
-- inventory up in maps loaded once, which keeps each page a plain range scan.
-- CROSS JOIN makes SQLite walk engagements in primary-key order and check the study per
-- row; a plain JOIN lets it start from the study's participants and sort every remaining
-- row on each page, which made a million-row export quadratic.
SELECT g.engagement_pk, g.event_id, g.received_at, g.time_engagement, g.time_content_viewed,
       g.participant_id, CAST(coalesce(g.entity_id, 0) AS INTEGER) AS entity_id, g.engagement_type, g.response, g.likes, g.read_later,
       g.shares, g.accuracy_score, g.user_agent_id, g.text, g.target_id
FROM engagements g
CROSS JOIN participants p ON p.participant_id = g.participant_id
WHERE p.experiment_id = sqlc.arg(experiment_id) AND g.engagement_pk > sqlc.arg(after)
ORDER BY g.engagement_pk
LIMIT sqlc.arg(page_size);

-- name: ListCards :many
-- Every card with its set's category, for the engagement export's lookups.
SELECT e.entity_id, e.entity_set, e.entity_url, s.entity_category
FROM entities e JOIN entity_sets s ON s.entity_set = e.entity_set;

-- name: ListStudyInventory :many
-- What every participant of a study was shown (position and displayed counts).
SELECT i.participant_id, i.entity_id, i.item_order, i.shown_shares, i.shown_likes,
       i.shown_read_later, i.shown_upvote, i.shown_downvote
FROM participants p JOIN inventory i ON i.participant_id = p.participant_id
WHERE p.experiment_id = ?;

-- name: ExportAnswers :many
SELECT a.answer_pk, a.event_id, a.received_at, a.client_time, p.user_id, p.experiment_id,
       p.condition, a.kind, a.field, a.response, p.is_test, p.study_version,
       a.entity_id, a.lure, a.position
FROM answers a
CROSS JOIN participants p ON p.participant_id = a.participant_id
WHERE p.experiment_id = sqlc.arg(experiment_id) AND a.answer_pk > sqlc.arg(after)
ORDER BY a.answer_pk
LIMIT sqlc.arg(page_size);

-- name: ExportInventory :many
SELECT p.participant_id, p.user_id, p.experiment_id, p.condition, i.item_order, i.entity_id,
       e.entity_set, e.entity_url, i.shown_shares, i.shown_likes, i.shown_read_later,
       i.shown_upvote, i.shown_downvote, i.algorithm, i.score, i.reason, i.inputs, p.is_test
FROM inventory i
CROSS JOIN participants p ON p.participant_id = i.participant_id
JOIN entities e ON e.entity_id = i.entity_id
WHERE p.experiment_id = sqlc.arg(experiment_id)
  AND (i.participant_id, i.item_order) > (sqlc.arg(after_participant), sqlc.arg(after_order))
ORDER BY i.participant_id, i.item_order
LIMIT sqlc.arg(page_size);

-- name: ExportEntitiesOfSet :many
SELECT * FROM entities
WHERE entity_set = sqlc.arg(entity_set) AND position > sqlc.arg(after)
ORDER BY position
LIMIT sqlc.arg(page_size);

-- name: ListParticipants :many
SELECT * FROM participants WHERE experiment_id = ? ORDER BY participant_id;
