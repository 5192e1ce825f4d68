-- A participant's use of their budgets (api/budgets.go), read once per participant the
-- first time the server sees them after a start: how many rows they sent and how many
-- bytes those rows hold, counted as the server counts an incoming event (event id, type or
-- field name, response, and an engagement's text and target_id). Rows the server writes itself (ids starting with '#': arrival
-- parameters, the completion code) are not the participant's and do not count. Both
-- halves are read through the UNIQUE (participant_id, event_id) indexes.

-- name: ParticipantUsage :one
SELECT
    CAST((SELECT COUNT(*) FROM engagements e
          WHERE e.participant_id = sqlc.arg(participant_id) AND e.event_id NOT LIKE '#%')
       + (SELECT COUNT(*) FROM answers a
          WHERE a.participant_id = sqlc.arg(participant_id) AND a.event_id NOT LIKE '#%') AS INTEGER) AS rows_sent,
    CAST((SELECT COALESCE(SUM(length(CAST(e.event_id AS BLOB)) + length(CAST(e.engagement_type AS BLOB)) + length(CAST(e.response AS BLOB)) + length(CAST(e.text AS BLOB)) + length(CAST(e.target_id AS BLOB))), 0)
          FROM engagements e
          WHERE e.participant_id = sqlc.arg(participant_id) AND e.event_id NOT LIKE '#%')
       + (SELECT COALESCE(SUM(length(CAST(a.event_id AS BLOB)) + length(CAST(a.field AS BLOB)) + length(CAST(a.response AS BLOB))), 0)
          FROM answers a
          WHERE a.participant_id = sqlc.arg(participant_id) AND a.event_id NOT LIKE '#%') AS INTEGER) AS bytes_sent;
