-- name: CreateEntitySet :exec
INSERT INTO entity_sets (entity_set, entity_category, columns, builtin, created_at)
VALUES (?, ?, ?, ?, ?);

-- name: GetEntitySet :one
SELECT * FROM entity_sets WHERE entity_set = ?;

-- name: ListEntitySets :many
SELECT s.entity_set, s.entity_category, s.builtin, s.hidden, count(e.entity_id) AS num_entities
FROM entity_sets s LEFT JOIN entities e ON e.entity_set = s.entity_set
GROUP BY s.entity_set
ORDER BY s.entity_set;

-- name: CountEntities :one
SELECT count(*) FROM entities WHERE entity_set = ?;

-- name: CreateEntity :exec
INSERT INTO entities (entity_set, position, entity_url, source_url, filename, retrieve_date,
                      entity_type, headline, covariates)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);

-- name: ListEntities :many
SELECT * FROM entities WHERE entity_set = ? ORDER BY position;

-- name: PutMedia :exec
INSERT INTO media (name, content_type, size, created_at) VALUES (?, ?, ?, ?)
ON CONFLICT (name) DO NOTHING;

-- name: GetMedia :one
SELECT * FROM media WHERE name = ?;
