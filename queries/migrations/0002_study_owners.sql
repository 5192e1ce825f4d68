-- 0002: study ownership (docs/decisions.md, "Ground rules"). A study belongs to the researcher who
-- created it and may be shared with others; a study without an owner (made on the command
-- line without --owner, or the built-in demo) is visible to every researcher. Nothing is
-- dropped: existing studies keep every row and get an owner only where one can be named.

ALTER TABLE studies ADD COLUMN owner_id INTEGER REFERENCES researchers (researcher_id);

-- Studies made through the API recorded their creator's name in created_by. 'cli' marks a
-- command-line study (no owner, whatever a researcher happens to be called) and built-in
-- studies belong to no one.
UPDATE studies
SET owner_id = (SELECT r.researcher_id FROM researchers r WHERE r.name = studies.created_by)
WHERE builtin = 0 AND created_by <> 'cli';

-- My studies lists a researcher's own studies newest first.
CREATE INDEX studies_by_owner ON studies (owner_id, created_at);

-- Who else may see a study (collaborators read and download; only the owner shares).
CREATE TABLE study_shares (
    experiment_id TEXT    NOT NULL REFERENCES studies (experiment_id),
    researcher_id INTEGER NOT NULL REFERENCES researchers (researcher_id),
    created_at    INTEGER NOT NULL,
    PRIMARY KEY (experiment_id, researcher_id)
);

CREATE INDEX study_shares_by_researcher ON study_shares (researcher_id);

-- The studies list counts arrivals and completions per study from the index alone.
CREATE INDEX participants_by_completion ON participants (experiment_id, completed_at);
