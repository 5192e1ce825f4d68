-- Feed ranking: the explained inventory, the study's engagement per card, preference blocks.

-- name: CreateRankedInventoryItem :exec
INSERT INTO inventory (participant_id, item_order, entity_id, shown_shares, shown_likes,
                       shown_read_later, shown_upvote, shown_downvote, algorithm, score,
                       reason, inputs)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

-- name: ListExplainedInventory :many
-- A participant's feed with why each card is where it is, and the card's own columns.
SELECT i.item_order, i.entity_id, i.shown_shares, i.shown_likes, i.shown_read_later,
       i.shown_upvote, i.shown_downvote, i.algorithm, i.score, i.reason, i.inputs,
       e.entity_set, e.position, e.retrieve_date, e.headline, e.covariates
FROM inventory i JOIN entities e ON e.entity_id = i.entity_id
WHERE i.participant_id = ?
ORDER BY i.item_order;

-- name: CardEngagementStats :many
-- Per condition and card: how many participants saw the card (any event on it, dwell
-- included) and how many of them liked or shared it.
SELECT p.condition, CAST(g.entity_id AS INTEGER) AS entity_id,
       count(DISTINCT g.participant_id) AS impressions,
       count(DISTINCT CASE WHEN g.engagement_type IN ('likes', 'shares') AND g.response IN ('1', 'true')
                           THEN g.participant_id END) AS engaged
FROM participants p
JOIN engagements g ON g.participant_id = p.participant_id
WHERE p.experiment_id = ? AND g.entity_id IS NOT NULL
GROUP BY p.condition, g.entity_id;

-- name: ListEngagedCards :many
-- The cards a participant turned a button on for (like, share, bookmark, upvote), in the
-- order of their first such event.
SELECT CAST(entity_id AS INTEGER) AS entity_id FROM engagements
WHERE participant_id = ? AND entity_id IS NOT NULL AND response IN ('1', 'true')
  AND engagement_type IN ('likes', 'shares', 'read_later', 'upvote')
GROUP BY entity_id
ORDER BY min(engagement_pk);

-- name: MoveInventoryItem :exec
-- Re-ranking a block moves rows out of the way first (negative orders), then into place.
UPDATE inventory SET item_order = sqlc.arg(new_order), score = sqlc.arg(score),
       reason = sqlc.arg(reason), inputs = sqlc.arg(inputs)
WHERE participant_id = sqlc.arg(participant_id) AND entity_id = sqlc.arg(entity_id);

-- name: ParkInventoryFrom :exec
UPDATE inventory SET item_order = -1 - item_order
WHERE participant_id = ? AND item_order >= ?;

-- name: CountFeedBlocks :one
SELECT count(*) FROM feed_blocks WHERE participant_id = ?;

-- name: CreateFeedBlock :exec
INSERT INTO feed_blocks (participant_id, block, first_order, engaged, requested_at)
VALUES (?, ?, ?, ?, ?);

-- name: ListFeedBlocks :many
SELECT * FROM feed_blocks WHERE participant_id = ? ORDER BY block;
