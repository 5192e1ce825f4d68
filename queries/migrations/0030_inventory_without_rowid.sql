-- 0030: the inventory in two B-trees instead of three (issue 28). As a rowid table with a
-- composite primary key, every card of an arrival's feed was written three times: the
-- table (by a rowid no query reads), its primary key (participant_id, item_order) and the
-- UNIQUE (participant_id, entity_id) index the resolve lookup uses. WITHOUT ROWID the
-- table is its primary key: rows are kept in (participant_id, item_order) order, which is
-- the order every feed read and the export's keyset pages ask for, and the unique index
-- stays as it was. Rows are small (counts, an algorithm name, a short reason and inputs),
-- as WITHOUT ROWID wants. No table references inventory. Every row is copied, columns in
-- the same order.

CREATE TABLE inventory_new (
    participant_id   INTEGER NOT NULL REFERENCES participants (participant_id),
    item_order       INTEGER NOT NULL, -- 0-based position in the feed (the card's idx)
    entity_id        INTEGER NOT NULL REFERENCES entities (entity_id),
    shown_shares     INTEGER,
    shown_likes      INTEGER,
    shown_read_later INTEGER,
    shown_upvote     INTEGER,
    shown_downvote   INTEGER,
    algorithm        TEXT    NOT NULL DEFAULT '',
    score            REAL,
    reason           TEXT    NOT NULL DEFAULT '',
    inputs           TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (participant_id, item_order),
    UNIQUE (participant_id, entity_id)
) WITHOUT ROWID;

INSERT INTO inventory_new (participant_id, item_order, entity_id, shown_shares, shown_likes,
                           shown_read_later, shown_upvote, shown_downvote, algorithm, score,
                           reason, inputs)
SELECT participant_id, item_order, entity_id, shown_shares, shown_likes,
       shown_read_later, shown_upvote, shown_downvote, algorithm, score, reason, inputs
FROM inventory;

DROP TABLE inventory;
ALTER TABLE inventory_new RENAME TO inventory;
