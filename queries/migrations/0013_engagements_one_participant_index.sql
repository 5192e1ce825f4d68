-- 0013: engagements keep one index by participant (issue 15).
-- UNIQUE (participant_id, event_id) already orders the rows by participant, so it answers
-- every lookup engagements_by_participant answered (a participant's events, the foreign
-- key to participants). Each ingested event paid for both: two index leaves written per
-- participant per group commit. Dropping the second cut the event writer's CPU per event
-- by about a quarter (BENCHMARKS.md, "Speed where it counts"). A participant's events in
-- primary-key order are now sorted per participant (tens to hundreds of rows).
DROP INDEX engagements_by_participant;
