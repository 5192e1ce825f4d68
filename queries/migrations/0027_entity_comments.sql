-- Seeded comments of a stimulus set (issue 25): shown under the cards whose filename they
-- name (a file on two rows carries its comments on both cards). comment_id is the
-- researcher's, unique in the set; reply_to names a top-level comment_id (one level of
-- replies); tag lets a condition show only some comments (params: comments-tags).
-- position keeps the file's order, which is the order the thread shows.
CREATE TABLE entity_comments (
    entity_set TEXT    NOT NULL REFERENCES entity_sets (entity_set),
    comment_id TEXT    NOT NULL,
    position   INTEGER NOT NULL, -- row number among the set's comments, from 1
    filename   TEXT    NOT NULL,
    author     TEXT    NOT NULL,
    text       TEXT    NOT NULL,
    avatar_url TEXT    NOT NULL DEFAULT '', -- '' shows the author's initial
    likes      INTEGER NOT NULL DEFAULT 0,
    time_label TEXT    NOT NULL DEFAULT '',
    reply_to   TEXT    NOT NULL DEFAULT '',
    tag        TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (entity_set, comment_id)
);
CREATE INDEX entity_comments_by_card ON entity_comments (entity_set, filename, position);
