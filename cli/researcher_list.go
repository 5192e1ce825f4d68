package cli

import (
	"context"
	"fmt"
	"io"

	"feedlab/store"
)

// cmdResearcherList prints the researcher accounts, one a line: the name, a tab and the
// day it was created (UTC, YYYY-MM-DD), so a script can cut the names. With no account the
// explanation goes to stderr and stdout stays empty.
func cmdResearcherList(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, data := newFlags("researcher list", stderr)
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if err := noPositional(pos); err != nil {
		return err
	}
	if err := requireDatabase(*data); err != nil {
		return fmt.Errorf("researcher list: %w", err)
	}
	st, err := store.Open(ctx, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	list, err := st.Researchers(ctx)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		fmt.Fprintln(stderr, "No researcher accounts yet. Add one with 'feedlab researcher add NAME --password-stdin', or open the setup link 'feedlab serve' prints.")
		return nil
	}
	for _, r := range list {
		fmt.Fprintf(stdout, "%s\t%s\n", r.Name, r.CreatedAt.UTC().Format("2006-01-02"))
	}
	return nil
}
