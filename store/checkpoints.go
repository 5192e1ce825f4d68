package store

import (
	"context"
	"fmt"
)

// HandCheckpointsOver stops the writer's automatic checkpoints, for when Litestream
// replicates the database (serve --replicate): it must copy every frame of the
// write-ahead log before the log is checkpointed and restarted, so it alone checkpoints.
// Its long read transaction already keeps a checkpoint of ours from restarting the log;
// without ours there is also no checkpoint work done twice on the participants' write path.
// The writer is one connection kept open for the store's life, so the pragma holds.
func (s *Store) HandCheckpointsOver(ctx context.Context) error {
	if _, err := s.write.ExecContext(ctx, "PRAGMA wal_autocheckpoint = 0"); err != nil {
		return fmt.Errorf("store: hand checkpoints over: %w", err)
	}
	return nil
}
