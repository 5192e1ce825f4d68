package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"feedlab/auth"
	"feedlab/store"
)

// cmdResearcherAdd creates a researcher account. The password is read from standard
// input (--password-stdin), never from the command line where other users could see it.
func cmdResearcherAdd(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs, data := newFlags("researcher add", stderr)
	fromStdin := fs.Bool("password-stdin", false, "read the password from standard input")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("%w: expected exactly one NAME", errUsage)
	}
	name := pos[0]
	if err := auth.CheckName(name); err != nil {
		return fmt.Errorf("researcher add: %w", err)
	}
	hash, err := readNewPassword("researcher add", *fromStdin, stdin, stderr)
	if err != nil {
		return err
	}
	st, err := store.Open(ctx, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	if _, err := st.CreateResearcher(ctx, name, hash); errors.Is(err, store.ErrConflict) {
		return fmt.Errorf("researcher add: an account named %q already exists", name)
	} else if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Added researcher %q.\n", name)
	return nil
}

// readNewPassword reads a new password from the first line of stdin (prompting on stderr
// unless --password-stdin was given) and answers its hash, or why it is not acceptable.
func readNewPassword(cmd string, fromStdin bool, stdin io.Reader, stderr io.Writer) (string, error) {
	if !fromStdin {
		// A whole line, so the output ends with a newline even when the password is piped
		// (a terminal shows what is typed on the next line).
		fmt.Fprintln(stderr, "Password: type it and press Enter (input is shown; prefer --password-stdin in scripts):")
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("%s: read password: %w", cmd, err)
	}
	pw := strings.TrimRight(line, "\r\n")
	hash, err := auth.HashPassword(pw)
	if err != nil {
		return "", fmt.Errorf("%s: %w", cmd, err)
	}
	return hash, nil
}
