-- 0006: every feed is explainable. Each inventory row records why the card is where it
-- is: the ranking algorithm, its score (NULL when the algorithm gives none, as random),
-- a reason in words, and the inputs that produced it as compact JSON (the participant's
-- seed, a Thompson draw's Beta posterior, a custom script's sha256, a preference
-- block's engaged cards), so a feed can be rebuilt and checked.
ALTER TABLE inventory ADD COLUMN algorithm TEXT NOT NULL DEFAULT '';
ALTER TABLE inventory ADD COLUMN score REAL;
ALTER TABLE inventory ADD COLUMN reason TEXT NOT NULL DEFAULT '';
ALTER TABLE inventory ADD COLUMN inputs TEXT NOT NULL DEFAULT '';

-- The preference algorithm's later blocks: when a participant asked for the next block,
-- from which feed position, and the engaged cards it was ranked toward (JSON list of
-- entity_ids). The inventory rows from that position on carry the new order.
CREATE TABLE feed_blocks (
    participant_id INTEGER NOT NULL REFERENCES participants (participant_id),
    block          INTEGER NOT NULL, -- 2 for the first block the server ranks
    first_order    INTEGER NOT NULL, -- the first item_order the block re-ranked
    engaged        TEXT    NOT NULL, -- JSON list of the entity_ids engaged with so far
    requested_at   INTEGER NOT NULL,
    PRIMARY KEY (participant_id, block)
);
