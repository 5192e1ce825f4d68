-- 0016: an operator can lift a researcher's sign-in lockout from the command line (issue 20).
-- Failed sign-ins are counted in the serving process's memory (a flood of guesses must
-- never write to the database participants' events go through); 'feedlab researcher
-- unlock NAME' and 'feedlab researcher password NAME' record here when they cleared the
-- account, and serve honours any lockout that began before it.
ALTER TABLE researchers ADD COLUMN lockout_cleared_at INTEGER NOT NULL DEFAULT 0;
