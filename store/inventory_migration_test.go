package store

import (
	"context"
	"database/sql"
	"reflect"
	"strings"
	"testing"
)

// TestMigration0030KeepsEveryInventoryRowInTwoBTrees builds a database as migration 0029
// left it, with two participants' feeds carrying every column (NULL counts and scores
// included); after 0030 the export and the explained feed read the same rows in the same
// order, the table is kept in two B-trees (the table by its primary key, and the unique
// index the resolve lookup uses) instead of three, and both uniqueness rules still hold.
func TestMigration0030KeepsEveryInventoryRowInTwoBTrees(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx := context.Background()
	s := openMigratedFrom(t, dir, "0030", []string{
		"PRAGMA user_version = 29",
		`INSERT INTO entity_sets (entity_set, entity_category, columns, created_at) VALUES ('s', 'news', '[]', 1)`,
		`INSERT INTO entities (entity_id, entity_set, position, entity_url, source_url, filename, retrieve_date, entity_type, headline)
			VALUES (7, 's', 1, '/media/a.png', 'https://example.org', 'a.png', '2026-01-01', 'image', 'A'),
			       (8, 's', 2, '/media/b.png', 'https://example.org', 'b.png', '2026-01-02', 'image', 'B')`,
		`INSERT INTO studies (experiment_id, n_conditions, created_at) VALUES ('x', 2, 1)`,
		`INSERT INTO participants (participant_id, experiment_id, user_id, condition, seed, query_params, started_at)
			VALUES (2, 'x', 'u2', 2, 5, '{}', 100), (1, 'x', 'u1', 1, 4, '{}', 99)`,
		`INSERT INTO inventory (participant_id, item_order, entity_id, shown_shares, shown_likes, shown_read_later,
			shown_upvote, shown_downvote, algorithm, score, reason, inputs)
			VALUES (2, 1, 7, NULL, 3, NULL, 1, 0, 'thompson_sampling', 0.25, 'draw 0.25', '{"alpha":2,"beta":6}'),
			       (2, 0, 8, 9, NULL, 2, NULL, NULL, 'thompson_sampling', 0.75, 'draw 0.75', '{"alpha":6,"beta":2}'),
			       (1, 0, 7, 1, 2, 3, 4, 5, 'random', NULL, 'shuffled', '{"seed":4}'),
			       (1, 1, 8, NULL, NULL, NULL, NULL, NULL, '', NULL, '', '')`,
	})

	n := func(v int64) sql.NullInt64 { return sql.NullInt64{Int64: v, Valid: true} }
	f := func(v float64) sql.NullFloat64 { return sql.NullFloat64{Float64: v, Valid: true} }
	want := []InventoryRow{
		{ParticipantID: 1, UserID: "u1", ExperimentID: "x", Condition: 1, ItemOrder: 0, EntityID: 7, EntitySet: "s", EntityUrl: "/media/a.png",
			ShownShares: n(1), ShownLikes: n(2), ShownReadLater: n(3), ShownUpvote: n(4), ShownDownvote: n(5), Algorithm: "random", Reason: "shuffled", Inputs: `{"seed":4}`},
		{ParticipantID: 1, UserID: "u1", ExperimentID: "x", Condition: 1, ItemOrder: 1, EntityID: 8, EntitySet: "s", EntityUrl: "/media/b.png"},
		{ParticipantID: 2, UserID: "u2", ExperimentID: "x", Condition: 2, ItemOrder: 0, EntityID: 8, EntitySet: "s", EntityUrl: "/media/b.png",
			ShownShares: n(9), ShownReadLater: n(2), Algorithm: "thompson_sampling", Score: f(0.75), Reason: "draw 0.75", Inputs: `{"alpha":6,"beta":2}`},
		{ParticipantID: 2, UserID: "u2", ExperimentID: "x", Condition: 2, ItemOrder: 1, EntityID: 7, EntitySet: "s", EntityUrl: "/media/a.png",
			ShownLikes: n(3), ShownUpvote: n(1), ShownDownvote: n(0), Algorithm: "thompson_sampling", Score: f(0.25), Reason: "draw 0.25", Inputs: `{"alpha":2,"beta":6}`},
	}
	var got []InventoryRow
	if err := s.EachInventoryItem(ctx, "x", func(r InventoryRow) error { got = append(got, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("after 0030:\n%+v\nwant\n%+v", got, want)
	}
	feed, err := s.ExplainedFeed(ctx, 2)
	if err != nil || len(feed) != 2 || feed[0].EntityID != 8 || feed[1].EntityID != 7 || feed[1].Headline != "A" || feed[0].Inputs != `{"alpha":6,"beta":2}` {
		t.Fatalf("explained feed %+v, %v", feed, err)
	}
	if target, err := s.ResolveEvent(ctx, "x", "u2", 7); err != nil || target.ParticipantID != 2 {
		t.Fatalf("resolve %+v, %v", target, err)
	}

	var table string
	var btrees int
	if err := s.read.QueryRowContext(ctx, `SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'inventory'`).Scan(&table); err != nil {
		t.Fatal(err)
	}
	if err := s.read.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE tbl_name = 'inventory' AND rootpage > 0`).Scan(&btrees); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(table, "WITHOUT ROWID") || btrees != 2 {
		t.Fatalf("inventory is in %d B-trees: %s", btrees, table)
	}
	for _, dup := range []string{
		`INSERT INTO inventory (participant_id, item_order, entity_id) VALUES (1, 5, 7)`, // a card twice in one feed
		`INSERT INTO inventory (participant_id, item_order, entity_id) VALUES (1, 1, 9)`, // two cards at one position
	} {
		if _, err := s.write.ExecContext(ctx, dup); err == nil || !strings.Contains(err.Error(), "UNIQUE") {
			t.Fatalf("%s: %v", dup, err)
		}
	}
}
