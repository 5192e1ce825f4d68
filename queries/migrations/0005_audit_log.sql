-- 0005: the audit log (issue 13, item 12). Who created, shared, changed, paused or
-- downloaded each study, and when: researchers answer to ethics boards for who touched
-- participant data. Append-only; the researcher is kept by name (as signed in, or 'cli' for
-- the command line), so an entry still reads right if the account is renamed or removed.

CREATE TABLE audit_log (
    audit_id      INTEGER PRIMARY KEY,
    experiment_id TEXT    NOT NULL,
    at            INTEGER NOT NULL, -- Unix ms, server time
    researcher    TEXT    NOT NULL,
    action        TEXT    NOT NULL, -- create, share, unshare, status, edit_text, download, export_bundle
    detail        TEXT    NOT NULL DEFAULT ''
);

CREATE INDEX audit_log_by_study ON audit_log (experiment_id, audit_id);
