package store

import (
	"context"
	"os"
	"testing"
	"time"
)

// TestCheckpointsRunBesideTheWriter: the writer connection no longer checkpoints inside its
// commits (its automatic checkpoint is off), and the log's pages still reach the database
// file, copied by the background checkpointer without any commit asking; once Litestream
// is handed the checkpoints, the checkpointer has stopped.
func TestCheckpointsRunBesideTheWriter(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	var auto int
	if err := s.write.QueryRowContext(ctx, "PRAGMA wal_autocheckpoint").Scan(&auto); err != nil {
		t.Fatal(err)
	}
	if auto != 0 {
		t.Fatalf("the writer checkpoints every %d pages inside its commits", auto)
	}
	// The tables the migrations created live in the log until a checkpoint copies them.
	info, err := os.Stat(s.path)
	if err != nil {
		t.Fatal(err)
	}
	before := info.Size()
	seedStudy(t, s, 2)
	deadline := time.Now().Add(30 * time.Second)
	for {
		info, err := os.Stat(s.path)
		if err != nil {
			t.Fatal(err)
		}
		if info.Size() > before {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the database file stayed at %d bytes: nothing was checkpointed", before)
		}
		time.Sleep(20 * time.Millisecond) // polling the file; the checkpointer ticks on its own
	}
	if err := s.HandCheckpointsOver(ctx); err != nil {
		t.Fatal(err)
	}
	select {
	case <-s.ckpt.done:
	default:
		t.Fatal("the checkpointer still runs after handing checkpoints over")
	}
}
