-- Study ownership and sharing (migration 0002). A researcher sees a study when they own
-- it, it is shared with them, or it has no owner.

-- name: SetStudyOwner :exec
UPDATE studies SET owner_id = ? WHERE experiment_id = ?;

-- name: GetStudyAccess :one
SELECT s.owner_id,
       EXISTS (SELECT 1 FROM study_shares sh
               WHERE sh.experiment_id = s.experiment_id AND sh.researcher_id = @researcher_id) AS shared
FROM studies s
WHERE s.experiment_id = @experiment_id;

-- name: ListVisibleStudies :many
SELECT s.experiment_id, s.n_conditions, s.builtin, s.created_at, s.owner_id, s.status,
       CAST(COALESCE(o.name, '') AS TEXT) AS owner_name,
       CAST(COALESCE((SELECT p.value FROM study_params p
                      WHERE p.experiment_id = s.experiment_id AND p.condition = 1 AND p.param = 'title'), '') AS TEXT) AS title,
       (SELECT count(*) FROM participants pa WHERE pa.experiment_id = s.experiment_id AND pa.is_test = 0) AS arrived,
       (SELECT count(*) FROM participants pa WHERE pa.experiment_id = s.experiment_id AND pa.is_test = 0 AND pa.completed_at IS NOT NULL) AS completed,
       EXISTS (SELECT 1 FROM study_shares sh
               WHERE sh.experiment_id = s.experiment_id AND sh.researcher_id = @researcher_id) AS shared
FROM studies s
LEFT JOIN researchers o ON o.researcher_id = s.owner_id
WHERE s.owner_id IS NULL
   OR s.owner_id = @researcher_id
   OR s.experiment_id IN (SELECT sh.experiment_id FROM study_shares sh WHERE sh.researcher_id = @researcher_id)
ORDER BY s.created_at DESC, s.experiment_id DESC;

-- name: GetStudySummary :one
SELECT s.experiment_id, s.n_conditions, s.builtin, s.created_at, s.owner_id, s.status,
       CAST(COALESCE(o.name, '') AS TEXT) AS owner_name,
       CAST(COALESCE((SELECT p.value FROM study_params p
                      WHERE p.experiment_id = s.experiment_id AND p.condition = 1 AND p.param = 'title'), '') AS TEXT) AS title,
       (SELECT count(*) FROM participants pa WHERE pa.experiment_id = s.experiment_id AND pa.is_test = 0) AS arrived,
       (SELECT count(*) FROM participants pa WHERE pa.experiment_id = s.experiment_id AND pa.is_test = 0 AND pa.completed_at IS NOT NULL) AS completed,
       EXISTS (SELECT 1 FROM study_shares sh
               WHERE sh.experiment_id = s.experiment_id AND sh.researcher_id = @researcher_id) AS shared
FROM studies s
LEFT JOIN researchers o ON o.researcher_id = s.owner_id
WHERE s.experiment_id = @experiment_id;

-- name: ListSharesOfOwner :many
SELECT sh.experiment_id, r.name
FROM study_shares sh
JOIN studies s ON s.experiment_id = sh.experiment_id
JOIN researchers r ON r.researcher_id = sh.researcher_id
WHERE s.owner_id = ?
ORDER BY sh.experiment_id, r.name;

-- name: ListStudyShares :many
SELECT r.name
FROM study_shares sh JOIN researchers r ON r.researcher_id = sh.researcher_id
WHERE sh.experiment_id = ?
ORDER BY r.name;

-- name: CreateStudyShare :exec
INSERT INTO study_shares (experiment_id, researcher_id, created_at) VALUES (?, ?, ?)
ON CONFLICT (experiment_id, researcher_id) DO NOTHING;

-- name: DeleteStudyShare :exec
DELETE FROM study_shares WHERE experiment_id = ? AND researcher_id = ?;

-- name: ListResearchers :many
SELECT researcher_id, name, created_at FROM researchers ORDER BY name;
