-- 0003: event ids are unique per participant, not across the appliance (issue 13, item 1).
-- Before, event_id was UNIQUE appliance-wide and the server wrote predictable ids
-- (arrival:<participant_id>:<field>, completion:<participant_id>), so an anonymous client
-- could send those ids first and the server's rows were silently dropped. Now:
--   * uniqueness is on (participant_id, event_id): one participant cannot touch another's;
--   * server-written rows have ids starting with '#', a character no client id may contain
--     (the API accepts only [A-Za-z0-9_.:-] for event_id and derives its own ids from that
--     prefix), so no client can pre-claim them either.
-- SQLite cannot change a UNIQUE constraint in place: both tables are rebuilt, every row copied
-- with its primary key (exports page by it), indexes recreated. Nothing is dropped.

CREATE TABLE engagements_new (
    engagement_pk       INTEGER PRIMARY KEY,
    event_id            TEXT    NOT NULL,
    participant_id      INTEGER NOT NULL REFERENCES participants (participant_id),
    entity_id           INTEGER NOT NULL REFERENCES entities (entity_id),
    engagement_type     TEXT    NOT NULL,
    response            TEXT    NOT NULL,
    time_content_viewed INTEGER,          -- client clock, ms
    time_engagement     INTEGER,          -- client clock, ms
    likes               INTEGER,          -- the participant's own toggle state after the event
    read_later          INTEGER,
    shares              INTEGER,
    received_at         INTEGER NOT NULL, -- server clock, ms
    UNIQUE (participant_id, event_id)
);

INSERT INTO engagements_new (engagement_pk, event_id, participant_id, entity_id, engagement_type,
                             response, time_content_viewed, time_engagement, likes, read_later,
                             shares, received_at)
SELECT engagement_pk, event_id, participant_id, entity_id, engagement_type, response,
       time_content_viewed, time_engagement, likes, read_later, shares, received_at
FROM engagements;

DROP TABLE engagements;
ALTER TABLE engagements_new RENAME TO engagements;
CREATE INDEX engagements_by_participant ON engagements (participant_id);

CREATE TABLE answers_new (
    answer_pk      INTEGER PRIMARY KEY,
    event_id       TEXT    NOT NULL,
    participant_id INTEGER NOT NULL REFERENCES participants (participant_id),
    kind           TEXT    NOT NULL, -- answer | checkpoint | arrival
    field          TEXT    NOT NULL,
    response       TEXT    NOT NULL,
    client_time    INTEGER,
    received_at    INTEGER NOT NULL,
    UNIQUE (participant_id, event_id)
);

-- The server's own rows move to the '#' namespace: arrival rows become #arrival/<field>,
-- the completion code #completion. Only rows whose old id names their own participant are
-- the server's; a row a client stored under such an id (for its own participant) stays a
-- client row under its id.
INSERT INTO answers_new (answer_pk, event_id, participant_id, kind, field, response, client_time,
                         received_at)
SELECT answer_pk,
       CASE
           WHEN kind = 'arrival' AND event_id = 'arrival:' || participant_id || ':' || field
               THEN '#arrival/' || field
           WHEN kind = 'checkpoint' AND field = 'completion_code'
                AND event_id = 'completion:' || participant_id
               THEN '#completion'
           ELSE event_id
       END,
       participant_id, kind, field, response, client_time, received_at
FROM answers;

DROP TABLE answers;
ALTER TABLE answers_new RENAME TO answers;
CREATE INDEX answers_by_participant ON answers (participant_id);

-- Rows the old scheme let a client erase are restored from what the participants table
-- kept: the condition and every arrival URL parameter (rows appended, as registration
-- writes them, at the participant's start time), and the completion code of a completed
-- participant. A participant whose rows are present gets nothing new (OR IGNORE on the
-- per-participant id).
INSERT OR IGNORE INTO answers (event_id, participant_id, kind, field, response, received_at)
SELECT '#arrival/condition', participant_id, 'arrival', 'condition', CAST(condition AS TEXT), started_at
FROM participants
ORDER BY participant_id;

INSERT OR IGNORE INTO answers (event_id, participant_id, kind, field, response, received_at)
SELECT '#arrival/URLParams-' || j.key, p.participant_id, 'arrival', 'URLParams-' || j.key,
       CAST(j.value AS TEXT), p.started_at
FROM participants p,
     json_each(CASE WHEN json_valid(p.query_params) THEN p.query_params ELSE '{}' END) j
ORDER BY p.participant_id, j.key;

INSERT OR IGNORE INTO answers (event_id, participant_id, kind, field, response, received_at)
SELECT '#completion', participant_id, 'checkpoint', 'completion_code', completion_code, completed_at
FROM participants
WHERE completed_at IS NOT NULL AND completion_code <> ''
ORDER BY participant_id;
