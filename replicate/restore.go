package replicate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/benbjohnson/litestream"
)

// ErrNotEmpty is a restore into a directory that already holds something: a restore
// never overwrites a data directory.
var ErrNotEmpty = errors.New("the data directory is not empty")

// ErrNothingReplicated is a destination with no database to restore (or none as early
// as --at).
var ErrNothingReplicated = errors.New("nothing replicated there")

// Restore rebuilds dataDir (which must be empty or absent) from t: the database as it was
// at the moment at (the latest state when zero) and every media file, each checked against
// its name. The database passes SQLite's full integrity check before Restore returns.
func Restore(ctx context.Context, t *Target, dataDir, dbFile string, at time.Time) (media int, err error) {
	entries, err := os.ReadDir(dataDir)
	if err == nil && len(entries) > 0 {
		return 0, fmt.Errorf("replicate: restore into %s: %w", dataDir, ErrNotEmpty)
	} else if err != nil && !errors.Is(err, os.ErrNotExist) {
		return 0, fmt.Errorf("replicate: restore into %s: %w", dataDir, err)
	}
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return 0, fmt.Errorf("replicate: restore: %w", err)
	}
	if err := t.db.Init(ctx); err != nil {
		return 0, fmt.Errorf("replicate: restore from %s: %w", t.URL, err)
	}
	rep := litestream.NewReplicaWithClient(nil, t.db)
	opt := litestream.NewRestoreOptions()
	opt.OutputPath = filepath.Join(dataDir, dbFile)
	opt.Timestamp = at
	opt.IntegrityCheck = litestream.IntegrityCheckFull
	if err := rep.Restore(ctx, opt); err != nil {
		if errors.Is(err, litestream.ErrNoSnapshots) || errors.Is(err, litestream.ErrTxNotAvailable) {
			return 0, fmt.Errorf("replicate: restore from %s: %w", t.URL, ErrNothingReplicated)
		}
		return 0, fmt.Errorf("replicate: restore from %s: %w", t.URL, err)
	}
	names, err := t.media.names(ctx)
	if err != nil {
		return 0, fmt.Errorf("replicate: restore media from %s: %w", t.URL, err)
	}
	for name := range names {
		if len(name) <= 64 || name[0] == '.' {
			continue
		}
		dst := filepath.Join(dataDir, "media", name[:2], name)
		if err := t.media.get(ctx, name, dst); err != nil {
			return media, fmt.Errorf("replicate: restore media %s: %w", name, err)
		}
		media++
	}
	return media, nil
}
