-- Answers about feed cards (issue 23): a custom questionnaire's cards item asks its questions
-- once per card, so each such answer says which card it is about (entity_id), whether that
-- card was a lure the participant was never shown (lure, 0 or 1) and the card's place in the
-- questionnaire (position, from 1). Every other answer leaves the three empty (NULL).
ALTER TABLE answers ADD COLUMN entity_id INTEGER;
ALTER TABLE answers ADD COLUMN lure INTEGER;
ALTER TABLE answers ADD COLUMN position INTEGER;
