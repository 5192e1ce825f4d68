-- 0019: a study's life (issue 22, item 1). A new study is a draft ('draft': no participant
-- is registered, the researcher previews it and edits every parameter) until it is
-- launched ('open'); every study that existed before keeps its status, so it stays launched.
-- An archived study ('archived') accepts nothing and keeps its data; archived_from is the
-- status it goes back to when restored ('' while not archived).
ALTER TABLE studies ADD COLUMN archived_from TEXT NOT NULL DEFAULT '';

-- Create is idempotent: the wizard sends one key per form, and a repeated request with the
-- same key from the same researcher answers the study the first one created. The row goes
-- with the study when it is deleted.
CREATE TABLE study_create_keys (
    researcher_id   INTEGER NOT NULL REFERENCES researchers (researcher_id) ON DELETE CASCADE,
    idempotency_key TEXT    NOT NULL,
    experiment_id   TEXT    NOT NULL REFERENCES studies (experiment_id) ON DELETE CASCADE,
    created_at      INTEGER NOT NULL,
    PRIMARY KEY (researcher_id, idempotency_key)
) WITHOUT ROWID;

CREATE INDEX study_create_keys_by_study ON study_create_keys (experiment_id);

-- A deleted study's rows all go (participants, events, answers, its audit log); this entry,
-- kept outside the study, says who deleted which study when, what it was called and how
-- many participants it had, for the ethics board that asks later.
CREATE TABLE study_deletions (
    deletion_id   INTEGER PRIMARY KEY,
    experiment_id TEXT    NOT NULL,
    title         TEXT    NOT NULL DEFAULT '',
    owner         TEXT    NOT NULL DEFAULT '',
    status        TEXT    NOT NULL, -- the status it had: draft, open, paused, closed, archived
    participants  INTEGER NOT NULL, -- real (non-test) participants
    deleted_by    TEXT    NOT NULL,
    deleted_at    INTEGER NOT NULL
);
