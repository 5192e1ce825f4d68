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

-- The dashboard's funnel, dropped count and participant table read this index alone.
CREATE INDEX participants_funnel ON participants (experiment_id, is_test, condition, stage, last_seen_at);
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
