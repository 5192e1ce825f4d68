-- 0004: watching a study run (issue 10): the lifecycle of a study, test participants,
-- each participant's furthest funnel stage and last activity, text versions, preview tokens
-- and the counters behind the live dashboard. Nothing is dropped; existing participants get
-- the stage their stored rows show.

-- open | paused | closed. A paused or closed study registers no new (real) participant;
-- participants already registered always finish.
ALTER TABLE studies ADD COLUMN status TEXT NOT NULL DEFAULT 'open';
-- The version of the study's texts new participants get: 1 as created, +1 per text edit.
ALTER TABLE studies ADD COLUMN text_version INTEGER NOT NULL DEFAULT 1;

-- Test participants (preview and pilot) are left out of balancing, the dashboard and
-- exports unless asked for.
ALTER TABLE participants ADD COLUMN is_test INTEGER NOT NULL DEFAULT 0;
-- The furthest funnel stage reached: arrived, consented, feed, submitted, questionnaires,
-- completed (docs/dashboard.md). Kept up to date by the event writer, one UPDATE per
-- participant per group commit.
ALTER TABLE participants ADD COLUMN stage TEXT NOT NULL DEFAULT 'arrived';
-- Server time (ms) of the participant's last stored event (or their arrival).
ALTER TABLE participants ADD COLUMN last_seen_at INTEGER;
-- The study's text_version when the participant arrived.
ALTER TABLE participants ADD COLUMN study_version INTEGER NOT NULL DEFAULT 1;

UPDATE participants SET
    last_seen_at = max(started_at,
                       coalesce(completed_at, 0),
                       coalesce((SELECT max(a.received_at) FROM answers a WHERE a.participant_id = participants.participant_id), 0),
                       coalesce((SELECT max(g.received_at) FROM engagements g WHERE g.participant_id = participants.participant_id), 0)),
    stage = CASE
        WHEN completed_at IS NOT NULL THEN 'completed'
        WHEN EXISTS (SELECT 1 FROM answers a WHERE a.participant_id = participants.participant_id
                     AND a.kind = 'answer') THEN 'questionnaires'
        WHEN EXISTS (SELECT 1 FROM answers a WHERE a.participant_id = participants.participant_id
                     AND a.kind = 'checkpoint' AND a.field = 'submit-click') THEN 'submitted'
        WHEN EXISTS (SELECT 1 FROM answers a WHERE a.participant_id = participants.participant_id
                     AND a.kind = 'checkpoint' AND a.field = 'feed-landed') THEN 'feed'
        WHEN EXISTS (SELECT 1 FROM answers a WHERE a.participant_id = participants.participant_id
                     AND a.kind = 'checkpoint' AND a.field = 'consent-agree') THEN 'consented'
        ELSE 'arrived'
    END;

-- The participant table filters by condition and stage.
CREATE INDEX participants_funnel ON participants (experiment_id, is_test, condition, stage, last_seen_at);
-- The dashboard's dropped count reads only participants who have not completed.
CREATE INDEX participants_unfinished ON participants (experiment_id, last_seen_at, condition)
WHERE is_test = 0 AND stage <> 'completed';
-- Arrivals over time, and the participant table's default order (newest first).
CREATE INDEX participants_by_start ON participants (experiment_id, is_test, started_at);
-- Completions over time and time to complete.
CREATE INDEX participants_completed ON participants (experiment_id, is_test, completed_at, started_at);

-- Every text edit after launch: which text of which condition, its new value, and who.
CREATE TABLE study_text_versions (
    experiment_id TEXT    NOT NULL REFERENCES studies (experiment_id),
    version       INTEGER NOT NULL, -- the study's text_version this edit created
    condition     INTEGER NOT NULL,
    param         TEXT    NOT NULL,
    value         TEXT    NOT NULL,
    changed_at    INTEGER NOT NULL,
    changed_by    TEXT    NOT NULL,
    PRIMARY KEY (experiment_id, version)
);

-- Preview links: the hash of a random token, tied to a study and a condition, reusable
-- until it expires (24 h). Each opening registers a new test participant.
CREATE TABLE preview_tokens (
    token_hash    TEXT    PRIMARY KEY,
    experiment_id TEXT    NOT NULL REFERENCES studies (experiment_id),
    condition     INTEGER NOT NULL,
    created_by    TEXT    NOT NULL,
    expires_at    INTEGER NOT NULL
);

