package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"feedlab/store"
)

// cmdResearcherUnlock lifts an account's sign-in lockout (growing delays after strangers'
// failed guesses). A running serve keeps its failure counts in memory, out of this
// process's reach: the command records in the database when it cleared the account, and
// serve lets the next attempt through if its lockout began before that.
func cmdResearcherUnlock(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, data := newFlags("researcher unlock", stderr)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("%w: expected exactly one NAME", errUsage)
	}
	st, err := store.Open(ctx, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.ClearLockout(ctx, pos[0]); errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("researcher unlock: no account is named %q ('feedlab researcher list' shows them)", pos[0])
	} else if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Unlocked %q: the next sign-in is checked at once.\n", pos[0])
	return nil
}
