package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"feedlab/store"
)

// cmdResearcherRemove deletes a researcher account: its sessions end, the studies shared
// with it are no longer, and the appliance's log records the removal. It refuses the last
// account (no one could sign in) and an account that owns studies: a study without an
// owner is seen by every researcher, so removing its owner would widen who sees its data
// (docs/decisions.md). Their earlier audit entries keep their name.
func cmdResearcherRemove(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, data := newFlags("researcher remove", stderr)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("%w: expected exactly one NAME", errUsage)
	}
	name := pos[0]
	if err := requireDatabase(*data); err != nil {
		return err
	}
	st, err := store.Open(ctx, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	var owns *store.OwnsStudiesError
	switch err := st.RemoveResearcher(ctx, name, auditCLI); {
	case errors.Is(err, store.ErrNotFound):
		return fmt.Errorf("researcher remove: no account is named %q ('feedlab researcher list' shows them)", name)
	case errors.Is(err, store.ErrLastResearcher):
		return fmt.Errorf("researcher remove: %q is the only researcher account; add another first, or no one could sign in", name)
	case errors.As(err, &owns):
		return fmt.Errorf("researcher remove: %q owns %d %s (%s); their data stays theirs: nothing was removed", name, len(owns.IDs), plural(len(owns.IDs), "study", "studies"), strings.Join(owns.IDs, ", "))
	case err != nil:
		return err
	}
	fmt.Fprintf(stdout, "Removed researcher %q.\n", name)
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
