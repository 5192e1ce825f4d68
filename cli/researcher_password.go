package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"feedlab/store"
)

// cmdResearcherPassword sets a new password for an account, read from standard input
// (--password-stdin) like 'researcher add'. Every session of the account ends (whoever
// knew the old password is signed out) and its sign-in lockout is lifted, in one
// transaction.
func cmdResearcherPassword(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs, data := newFlags("researcher password", stderr)
	fromStdin := fs.Bool("password-stdin", false, "read the password from standard input")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("%w: expected exactly one NAME", errUsage)
	}
	hash, err := readNewPassword("researcher password", *fromStdin, stdin, stderr)
	if err != nil {
		return err
	}
	st, err := store.Open(ctx, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.SetResearcherPassword(ctx, pos[0], hash); errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("researcher password: no account is named %q ('feedlab researcher list' shows them)", pos[0])
	} else if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Set a new password for %q; its sessions have ended.\n", pos[0])
	return nil
}
