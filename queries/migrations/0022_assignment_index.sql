-- Every arrival counts each condition's participants holding a place (AssignmentCounts,
-- issue 28): without an index holding all the columns it reads, that count reads every
-- participant's whole row (arrival parameters, platform ids) and was the largest part of
-- an arrival's cost at a few thousand participants. This index answers it alone, reading
-- a narrow entry per participant, in condition order (so SQLite prefers it to
-- participants_funnel, which needs the whole row).
CREATE INDEX participants_assignment ON participants (experiment_id, is_test, condition, exit_state, completed_at, last_seen_at);
