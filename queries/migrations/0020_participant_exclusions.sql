-- Exclusions (issue 22, item 3): a researcher leaves a participant out of the analysis, with
-- a reason, kept beside the data rather than by deleting it. One row while the participant
-- is excluded; Include again deletes it, and the audit log keeps both actions with who and
-- when, so the history of a decision is never lost.
CREATE TABLE participant_exclusions (
    participant_id INTEGER PRIMARY KEY REFERENCES participants (participant_id),
    experiment_id  TEXT    NOT NULL,
    reason         TEXT    NOT NULL,
    excluded_by    TEXT    NOT NULL, -- the researcher's name, or 'cli'
    excluded_at    INTEGER NOT NULL  -- Unix ms, server time
);

-- The dashboard and the exports read a study's exclusions at once.
CREATE INDEX participant_exclusions_by_study ON participant_exclusions (experiment_id);
