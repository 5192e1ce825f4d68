-- 0029: a participant's own post (issue 25, feed-compose) is an engagement about no card:
-- entity_id becomes optional (NULL for a post; the export shows it empty). Every other row
-- still names its card, which the foreign key checks as before. SQLite cannot drop a NOT
-- NULL constraint in place: the table is rebuilt as 0003 did, every row copied with its
-- primary key (exports page by it), columns in the same order, the one UNIQUE index kept.

CREATE TABLE engagements_new (
    engagement_pk       INTEGER PRIMARY KEY,
    event_id            TEXT    NOT NULL,
    participant_id      INTEGER NOT NULL REFERENCES participants (participant_id),
    entity_id           INTEGER REFERENCES entities (entity_id), -- NULL for a post
    engagement_type     TEXT    NOT NULL,
    response            TEXT    NOT NULL,
    time_content_viewed INTEGER,
    time_engagement     INTEGER,
    likes               INTEGER,
    read_later          INTEGER,
    shares              INTEGER,
    received_at         INTEGER NOT NULL,
    user_agent_id       INTEGER REFERENCES user_agents (user_agent_id),
    accuracy_score      INTEGER,
    text                TEXT    NOT NULL DEFAULT '',
    target_id           TEXT    NOT NULL DEFAULT '',
    UNIQUE (participant_id, event_id)
);

INSERT INTO engagements_new (engagement_pk, event_id, participant_id, entity_id, engagement_type, response,
                             time_content_viewed, time_engagement, likes, read_later, shares, received_at,
                             user_agent_id, accuracy_score, text, target_id)
SELECT engagement_pk, event_id, participant_id, entity_id, engagement_type, response,
       time_content_viewed, time_engagement, likes, read_later, shares, received_at,
       user_agent_id, accuracy_score, text, target_id
FROM engagements;

DROP TABLE engagements;
ALTER TABLE engagements_new RENAME TO engagements;
