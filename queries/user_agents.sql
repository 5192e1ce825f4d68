-- The participants' browsers (User-Agent), stored once each and referenced by id from
-- participants (at arrival) and engagements (with each event batch). Migration 0008.

-- name: UpsertUserAgent :one
-- The id of a user agent, adding it when new. DO UPDATE (not DO NOTHING) so RETURNING
-- answers for an existing row too.
INSERT INTO user_agents (user_agent) VALUES (?)
ON CONFLICT (user_agent) DO UPDATE SET user_agent = excluded.user_agent
RETURNING user_agent_id;

-- name: ListStudyUserAgents :many
-- The user agents a study's participants and events refer to, for the engagement export's
-- lookups (a handful of strings, however many rows refer to them).
SELECT u.user_agent_id, u.user_agent FROM user_agents u
WHERE u.user_agent_id IN (SELECT p.user_agent_id FROM participants p WHERE p.experiment_id = sqlc.arg(experiment_id))
   OR u.user_agent_id IN (SELECT DISTINCT g.user_agent_id FROM engagements g
                          JOIN participants p ON p.participant_id = g.participant_id
                          WHERE p.experiment_id = sqlc.arg(experiment_id));

-- name: SetParticipantUserAgent :exec
UPDATE participants SET user_agent_id = ? WHERE participant_id = ?;

-- name: GetUserAgentID :one
SELECT user_agent_id FROM user_agents WHERE user_agent = ?;
