-- The stimulus library: listing, hiding and deleting sets, hosted media uploads and the
-- removal of media files no set uses.

-- name: ListLibrarySets :many
SELECT s.entity_set, s.entity_category, s.builtin, s.hidden, s.uploaded_by, s.created_at,
       count(e.entity_id) AS num_entities
FROM entity_sets s LEFT JOIN entities e ON e.entity_set = s.entity_set
GROUP BY s.entity_set
ORDER BY s.created_at DESC, s.entity_set;

-- name: SetEntitySetHidden :execrows
UPDATE entity_sets SET hidden = ? WHERE entity_set = ?;

-- name: SetEntitySetUploader :exec
UPDATE entity_sets SET uploaded_by = ? WHERE entity_set = ?;

-- name: AllStudySetParams :many
SELECT experiment_id, value FROM study_params WHERE param = 'entity_sets';

-- name: DeleteEntities :exec
DELETE FROM entities WHERE entity_set = ?;

-- name: DeleteEntityComments :exec
DELETE FROM entity_comments WHERE entity_set = ?;

-- name: DeleteEntitySet :exec
DELETE FROM entity_sets WHERE entity_set = ?;

-- name: SetMediaNames :many
-- The cards' files and the seeded comments' avatars.
SELECT substr(entity_url, 8) AS name FROM entities
WHERE entities.entity_set = sqlc.arg(entity_set) AND entity_url LIKE '/media/%'
UNION
SELECT substr(avatar_url, 8) AS name FROM entity_comments
WHERE entity_comments.entity_set = sqlc.arg(entity_set) AND avatar_url LIKE '/media/%';

-- name: MediaInUse :one
SELECT (SELECT count(*) FROM entities WHERE entity_url = sqlc.arg(url))
     + (SELECT count(*) FROM entity_comments WHERE avatar_url = sqlc.arg(url)) AS uses;

-- name: FindMediaByHash :one
SELECT * FROM media
WHERE name > ? AND name < ? LIMIT 1;

-- name: PutUploadedMedia :exec
INSERT INTO media (name, content_type, size, created_at, uploaded_at, width, height) VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (name) DO UPDATE SET uploaded_at = excluded.uploaded_at,
                                 width = coalesce(media.width, excluded.width),
                                 height = coalesce(media.height, excluded.height);

-- name: TouchMedia :exec
UPDATE media SET uploaded_at = ? WHERE name = ?;

-- name: UnusedMedia :many
SELECT m.name, m.uploaded_at FROM media m
WHERE NOT EXISTS (SELECT 1 FROM entities e WHERE e.entity_url = '/media/' || m.name)
  AND NOT EXISTS (SELECT 1 FROM entity_comments c WHERE c.avatar_url = '/media/' || m.name);

-- name: DeleteMedia :exec
DELETE FROM media WHERE name = ?;

-- name: AllMediaNames :many
SELECT name FROM media;

-- name: AddMediaUploader :exec
INSERT INTO media_uploaders (name, researcher_id, uploaded_at) VALUES (?, ?, ?)
ON CONFLICT (researcher_id, name) DO UPDATE SET uploaded_at = excluded.uploaded_at;

-- name: MediaBytesOf :one
SELECT CAST(coalesce(sum(m.size), 0) AS INTEGER) AS bytes FROM media_uploaders u JOIN media m ON m.name = u.name
WHERE u.researcher_id = ?;

-- name: HasUploaded :one
SELECT count(*) FROM media_uploaders WHERE researcher_id = ? AND name = ?;
