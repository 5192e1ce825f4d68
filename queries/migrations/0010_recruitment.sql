-- 0010: recruitment (issue 11). A participant's exit state: how their session ended,
-- whatever the platform. '' while in progress; completed; returned and timed_out (Prolific
-- returns and time-outs: the place is freed, they no longer count toward balance or
-- quotas); screened_out; over_quota; quality_terminate. Participants who finished before
-- this migration are completed.

ALTER TABLE participants ADD COLUMN exit_state TEXT NOT NULL DEFAULT '';
UPDATE participants SET exit_state = 'completed' WHERE completed_at IS NOT NULL;
