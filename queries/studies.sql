-- name: CreateStudy :exec
INSERT INTO studies (experiment_id, n_conditions, builtin, created_by, created_at, status)
VALUES (?, ?, ?, ?, ?, ?);

-- name: GetStudy :one
SELECT * FROM studies WHERE experiment_id = ?;

-- name: CountStudies :one
SELECT count(*) FROM studies WHERE builtin = 0;

-- name: CreateStudyParam :exec
INSERT INTO study_params (experiment_id, condition, param, value, position)
VALUES (?, ?, ?, ?, ?);

-- name: ListStudyParams :many
SELECT condition, param, value FROM study_params
WHERE experiment_id = ?
ORDER BY condition, position;
