package api

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"feedlab/demo"
	"feedlab/media"
	"feedlab/store"
)

// The demo study (its images drawn and encoded, its set and study written) took most of
// the time of setting up a test server: 0.3–1.6 s each, about 80 times in this package.
// It is made once per test binary into a template directory, and each test starts from a
// copy of it: the same files demo.Ensure would have written, in a directory of its own.
var demoTemplate struct {
	once sync.Once
	dir  string
	err  error
}

// copyDemoTemplate fills dir (a new, empty directory) with a closed database and media
// folder holding the demo study.
func copyDemoTemplate(t testing.TB, dir string) {
	t.Helper()
	demoTemplate.once.Do(func() {
		demoTemplate.dir, demoTemplate.err = makeDemoTemplate()
	})
	if demoTemplate.err != nil {
		t.Fatal(demoTemplate.err)
	}
	if err := copyTree(demoTemplate.dir, dir); err != nil {
		t.Fatal(err)
	}
}

func makeDemoTemplate() (string, error) {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "feedlab-api-demo-")
	if err != nil {
		return "", fmt.Errorf("demo template: %w", err)
	}
	st, err := store.Open(ctx, dir)
	if err != nil {
		return "", fmt.Errorf("demo template: %w", err)
	}
	ms, err := media.Open(filepath.Join(dir, "media"))
	if err != nil {
		st.Close()
		return "", fmt.Errorf("demo template: %w", err)
	}
	if err := demo.Ensure(ctx, st, ms); err != nil {
		st.Close()
		return "", fmt.Errorf("demo template: %w", err)
	}
	// Closed, the database is one self-contained file (its write-ahead log checkpointed).
	if err := st.Close(); err != nil {
		return "", fmt.Errorf("demo template: close: %w", err)
	}
	return dir, nil
}

// removeDemoTemplate is called by TestMain once every test has run.
func removeDemoTemplate() {
	if demoTemplate.dir != "" {
		os.RemoveAll(demoTemplate.dir)
	}
}

// copyTree copies the regular files and folders under src into dst.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		in, err := os.Open(path)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return fmt.Errorf("copy %s: %w", rel, err)
		}
		return out.Close()
	})
}
