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
-- A file stored again keeps its record; a record from before image sizes gains them.
INSERT INTO media (name, content_type, size, created_at, width, height) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (name) DO UPDATE SET width = coalesce(media.width, excluded.width),
                                 height = coalesce(media.height, excluded.height);

-- name: SetEntitySizesFromMedia :exec
-- The cards of a set whose image is in the media store take the image's size.
UPDATE entities
SET width  = (SELECT m.width FROM media m WHERE m.name = substr(entities.entity_url, 8)),
    height = (SELECT m.height FROM media m WHERE m.name = substr(entities.entity_url, 8))
WHERE entity_set = ? AND entity_url LIKE '/media/%';

-- name: GetMedia :one
SELECT * FROM media WHERE name = ?;

-- name: ListMediaWithoutSize :many
-- Images stored before their sizes were read (migration 0012), or whose header could not
-- be read.
SELECT name, content_type FROM media
WHERE width IS NULL AND content_type LIKE 'image/%'
ORDER BY name;

-- name: SetMediaSize :exec
UPDATE media SET width = ?, height = ? WHERE name = ?;

-- name: SetEntitySizesOfMedia :exec
UPDATE entities SET width = ?, height = ? WHERE entity_url = ?;

-- name: CreateEntityComment :exec
INSERT INTO entity_comments (entity_set, comment_id, position, filename, author, text,
                             avatar_url, likes, time_label, reply_to, tag)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

-- name: ListEntityComments :many
SELECT * FROM entity_comments WHERE entity_set = ? ORDER BY position;
