-- name: InsertEngagement :execrows
INSERT INTO engagements (event_id, participant_id, entity_id, engagement_type, response,
                         time_content_viewed, time_engagement, likes, read_later, shares,
                         received_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (event_id) DO NOTHING;

-- name: InsertAnswer :execrows
INSERT INTO answers (event_id, participant_id, kind, field, response, client_time, received_at)
VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (event_id) DO NOTHING;
