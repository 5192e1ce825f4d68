package cli

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"feedlab/store"
)

// TestFailedImportLeavesNoMediaBehind: when an import fails after copying files into the
// media store, the files nothing records are removed again; a file another set uses stays.
func TestFailedImportLeavesNoMediaBehind(t *testing.T) {
	t.Parallel()
	data, mediaDir := t.TempDir(), t.TempDir()
	shared := writePNG(t, filepath.Join(mediaDir, "shared.png"), 3)
	writePNG(t, filepath.Join(mediaDir, "fresh.png"), 4)
	tsv := filepath.Join(t.TempDir(), "s.tsv")
	os.WriteFile(tsv, []byte("source_url\tfilename\tretrieve_date\tentity_type\nhttps://a\tshared.png\t2026-01-01\timage\n"), 0o644)
	mustCLI(t, "", "sets", "import", "--name", "first", "--category", "news", "--media", mediaDir, tsv, "--data", data)

	ctx := context.Background()
	st, ms, err := openData(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var stored []store.Media
	for _, f := range []string{"shared.png", "fresh.png"} {
		it, err := ms.PutFile(filepath.Join(mediaDir, f), maxMediaFile)
		if err != nil {
			t.Fatal(err)
		}
		stored = append(stored, store.Media{Name: it.Name, ContentType: it.ContentType, Size: it.Size})
	}
	if files := mediaFiles(t, data); len(files) != 2 {
		t.Fatalf("before: %v", files)
	}
	forgetStoredFiles(ctx, st, ms, stored)
	if files := mediaFiles(t, data); !slices.Equal(files, []string{shared}) {
		t.Fatalf("after a failed import: %v, want only %s", files, shared)
	}
}
