package cli

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"feedlab/replicate"
	"feedlab/store"
)

// cmdRestore rebuilds a data directory from a --replicate destination: the database (at a
// moment in time with --at) and the media, into a directory that must be empty.
func cmdRestore(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, data := newFlags("restore", stderr)
	from := fs.String("from", "", "the destination serve --replicate wrote to (file://, s3://, sftp://)")
	at := fs.String("at", "", "restore the state of this moment (RFC 3339, like 2026-12-01T10:00:00Z) instead of the latest")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if err := noPositional(pos); err != nil {
		return err
	}
	if *from == "" {
		return fmt.Errorf("%w: --from URL is required", errUsage)
	}
	var when time.Time
	if *at != "" {
		t, err := time.Parse(time.RFC3339, *at)
		if err != nil {
			return fmt.Errorf("%w: --at %q is not a moment like 2026-12-01T10:00:00Z", errUsage, *at)
		}
		when = t
	}
	t, err := replicate.Parse(*from)
	if err != nil {
		return fmt.Errorf("%w: --from: %v", errUsage, err)
	}
	n, err := replicate.Restore(ctx, t, *data, store.DatabaseFile, when)
	if err != nil {
		return err
	}
	// Litestream checked the file; opening it as the appliance does (migrations included)
	// and checking it again proves a server can start on it.
	path := filepath.Join(*data, store.DatabaseFile)
	if err := store.CheckIntegrity(ctx, path); err != nil {
		return err
	}
	st, err := store.Open(ctx, *data)
	if err != nil {
		return fmt.Errorf("restore: the restored database does not open: %w", err)
	}
	if err := st.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Restored %s and %d media files from %s (integrity check ok). Start it with: feedlab serve --data %s\n", path, n, *from, *data)
	return nil
}
