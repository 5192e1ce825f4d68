package store

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"time"
)

// checkpointEvery is how often the background checkpointer copies the write-ahead log's
// new pages into the database file. SQLite's own automatic checkpoint ran inside the
// commit that crossed 1,000 pages, on the one writer connection, so every participant
// queued behind that commit waited for it; once a second keeps the log about as small
// under load and its fsyncs as few (issue 28).
const checkpointEvery = time.Second

// checkpointer runs PASSIVE checkpoints on a connection of its own, beside the writer: a
// passive checkpoint waits for no one and copies only frames no reader still needs, so
// the writer keeps committing meanwhile. Durability is the log's (synchronous=FULL at every
// commit) and does not depend on when frames are copied.
type checkpointer struct {
	conn *sql.DB
	stop chan struct{}
	done chan struct{}
	once sync.Once
}

// startCheckpointer turns the writer's automatic checkpoints off and starts checkpointing
// on a connection of its own.
func startCheckpointer(ctx context.Context, path string, write *sql.DB) (*checkpointer, error) {
	conn, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		return nil, fmt.Errorf("store: open %s for checkpoints: %w", path, err)
	}
	conn.SetMaxOpenConns(1)
	conn.SetMaxIdleConns(1)
	conn.SetConnMaxLifetime(0)
	conn.SetConnMaxIdleTime(0)
	if err := conn.PingContext(ctx); err != nil {
		conn.Close()
		return nil, fmt.Errorf("store: open %s for checkpoints: %w", path, err)
	}
	if _, err := write.ExecContext(ctx, "PRAGMA wal_autocheckpoint = 0"); err != nil {
		conn.Close()
		return nil, fmt.Errorf("store: checkpoints off the commit path: %w", err)
	}
	c := &checkpointer{conn: conn, stop: make(chan struct{}), done: make(chan struct{})}
	go c.run()
	return c, nil
}

func (c *checkpointer) run() {
	defer close(c.done)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-c.stop:
			return
		case <-t.C:
			// An error (the disk full, a busy lock past busy_timeout) leaves the frames in
			// the log, where they are as durable; the next tick tries again.
			c.checkpoint(context.Background())
		}
	}
}

// checkpoint copies what it can of the log into the database file; it returns the log's
// frames and how many of them are in the database file now.
func (c *checkpointer) checkpoint(ctx context.Context) (log, done int, err error) {
	var busy int
	if err := c.conn.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &log, &done); err != nil {
		return 0, 0, fmt.Errorf("store: checkpoint: %w", err)
	}
	return log, done, nil
}

// close stops the checkpointer and waits for a checkpoint under way to finish; it may be
// called more than once (HandCheckpointsOver, then Close).
func (c *checkpointer) close() error {
	var err error
	c.once.Do(func() {
		close(c.stop)
		<-c.done
		err = c.conn.Close()
	})
	return err
}