-- Engagement rows of real participants per study, condition and type (dwell rows carry
-- the sum of their milliseconds), maintained by the event writer once per group commit.
CREATE TABLE dashboard_engagements (
    experiment_id   TEXT    NOT NULL,
    condition       INTEGER NOT NULL,
    engagement_type TEXT    NOT NULL,
    n               INTEGER NOT NULL,
    value_sum       INTEGER NOT NULL,
    PRIMARY KEY (experiment_id, condition, engagement_type)
) WITHOUT ROWID;

INSERT INTO dashboard_engagements (experiment_id, condition, engagement_type, n, value_sum)
SELECT p.experiment_id, p.condition, g.engagement_type, count(*),
       CASE WHEN g.engagement_type = 'dwell' THEN coalesce(sum(CAST(g.response AS INTEGER)), 0) ELSE 0 END
FROM engagements g JOIN participants p ON p.participant_id = g.participant_id
GROUP BY p.experiment_id, p.condition, g.engagement_type;

-- Rows stored per study and minute (server clock), for events per minute.
CREATE TABLE dashboard_minutes (
    experiment_id TEXT    NOT NULL,
    minute        INTEGER NOT NULL, -- received_at / 60000
    n             INTEGER NOT NULL,
    PRIMARY KEY (experiment_id, minute)
) WITHOUT ROWID;

-- The dashboard's counters, kept by the writes that change them (registration, the event
-- writer's once-per-participant update, completion), so a refresh reads a few dozen rows
-- whatever the size of the study. Test participants are never counted.

-- Real participants per study, condition and furthest stage.
CREATE TABLE dashboard_funnel (
    experiment_id TEXT    NOT NULL,
    condition     INTEGER NOT NULL,
    stage         TEXT    NOT NULL,
    n             INTEGER NOT NULL,
    PRIMARY KEY (experiment_id, condition, stage)
) WITHOUT ROWID;

INSERT INTO dashboard_funnel (experiment_id, condition, stage, n)
SELECT experiment_id, condition, stage, count(*) FROM participants WHERE is_test = 0
GROUP BY experiment_id, condition, stage;

-- Arrivals and completions per minute and per hour (width_ms 60000 or 3600000; slot =
-- time / width_ms), for the timeline.
CREATE TABLE dashboard_slots (
    experiment_id TEXT    NOT NULL,
    width_ms      INTEGER NOT NULL,
    slot          INTEGER NOT NULL,
    arrivals      INTEGER NOT NULL DEFAULT 0,
    completions   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (experiment_id, width_ms, slot)
) WITHOUT ROWID;

INSERT INTO dashboard_slots (experiment_id, width_ms, slot, arrivals)
SELECT experiment_id, w.width, started_at / w.width, count(*)
FROM participants, (SELECT 60000 AS width UNION ALL SELECT 3600000) w
WHERE is_test = 0
GROUP BY experiment_id, w.width, started_at / w.width;

INSERT INTO dashboard_slots (experiment_id, width_ms, slot, completions)
SELECT experiment_id, w.width, completed_at / w.width, count(*)
FROM participants, (SELECT 60000 AS width UNION ALL SELECT 3600000) w
WHERE is_test = 0 AND completed_at IS NOT NULL
GROUP BY experiment_id, w.width, completed_at / w.width
ON CONFLICT (experiment_id, width_ms, slot) DO UPDATE SET completions = excluded.completions;

-- Times to complete of real participants as a histogram of 2% wide bins (bin = floor(ln(ms)
-- / ln(1.02))), for the median and 90th percentile.
CREATE TABLE dashboard_durations (
    experiment_id TEXT    NOT NULL,
    bin           INTEGER NOT NULL,
    n             INTEGER NOT NULL,
    PRIMARY KEY (experiment_id, bin)
) WITHOUT ROWID;

INSERT INTO dashboard_durations (experiment_id, bin, n)
SELECT experiment_id, CAST(floor(ln(max(completed_at - started_at, 1)) / ln(1.02)) AS INTEGER) AS bin, count(*)
FROM participants
WHERE is_test = 0 AND completed_at IS NOT NULL
GROUP BY experiment_id, bin;
