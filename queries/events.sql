-- Event ids are unique per participant (migration 0003); a repeated id stores nothing and
-- the store compares the stored row with the new one (a different body is a conflict).

-- name: InsertEngagement :execrows
INSERT INTO engagements (event_id, participant_id, entity_id, engagement_type, response,
                         time_content_viewed, time_engagement, likes, read_later, shares,
                         received_at, accuracy_score, user_agent_id, text, target_id)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (participant_id, event_id) DO NOTHING;

-- name: InsertAnswer :execrows
INSERT INTO answers (event_id, participant_id, kind, field, response, client_time, received_at,
                     entity_id, lure, position)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (participant_id, event_id) DO NOTHING;

-- name: GetEngagementByEvent :one
SELECT CAST(coalesce(entity_id, 0) AS INTEGER) AS entity_id, engagement_type, response, time_content_viewed, time_engagement, likes,
       read_later, shares, accuracy_score, text, target_id
FROM engagements
WHERE participant_id = ? AND event_id = ?;

-- name: GetAnswerByEvent :one
SELECT kind, field, response, client_time, entity_id, lure, position
FROM answers
WHERE participant_id = ? AND event_id = ?;

-- name: ParticipantSpeech :many
-- What a participant said and liked under the cards (comments, replies, likes on comments,
-- posts: issue 25) and their likes and shares of cards, oldest first, for the page reloaded
-- and the reactions of simulated others; read through the UNIQUE
-- (participant_id, event_id) index.
SELECT event_id, CAST(coalesce(entity_id, 0) AS INTEGER) AS entity_id, engagement_type, response, text, target_id, received_at
FROM engagements
WHERE participant_id = ? AND engagement_type IN ('comment', 'reply', 'comment_like', 'post', 'likes', 'shares')
ORDER BY engagement_pk;
