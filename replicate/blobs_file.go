package replicate

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// fileBlobs keeps media files in a folder (a mounted NAS, a second disk).
type fileBlobs struct{ dir string }

func (b *fileBlobs) names(ctx context.Context) (map[string]bool, error) {
	out := map[string]bool{}
	err := filepath.WalkDir(b.dir, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if !d.IsDir() && len(d.Name()) > 64 && d.Name()[0] != '.' {
			out[d.Name()] = true
		}
		return nil
	})
	return out, err
}

func (b *fileBlobs) put(ctx context.Context, name, src string) error {
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	return writeChecked(f, name, filepath.Join(b.dir, filepath.FromSlash(blobKey(name))))
}

func (b *fileBlobs) get(ctx context.Context, name, dst string) error {
	f, err := os.Open(filepath.Join(b.dir, filepath.FromSlash(blobKey(name))))
	if err != nil {
		return err
	}
	defer f.Close()
	return writeChecked(f, name, dst)
}
