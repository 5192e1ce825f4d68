package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestRegistryIsCurrent fails when the checked-in TypeScript module differs from what the
// Go tables give, so `go test ./...` catches a table changed without `go generate`.
func TestRegistryIsCurrent(t *testing.T) {
	want, err := render()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("..", "..", defaultOut))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: run `go generate ./frontend` and commit it", defaultOut)
	}
}

// TestWriteReplacesTheFile checks the generator's write leaves exactly the module and no
// temporary file beside it.
func TestWriteReplacesTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "registry.ts")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := write(path, []byte("new")); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	entries, _ := os.ReadDir(dir)
	if string(got) != "new" || len(entries) != 1 {
		t.Fatalf("got %q and %d files", got, len(entries))
	}
}
