package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"feedlab/reconcile"
	"feedlab/store"
	"feedlab/study"
)

// cmdReconcile matches a platform's list (Prolific's submissions export, MTurk's batch
// results, Lucid RIDs) against a study, both ways, as the study page does
// (study.Definition.Reconcile): each line's class and note, then who completed here but is
// not on the list. --out writes the full result CSV. It only reads (no returns are marked)
// and, like the page, records the reconciliation in the audit log.
func cmdReconcile(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, data := newFlags("reconcile", stderr)
	id := fs.String("study", "", "experiment_id")
	platform := fs.String("platform", "", "prolific, mturk or lucid (default: told from the header line, else the study's platform)")
	out := fs.String("out", "", "also write the full result (every line, then who is not on the list) to this CSV file")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *id == "" || len(pos) != 1 {
		return fmt.Errorf("%w: expected 'feedlab reconcile --study ID [--platform P] [--out FILE] LIST.csv'", errUsage)
	}
	switch *platform {
	case "", reconcile.Prolific, reconcile.MTurk, reconcile.Lucid:
	default:
		return fmt.Errorf("%w: --platform %q is not prolific, mturk or lucid", errUsage, *platform)
	}
	if err := requireDatabase(*data); err != nil {
		return err
	}
	f, err := os.Open(pos[0])
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := store.Open(ctx, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	def, err := study.NewDefinitions(st).Load(ctx, *id)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("no study %q", *id)
	} else if err != nil {
		return err
	}
	fallback := ""
	if c := def.Condition(1); c != nil {
		fallback = c.Platform
	}
	table, err := reconcile.Read(io.LimitReader(f, reconcile.MaxBytes+1), *platform, fallback)
	if err != nil {
		return fmt.Errorf("reconcile %s: %w", pos[0], err)
	}
	rec, err := def.Reconcile(ctx, st, table, false, auditCLI)
	if err != nil {
		return err
	}
	if *out != "" {
		if err := os.WriteFile(*out, []byte(rec.Report.CSV), 0o644); err != nil {
			return err
		}
	}
	return writeReconciliation(stdout, rec.Result)
}

// writeReconciliation prints the counts, every line, and the other direction.
func writeReconciliation(w io.Writer, res reconcile.Result) error {
	var counts []string
	for _, c := range reconcile.Classes {
		counts = append(counts, fmt.Sprintf("%s %d", c, res.Counts[c]))
	}
	fmt.Fprintf(w, "%d lines read as %s: %s\n", len(res.Lines), res.Platform, strings.Join(counts, ", "))
	fmt.Fprintf(w, "code mismatches: %d; completed here but not on the list: %d\n", res.CodeMismatches, len(res.Missing))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "line\tid\tclass\tuser_id\tcode_issued\tcode_submitted\tnote")
	for _, l := range res.Lines {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", l.Line, l.ID, l.Class, dash(l.UserID), dash(l.Code), dash(l.CodeGiven), l.Note)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(res.Missing) == 0 {
		_, err := fmt.Fprintln(w, "Everyone who completed here is on the list.")
		return err
	}
	fmt.Fprintln(w, "Completed here, not on the platform's list:")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "id\tuser_id\tcondition\tcode_issued\tnote")
	for _, m := range res.Missing {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\n", dash(m.ID), m.UserID, m.Condition, dash(m.CompletionCode), m.Note)
	}
	return tw.Flush()
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
