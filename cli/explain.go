package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"feedlab/store"
	"feedlab/study"
)

// cmdExplain prints a participant's feed as they saw it, card by card with the ranking
// algorithm's score and reason, and checks that recomposing it from what is stored gives
// the identical order (exit status 1 when it does not).
func cmdExplain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, data := newFlags("explain", stderr)
	id := fs.String("study", "", "experiment_id")
	user := fs.String("user", "", "the participant's user_id")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if err := noPositional(pos); err != nil {
		return err
	}
	if *id == "" || *user == "" {
		return fmt.Errorf("%w: --study and --user are required", errUsage)
	}
	if err := requireDatabase(*data); err != nil {
		return err
	}
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
	e, err := def.Explain(ctx, st, *user)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("study %s has no participant %q", *id, *user)
	} else if err != nil {
		return err
	}
	// A participant's feed is participant data: recorded before it is printed, and not
	// printed if it cannot be recorded.
	if err := st.RecordAudit(ctx, *id, auditCLI, store.AuditExplain, "participant "+*user); err != nil {
		return err
	}
	return writeExplanation(stdout, e)
}

func writeExplanation(w io.Writer, e study.Explanation) error {
	p := e.Participant
	fmt.Fprintf(w, "study %s, participant %s, condition %d, algorithm %s, seed %d\n", p.ExperimentID, p.UserID, p.Condition, e.Algorithm, p.Seed)
	for _, b := range e.Blocks {
		fmt.Fprintf(w, "block %d asked for at position %d, ranked toward engaged cards %v\n", b.Block, b.FirstOrder+1, b.Engaged)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "position\tentity_id\tset\tscore\treason\tinputs")
	for _, it := range e.Items {
		score := ""
		if it.Score.Valid {
			score = strconv.FormatFloat(it.Score.Float64, 'g', 6, 64)
		}
		fmt.Fprintf(tw, "%d\t%d\t%s\t%s\t%s\t%s\n", it.ItemOrder+1, it.EntityID, it.EntitySet, score, it.Reason, it.Inputs)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if !e.Identical() {
		fmt.Fprintf(w, "recomposed from what is stored: DIFFERENT order %v\n", e.Recomposed)
		return errors.New("explain: recomposing the feed from what is stored gave a different order")
	}
	_, err := fmt.Fprintf(w, "recomposed from what is stored: identical order (%d cards)\n", len(e.Items))
	return err
}
