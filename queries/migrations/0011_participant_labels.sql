-- 0011: labelled single-use links for a classroom or lab (issue 11, item 3): the researcher
-- uploads a list of participant labels; each label gets its own link with a random key and
-- admits one participant (the first browser that opens it; the same browser may reload).

CREATE TABLE participant_labels (
    experiment_id TEXT    NOT NULL REFERENCES studies (experiment_id),
    label         TEXT    NOT NULL,
    link_key      TEXT    NOT NULL, -- random, in the link, so a label cannot be guessed
    created_at    INTEGER NOT NULL,
    created_by    TEXT    NOT NULL,
    user_id       TEXT,             -- the participant who used the link; NULL while unused
    used_at       INTEGER,
    PRIMARY KEY (experiment_id, label)
);

CREATE UNIQUE INDEX participant_labels_by_key ON participant_labels (experiment_id, link_key);
