-- 0014: one person is one participant (issue 20, item 3). Within a study, a platform's
-- person id (Prolific's PROLIFIC_PID, MTurk's workerId, Lucid's RID, Connect's
-- participantId) names one participant: a second arrival with the same id, from another
-- browser or device, resumes that participant instead of registering a new one. identity
-- is "<key>=<value>" with Lucid's rid spelled RID. Test participants have none.
CREATE TABLE participant_identities (
    experiment_id  TEXT    NOT NULL,
    identity       TEXT    NOT NULL,
    participant_id INTEGER NOT NULL REFERENCES participants (participant_id),
    PRIMARY KEY (experiment_id, identity)
) WITHOUT ROWID;

-- Participants registered before: the first participant with an id keeps it (a person
-- registered twice before this migration stays two rows; reconciliation's "arrived N times"
-- names them). Values still holding a platform's unfilled placeholder ({{%PROLIFIC_PID%}},
-- ${workerId}) are not a person's id.
INSERT OR IGNORE INTO participant_identities (experiment_id, identity, participant_id)
SELECT p.experiment_id,
       CASE j.key WHEN 'rid' THEN 'RID' ELSE j.key END || '=' || trim(j.value),
       p.participant_id
FROM participants p, json_each(p.platform_ids) j
WHERE p.is_test = 0
  AND j.key IN ('PROLIFIC_PID', 'workerId', 'RID', 'rid', 'participantId')
  AND j.type = 'text'
  AND trim(j.value) <> ''
  AND instr(j.value, '{') = 0 AND instr(j.value, '}') = 0 AND instr(j.value, '%') = 0
  AND instr(j.value, '$') = 0 AND instr(j.value, '[') = 0 AND instr(j.value, ']') = 0
ORDER BY p.participant_id;
