package store

import (
	"context"
	"database/sql"
)

// inventoryChunk is the most cards one inventory statement stores (12 values a card,
// well under SQLite's 32,766 bound parameters); longer feeds take several statements.
const inventoryChunk = multiRowChunk

const inventoryInsert = `INSERT INTO inventory (participant_id, item_order, entity_id, shown_shares, shown_likes,
shown_read_later, shown_upvote, shown_downvote, algorithm, score, reason, inputs) VALUES `

var inventoryText = multiRowText{head: inventoryInsert, row: "(?,?,?,?,?,?,?,?,?,?,?,?)"}

// inventoryStatement is CreateRankedInventoryItem (queries/) for n cards at once.
func inventoryStatement(n int) string { return inventoryText.statement(n) }

// insertInventory stores a new participant's feed in one statement (up to inventoryChunk
// cards): a statement per card cost 40 statement runs for a 40-card feed, each with its
// own bookkeeping in database/sql and the driver (issue 28). Values are passed as plain
// int64, float64, string or nil, so the driver converts none of them.
func insertInventory(ctx context.Context, tx *sql.Tx, stmts *multiRowStmts, participantID int64, items []InventoryItem) error {
	args := make([]any, 0, 12*min(len(items), inventoryChunk))
	for start := 0; start < len(items); start += inventoryChunk {
		chunk := items[start:min(len(items), start+inventoryChunk)]
		args = args[:0]
		for i, it := range chunk {
			args = append(args, participantID, int64(start+i), it.EntityID,
				nullableInt(it.Shares), nullableInt(it.Likes), nullableInt(it.ReadLater), nullableInt(it.Upvote), nullableInt(it.Downvote),
				it.Algorithm, nullableFloat(it.Score), it.Reason, it.Inputs)
		}
		if _, err := stmts.exec(ctx, tx, inventoryStatement, len(chunk), args); err != nil {
			return err
		}
	}
	return nil
}

func nullableInt(v sql.NullInt64) any {
	if !v.Valid {
		return nil
	}
	return v.Int64
}

func nullableFloat(v sql.NullFloat64) any {
	if !v.Valid {
		return nil
	}
	return v.Float64
}
