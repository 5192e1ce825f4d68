-- Participants who speak (issue 25): a comment, a reply, a like on a comment, and the
-- reactions the page showed them are engagements with two more columns.
--   * text: what the participant wrote (comment, reply), or what a reaction showed
--     (reaction_shown); '' on every other row.
--   * target_id: what the action is about within the card: the seeded comment replied to or
--     liked, the card's own entity id for a top-level comment, the participant's comment a
--     reaction answered; '' on every other row.
-- Added with defaults, so older rows read as '' and no table is rebuilt.
ALTER TABLE engagements ADD COLUMN text TEXT NOT NULL DEFAULT '';
ALTER TABLE engagements ADD COLUMN target_id TEXT NOT NULL DEFAULT '';
