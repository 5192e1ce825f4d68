// Command genregistry writes frontend/src/generated/registry.ts: the lists the browser
// needs synchronously (the participant page's URL-encoded parameters, the wizard model's
// platform rules, the download page's types, ...), taken from the Go tables that the
// server's own rules read. The TypeScript never keeps a copy by hand.
//
//	go generate ./frontend          (or: go run ./tools/genregistry)
//	go run ./tools/genregistry -o -  (to standard output; ./build.sh diffs it)
//
// TestRegistryIsCurrent and ./build.sh fail when the checked-in file differs from what
// this writes.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

// defaultOut is the generated module, relative to the repository root.
const defaultOut = "frontend/src/generated/registry.ts"

func main() {
	out := flag.String("o", defaultOut, "where to write the module; - for standard output")
	flag.Parse()
	src, err := render()
	if err != nil {
		fmt.Fprintln(os.Stderr, "genregistry:", err)
		os.Exit(1)
	}
	if *out == "-" {
		_, err = os.Stdout.Write(src)
	} else {
		err = write(*out, src)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genregistry:", err)
		os.Exit(1)
	}
}

// write replaces path with src through a temporary file, so an interrupted run never
// leaves half a module for esbuild to read.
func write(path string, src []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".registry-*.ts")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(src); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
