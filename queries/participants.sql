-- name: GetParticipant :one
SELECT * FROM participants WHERE experiment_id = ? AND user_id = ?;

-- name: CountParticipantsByCondition :many
-- Test participants never count in balancing.
SELECT condition, count(*) AS n FROM participants
WHERE experiment_id = ? AND is_test = 0
GROUP BY condition;

-- name: CreateParticipant :one
INSERT INTO participants (experiment_id, user_id, condition, seed, platform_ids, query_params,
                          started_at, is_test, stage, last_seen_at, study_version)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'arrived', ?, ?)
RETURNING participant_id;

-- name: CountParticipants :one
-- The home page's count: people who took part, not researchers' previews and pilots.
SELECT count(*) FROM participants WHERE is_test = 0;

-- name: CompleteParticipant :exec
UPDATE participants SET completed_at = coalesce(completed_at, ?),
       completion_code = CASE WHEN completion_code = '' THEN ? ELSE completion_code END,
       stage = 'completed',
       exit_state = CASE WHEN exit_state = '' THEN 'completed' ELSE exit_state END
WHERE participant_id = ?;

-- name: CreateInventoryItem :exec
INSERT INTO inventory (participant_id, item_order, entity_id, shown_shares, shown_likes,
                       shown_read_later, shown_upvote, shown_downvote)
VALUES (?, ?, ?, ?, ?, ?, ?, ?);

-- name: ListInventory :many
SELECT i.item_order, i.shown_shares, i.shown_likes, i.shown_read_later, i.shown_upvote,
       i.shown_downvote, e.*
FROM inventory i JOIN entities e ON e.entity_id = i.entity_id
WHERE i.participant_id = ?
ORDER BY i.item_order;

-- name: GetParticipantEntity :one
-- Resolves the participant of an event and checks the card was in their feed.
SELECT p.participant_id, p.condition,
       (SELECT count(*) FROM inventory i
        WHERE i.participant_id = p.participant_id AND i.entity_id = sqlc.arg(entity_id)) AS in_feed
FROM participants p
WHERE p.experiment_id = sqlc.arg(experiment_id) AND p.user_id = sqlc.arg(user_id);

-- name: AssignmentCounts :many
-- Per condition, the real participants who still hold a place (those whose exit state
-- freed it are left out): every arrival, the completed ones, and those in progress seen
-- since active_since. Decided inside the registration transaction.
SELECT condition,
       count(*) AS arrivals,
       CAST(total(completed_at IS NOT NULL) AS INTEGER) AS completed,
       CAST(total(completed_at IS NULL AND coalesce(last_seen_at, 0) >= sqlc.arg(active_since)) AS INTEGER) AS active
FROM participants
WHERE experiment_id = sqlc.arg(experiment_id) AND is_test = 0 AND exit_state IN ('', 'completed')
GROUP BY condition;

-- name: SetParticipantExitState :execrows
UPDATE participants SET exit_state = ? WHERE participant_id = ?;

-- name: CloseStudyForQuota :execrows
UPDATE studies SET status = 'closed' WHERE experiment_id = ? AND status = 'open';

-- name: CountExitStates :many
-- The dashboard's exit states: real participants per condition and exit state.
SELECT condition, exit_state, count(*) AS n FROM participants
WHERE experiment_id = ? AND is_test = 0 AND exit_state <> ''
GROUP BY condition, exit_state;

-- name: ParticipantByIdentity :one
-- The participant a platform's person id belongs to in a study (migration 0014).
SELECT p.* FROM participant_identities i
JOIN participants p ON p.participant_id = i.participant_id
WHERE i.experiment_id = ? AND i.identity = ?;

-- name: InsertParticipantIdentity :exec
INSERT INTO participant_identities (experiment_id, identity, participant_id) VALUES (?, ?, ?);

-- name: ListFeedEntityIDs :many
-- The cards of a participant's feed, for checking that a dwell batch's cards are in it:
-- answered from the (participant_id, entity_id) index alone, without the cards' columns.
SELECT entity_id FROM inventory WHERE participant_id = ?;
