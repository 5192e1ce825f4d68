package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"feedlab/params"
	"feedlab/store"
	"feedlab/study"
)

// cmdStudyCreate creates a study from a params.csv (condition,param,value) and prints its
// experiment_id as the last line.
func cmdStudyCreate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, data := newFlags("study create", stderr)
	from := fs.String("from", "", "params.csv with the columns condition,param,value")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if err := noPositional(pos); err != nil {
		return err
	}
	if *from == "" {
		return fmt.Errorf("%w: --from params.csv is required", errUsage)
	}
	f, err := os.Open(*from)
	if err != nil {
		return fmt.Errorf("study create: %w", err)
	}
	defer f.Close()
	rows, err := params.ParseCSV(f)
	if err != nil {
		return fmt.Errorf("study create: %s: %w", *from, err)
	}
	st, err := store.Open(ctx, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	id, err := study.Create(ctx, st, rows, "")
	var problems params.Problems
	if errors.As(err, &problems) {
		return fmt.Errorf("study create: %s has problems; nothing was created:\n%w", *from, err)
	}
	if err != nil {
		return err
	}
	created, err := st.Study(ctx, id)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "Created a study with %d condition(s).\n", created.NConditions)
	fmt.Fprintln(stdout, id)
	return nil
}
