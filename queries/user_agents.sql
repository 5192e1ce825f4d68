-- The participants' browsers (User-Agent), stored once each and referenced by id from
-- participants (at arrival) and engagements (with each event batch). Migration 0008.

-- name: UpsertUserAgent :one
-- The id of a user agent, adding it when new. DO UPDATE (not DO NOTHING) so RETURNING
-- answers for an existing row too.
INSERT INTO user_agents (user_agent) VALUES (?)
ON CONFLICT (user_agent) DO UPDATE SET user_agent = excluded.user_agent
RETURNING user_agent_id;

-- name: GetUserAgent :one
-- One user agent by id: the engagement export looks each distinct id up once, so its cost
-- follows the number of browsers, not of rows (and not the size of the whole table).
SELECT user_agent FROM user_agents WHERE user_agent_id = ?;

-- name: SetParticipantUserAgent :exec
UPDATE participants SET user_agent_id = ? WHERE participant_id = ?;

-- name: GetUserAgentID :one
SELECT user_agent_id FROM user_agents WHERE user_agent = ?;
