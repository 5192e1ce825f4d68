-- 0008: the original export shapes (issue 14, item 8). The field's analysis scripts read
-- user_agent (mobile/desktop analyses) and accuracy_score on every engagement row.
--   * A participant's browser (the User-Agent header) is recorded at arrival and with each
--     event batch. The same few strings repeat on every row, so they are stored once in a
--     lookup table and referenced by id (8 bytes a row instead of ~120). No IP address.
--   * accuracy_score is the card's accuracy_score counter after the event, like likes,
--     read_later and shares (NULL where the card has no such button, and on dwell rows).

CREATE TABLE user_agents (
    user_agent_id INTEGER PRIMARY KEY,
    user_agent    TEXT    NOT NULL UNIQUE
);

ALTER TABLE participants ADD COLUMN user_agent_id INTEGER REFERENCES user_agents (user_agent_id);
ALTER TABLE engagements ADD COLUMN user_agent_id INTEGER REFERENCES user_agents (user_agent_id);
ALTER TABLE engagements ADD COLUMN accuracy_score INTEGER;
