package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"feedlab/export"
	"feedlab/store"
)

// cmdExport streams an export as CSV to stdout or to --out. With --out the file appears
// only when the export is complete (written to a temporary file, then renamed).
func cmdExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, data := newFlags("export", stderr)
	id := fs.String("study", "", "experiment_id (for --type stimulus_set: the set name)")
	typ := fs.String("type", "", fmt.Sprintf("one of %v", export.Types))
	out := fs.String("out", "", "file to write (default: standard output)")
	includeTest := fs.Bool("include-test", false, "keep the rows of test participants (preview and pilot runs), marked 1 in the is_test column")
	raw := fs.Bool("raw", false, "write values as stored: do not neutralise cells a spreadsheet would run as formulas (=, +, -, @, tab, CR)")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if err := noPositional(pos); err != nil {
		return err
	}
	if *id == "" || *typ == "" {
		return fmt.Errorf("%w: --study and --type are required", errUsage)
	}
	if !slices.Contains(export.Types, *typ) {
		return fmt.Errorf("%w: --type %q is not one of %v", errUsage, *typ, export.Types)
	}
	if err := requireDatabase(*data); err != nil {
		return err
	}
	st, err := store.Open(ctx, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	if *out == "" {
		return exportTo(ctx, st, stdout, stderr, *typ, *id, export.Options{Raw: *raw, IncludeTest: *includeTest})
	}
	tmp, err := os.CreateTemp(filepath.Dir(*out), ".feedlab-export-*")
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := exportTo(ctx, st, tmp, stderr, *typ, *id, export.Options{Raw: *raw, IncludeTest: *includeTest}); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if err := os.Rename(tmp.Name(), *out); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	fmt.Fprintf(stderr, "Wrote %s\n", *out)
	return nil
}

func exportTo(ctx context.Context, st *store.Store, w io.Writer, stderr io.Writer, typ, id string, opts export.Options) error {
	err := export.WriteWith(ctx, st, w, typ, id, opts)
	if errors.Is(err, store.ErrNotFound) {
		what := "study"
		if typ == export.TypeStimulusSet {
			what = "stimulus set"
		}
		return fmt.Errorf("no %s %q: no data found. Did you enter the ID correctly?", what, id)
	}
	if err != nil {
		return err
	}
	if export.HoldsPlatformIDs(typ) {
		fmt.Fprintln(stderr, export.PlatformIDNotice)
	}
	return nil
}
