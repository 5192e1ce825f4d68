-- 0001: the initial schema. Migrations are append-only: never edit a migration that has
-- shipped, never drop data. Times are Unix milliseconds (UTC).

-- Researchers sign in with a name and a password (argon2id/bcrypt hash).
CREATE TABLE researchers (
    researcher_id INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL UNIQUE,
    password_hash TEXT    NOT NULL,
    created_at    INTEGER NOT NULL
);

-- Sessions store only a hash of the cookie token, so a copied database cannot be used to
-- sign in.
CREATE TABLE researcher_sessions (
    token_hash    TEXT    PRIMARY KEY,
    researcher_id INTEGER NOT NULL REFERENCES researchers (researcher_id),
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL
);

-- Small appliance-wide values (for example the hash of the one-time setup token).
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- Media files live on disk, content-addressed; this table lists what the appliance holds.
CREATE TABLE media (
    name         TEXT    PRIMARY KEY,
    content_type TEXT    NOT NULL,
    size         INTEGER NOT NULL,
    created_at   INTEGER NOT NULL
);

-- A stimulus set and its entities (cards). columns keeps the uploaded header order so a
-- set can be exported as it came in.
CREATE TABLE entity_sets (
    entity_set      TEXT    PRIMARY KEY,
    entity_category TEXT    NOT NULL,
    columns         TEXT    NOT NULL, -- JSON list of column names, as uploaded
    builtin         INTEGER NOT NULL DEFAULT 0,
    created_at      INTEGER NOT NULL
);

CREATE TABLE entities (
    entity_id     INTEGER PRIMARY KEY,
    entity_set    TEXT    NOT NULL REFERENCES entity_sets (entity_set),
    position      INTEGER NOT NULL, -- row number in the set, from 1
    entity_url    TEXT    NOT NULL,
    source_url    TEXT    NOT NULL,
    filename      TEXT    NOT NULL,
    retrieve_date TEXT    NOT NULL,
    entity_type   TEXT    NOT NULL,
    headline      TEXT    NOT NULL DEFAULT '',
    covariates    TEXT    NOT NULL DEFAULT '{}', -- JSON object of the other columns
    UNIQUE (entity_set, position)
);

-- A study (experiment) and its per-condition parameter rows (condition, param, value).
CREATE TABLE studies (
    experiment_id TEXT    PRIMARY KEY,
    n_conditions  INTEGER NOT NULL,
    builtin       INTEGER NOT NULL DEFAULT 0,
    created_by    TEXT    NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL
);

CREATE TABLE study_params (
    experiment_id TEXT    NOT NULL REFERENCES studies (experiment_id),
    condition     INTEGER NOT NULL,
    param         TEXT    NOT NULL,
    value         TEXT    NOT NULL,
    position      INTEGER NOT NULL, -- order of the rows as given
    PRIMARY KEY (experiment_id, condition, param)
);

-- A participant of one study. No IP address is stored. platform_ids keeps PROLIFIC_PID,
-- workerId, RID and the like because researchers need them for payment.
CREATE TABLE participants (
    participant_id  INTEGER PRIMARY KEY,
    experiment_id   TEXT    NOT NULL REFERENCES studies (experiment_id),
    user_id         TEXT    NOT NULL,
    condition       INTEGER NOT NULL,
    seed            INTEGER NOT NULL, -- feed order and sampling are reproducible from it
    platform_ids    TEXT    NOT NULL DEFAULT '{}',
    query_params    TEXT    NOT NULL DEFAULT '{}',
    started_at      INTEGER NOT NULL,
    completed_at    INTEGER,
    completion_code TEXT    NOT NULL DEFAULT '',
    UNIQUE (experiment_id, user_id)
);

CREATE INDEX participants_by_condition ON participants (experiment_id, condition);

-- The inventory: what each participant was shown, in which order, and the social counts
-- displayed on each card (NULL when that button showed no count cue).
CREATE TABLE inventory (
    participant_id   INTEGER NOT NULL REFERENCES participants (participant_id),
    item_order       INTEGER NOT NULL, -- 0-based position in the feed (the card's idx)
    entity_id        INTEGER NOT NULL REFERENCES entities (entity_id),
    shown_shares     INTEGER,
    shown_likes      INTEGER,
    shown_read_later INTEGER,
    shown_upvote     INTEGER,
    shown_downvote   INTEGER,
    PRIMARY KEY (participant_id, item_order),
    UNIQUE (participant_id, entity_id)
);

-- Engagement events, append-only: one row per click, video event or dwell. event_id is
-- the client's id (a dwell batch gets one suffix per dwell); a repeated id is ignored.
CREATE TABLE engagements (
    engagement_pk       INTEGER PRIMARY KEY,
    event_id            TEXT    NOT NULL UNIQUE,
    participant_id      INTEGER NOT NULL REFERENCES participants (participant_id),
    entity_id           INTEGER NOT NULL REFERENCES entities (entity_id),
    engagement_type     TEXT    NOT NULL,
    response            TEXT    NOT NULL,
    time_content_viewed INTEGER,          -- client clock, ms
    time_engagement     INTEGER,          -- client clock, ms
    likes               INTEGER,          -- the participant's own toggle state after the event
    read_later          INTEGER,
    shares              INTEGER,
    received_at         INTEGER NOT NULL  -- server clock, ms
);

CREATE INDEX engagements_by_participant ON engagements (participant_id);

-- Answers, append-only: questionnaire answers, checkpoints, the arrival URL parameters
-- (URLParams-*) and the assigned condition, one row per field, in the long shape of the
-- user_form export.
CREATE TABLE answers (
    answer_pk      INTEGER PRIMARY KEY,
    event_id       TEXT    NOT NULL UNIQUE,
    participant_id INTEGER NOT NULL REFERENCES participants (participant_id),
    kind           TEXT    NOT NULL, -- answer | checkpoint | arrival
    field          TEXT    NOT NULL,
    response       TEXT    NOT NULL,
    client_time    INTEGER,
    received_at    INTEGER NOT NULL
);

CREATE INDEX answers_by_participant ON answers (participant_id);

-- Alpha-testing sign-ups from the home page.
CREATE TABLE signups (
    signup_id  INTEGER PRIMARY KEY,
    email      TEXT    NOT NULL,
    name       TEXT    NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
);
