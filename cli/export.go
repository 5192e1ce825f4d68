package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"feedlab/export"
	"feedlab/store"
	"feedlab/study"
)

// cmdExport streams an export as CSV to stdout or to --out, or with --codebook the
// export's codebook (Markdown). With --out the file appears only when it is complete
// (written to a temporary file, then renamed).
func cmdExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, data := newFlags("export", stderr)
	id := fs.String("study", "", "experiment_id (for --type stimulus_set: the set name)")
	typ := fs.String("type", "", fmt.Sprintf("one of %v, or %s (the home page's sign-ups, the appliance's: no --study)", export.Types, export.TypeSignups))
	out := fs.String("out", "", "file to write (default: standard output)")
	includeTest := fs.Bool("include-test", false, "keep the rows of test participants (preview and pilot runs), marked 1 in the is_test column")
	raw := fs.Bool("raw", false, "write values as stored: do not neutralise cells a spreadsheet would run as formulas (=, +, -, @, tab, CR)")
	codebook := fs.Bool("codebook", false, "write the export's codebook (Markdown: every column's type, unit, origin and meaning) instead of the CSV")
	var clean export.Cleaning
	fs.Int64Var(&clean.DwellCapMs, "dwell-cap-ms", 0, "exposures: count each dwell visit longer than this as this long (0: no cap)")
	fs.Int64Var(&clean.DwellFloorMs, "dwell-floor-ms", 0, "exposures: drop dwell visits shorter than this (0: keep all)")
	fs.IntVar(&clean.Trim, "trim", 0, "exposures: leave out each participant's first N and last N cards")
	fs.BoolVar(&clean.SawEveryCard, "saw-every-card", false, "exposures: keep only participants who saw every remaining card (saw_every_card = 1)")
	fs.BoolVar(&clean.DropExcluded, "drop-excluded", false, "exposures: leave out participants a researcher excluded (otherwise marked excluded = 1)")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if err := noPositional(pos); err != nil {
		return err
	}
	signups := *typ == export.TypeSignups
	if signups && (*id != "" || *codebook || *includeTest || !clean.IsZero()) {
		return fmt.Errorf("%w: --type signups takes no --study, --codebook, --include-test or cleaning option", errUsage)
	}
	if !signups && (*id == "" || *typ == "") {
		return fmt.Errorf("%w: --study and --type are required", errUsage)
	}
	if !signups && !slices.Contains(export.Types, *typ) {
		return fmt.Errorf("%w: --type %q is not one of %v", errUsage, *typ, export.Types)
	}
	if !clean.IsZero() && *typ != export.TypeExposures {
		return fmt.Errorf("%w: --dwell-cap-ms, --dwell-floor-ms, --trim, --saw-every-card and --drop-excluded apply to --type exposures only", errUsage)
	}
	if err := clean.Check(); err != nil {
		return fmt.Errorf("%w: %s", errUsage, strings.TrimPrefix(err.Error(), "export: invalid option: "))
	}
	opts := export.Options{Raw: *raw, IncludeTest: *includeTest, Cleaning: clean}
	if err := requireDatabase(*data); err != nil {
		return err
	}
	st, err := store.Open(ctx, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	// A study's export is recorded in its audit log when its first byte is written (to
	// standard output or the file): one that fails or is interrupted before then is not a
	// download, and one that cannot be recorded does not happen.
	audit := func() error { return nil }
	if *typ != export.TypeStimulusSet && !signups {
		action, detail := store.AuditDownload, *typ+" on the command line"
		if *codebook {
			action = store.AuditCodebook
		}
		if opts.Raw {
			detail = *typ + " (raw) on the command line"
		}
		audit = func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			return st.RecordAudit(ctx, *id, auditCLI, action, detail)
		}
	}
	write := func(w io.Writer) error {
		return exportTo(ctx, st, &study.Download{W: w, Begin: audit}, stderr, *typ, *id, opts)
	}
	if signups {
		write = func(w io.Writer) error { return export.WriteSignups(ctx, st, w, opts) }
	}
	if *codebook {
		write = func(w io.Writer) error {
			return codebookTo(ctx, st, &study.Download{W: w, Begin: audit}, *typ, *id, opts)
		}
	}
	if *out == "" {
		return write(stdout)
	}
	tmp, err := os.CreateTemp(filepath.Dir(*out), ".feedlab-export-*")
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
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

// codebookTo writes the codebook of the export that exportTo would write with opts.
func codebookTo(ctx context.Context, st *store.Store, w io.Writer, typ, id string, opts export.Options) error {
	cb, err := export.NewCodebook(ctx, st, typ, id, opts, version)
	if errors.Is(err, store.ErrNotFound) {
		return notFound(typ, id)
	}
	if err != nil {
		return err
	}
	return cb.WriteMarkdown(w)
}

func notFound(typ, id string) error {
	what := "study"
	if typ == export.TypeStimulusSet {
		what = "stimulus set"
	}
	return fmt.Errorf("no %s %q: no data found. Did you enter the ID correctly?", what, id)
}

func exportTo(ctx context.Context, st *store.Store, w io.Writer, stderr io.Writer, typ, id string, opts export.Options) error {
	err := export.WriteWith(ctx, st, w, typ, id, opts)
	if errors.Is(err, store.ErrNotFound) {
		return notFound(typ, id)
	}
	if err != nil {
		return err
	}
	if export.HoldsPlatformIDs(typ) {
		fmt.Fprintln(stderr, export.PlatformIDNotice)
	}
	return nil
}
