package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"feedlab/bundle"
	"feedlab/params"
	"feedlab/store"
	"feedlab/study"
)

// cmdStudyExport writes a study's bundle (parameters, stimulus sets, media, codebooks,
// feedlab's version; see package bundle) to --out. The file appears only when complete.
func cmdStudyExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, data := newFlags("study export", stderr)
	id := fs.String("study", "", "experiment_id of the study")
	out := fs.String("out", "", "the bundle to write (a .zip file)")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if err := noPositional(pos); err != nil {
		return err
	}
	if *id == "" || *out == "" {
		return fmt.Errorf("%w: --study and --out are required", errUsage)
	}
	if err := requireDatabase(*data); err != nil {
		return err
	}
	st, ms, err := openData(ctx, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	tmp, err := os.CreateTemp(filepath.Dir(*out), ".feedlab-bundle-*")
	if err != nil {
		return fmt.Errorf("study export: %w", err)
	}
	defer os.Remove(tmp.Name())
	// Recorded at the first byte, as feedlab export does (export.go).
	audited := &study.Download{W: tmp, Begin: func() error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return st.RecordAudit(ctx, *id, auditCLI, store.AuditExportBundle, *out)
	}}
	err = bundle.Write(ctx, st, ms, audited, *id, version)
	if errors.Is(err, store.ErrNotFound) {
		tmp.Close()
		return fmt.Errorf("study export: no study %q", *id)
	}
	if err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("study export: %w", err)
	}
	if err := os.Rename(tmp.Name(), *out); err != nil {
		return fmt.Errorf("study export: %w", err)
	}
	fmt.Fprintf(stderr, "Wrote %s\n", *out)
	return nil
}

// cmdStudyImport recreates a bundle's study (and the sets and media it needs) and prints
// the new experiment_id as the last line.
func cmdStudyImport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, data := newFlags("study import", stderr)
	owner := fs.String("owner", "", "researcher who owns the study (default: no owner, visible to every researcher)")
	draft := fs.Bool("draft", false, "import it as a draft, to review and launch ('feedlab study launch ID'); without it the study is open at once")
	minFree := minFreeSpaceFlag(fs)
	maxSize := bundleMaxSizeFlag(fs, bundle.MaxTotalBytes)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if maxSize.n <= 0 {
		return fmt.Errorf("%w: --bundle-max-size must be a positive size, say 2GB", errUsage)
	}
	if len(pos) != 1 {
		return fmt.Errorf("%w: give exactly one bundle (.zip) file", errUsage)
	}
	f, err := os.Open(pos[0])
	if err != nil {
		return fmt.Errorf("study import: %w", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return fmt.Errorf("study import: %w", err)
	}
	b, err := bundle.OpenLimit(f, info.Size(), maxSize.n)
	if err != nil {
		return fmt.Errorf("study import: %s: %w; nothing was imported", pos[0], err)
	}
	st, ms, err := openData(ctx, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := checkOwner(ctx, st, *owner); err != nil {
		return err
	}
	// Media imported on the machine count to no one's media quota (the quota shares the
	// web pages' uploads among researchers; the machine's operator owns the disk).
	if err := checkRoom("study import", *data, minFree.f, b.MediaBytes()); err != nil {
		return err
	}
	opts := []study.Option{study.CreatedBy(auditCLI, "imported from "+filepath.Base(pos[0]))}
	if *draft {
		opts = append(opts, study.Draft())
	}
	res, err := bundle.Import(ctx, st, ms, b, *owner, opts...)
	var problems params.Problems
	if errors.As(err, &problems) {
		return fmt.Errorf("study import: %s: params.csv has problems; nothing was imported:\n%w", pos[0], err)
	}
	if err != nil {
		return fmt.Errorf("study import: %s: %w", pos[0], err)
	}
	if len(res.SetsReused) > 0 {
		fmt.Fprintf(stderr, "Reused identical stimulus sets: %s\n", strings.Join(res.SetsReused, ", "))
	}
	fmt.Fprintf(stderr, "Imported a study from feedlab %s with %d new stimulus set(s) and %d media file(s).\n",
		b.Manifest.FeedlabVersion, len(res.SetsCreated), res.MediaFiles)
	fmt.Fprintln(stdout, res.ExperimentID)
	return nil
}
