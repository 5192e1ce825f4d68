package store

import (
	"context"
	"database/sql"
	"fmt"
)

// A condition whose ranking reads the answers given before the feed (issue 23) registers
// its participants with no feed: the answers do not exist yet. Their feed is composed once
// those answers are stored and kept by ComposeLateFeed. Inventory rows are still only ever
// added (the resolve cache relies on it): a feed is stored once, never replaced.

// ComposeLateFeed stores the feed composed for a participant registered without one, and
// returns the participant's feed as stored. When a feed was stored meanwhile (two tabs
// asked at once) that one is kept and returned: composition is deterministic from the seed,
// arrival parameters and answers, so both tabs show the same cards either way.
func (s *Store) ComposeLateFeed(ctx context.Context, p Participant, items []InventoryItem) ([]FeedCard, error) {
	stored := false
	err := s.withTxRaw(ctx, func(tx *sql.Tx) error {
		ids, err := s.wq.WithTx(tx).ListFeedEntityIDs(ctx, p.ParticipantID)
		if err != nil || len(ids) > 0 {
			return err
		}
		stored = true
		return insertInventory(ctx, tx, &s.inventoryStmts, p.ParticipantID, items)
	})
	if err != nil {
		return nil, fmt.Errorf("store: compose late feed of participant %d: %w", p.ParticipantID, err)
	}
	s.fresh.take(p.ParticipantID) // the empty feed of the registration, if still held
	if stored {
		s.rememberFeed(p, items)
	}
	return s.Feed(ctx, p.ParticipantID)
}
