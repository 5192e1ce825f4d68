package replicate

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// blobs is where a destination keeps the media files: each file under its own name, which
// is its SHA-256 (media/media.go), so a file once copied never changes and a restore can
// check every byte it brings back.
type blobs interface {
	// names lists the files already at the destination.
	names(ctx context.Context) (map[string]bool, error)
	// put copies the local file src to the destination as name.
	put(ctx context.Context, name, src string) error
	// get copies name from the destination to the local file dst.
	get(ctx context.Context, name, dst string) error
}

// blobKey is name's place under the media folder, sharded like the data directory's.
func blobKey(name string) string { return name[:2] + "/" + name }

// writeChecked copies r to a new file dst through a temporary file, checking that the
// content hashes to name (the first 64 hex digits), so a restore never installs a damaged
// or foreign file under a trusted name.
func writeChecked(r io.Reader, name, dst string) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), ".restore-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	h := sha256.New()
	if _, err := io.Copy(io.MultiWriter(tmp, h), r); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if got := hex.EncodeToString(h.Sum(nil)); len(name) < 64 || got != name[:64] {
		return fmt.Errorf("media file %s does not match its name (content hashes to %s)", name, got)
	}
	return os.Rename(tmp.Name(), dst)
}
