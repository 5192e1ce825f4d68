package cli

import (
	"context"
	"fmt"
	"io"

	"feedlab/store"
)

// cmdBackup writes a consistent copy of the database while the server may be serving.
// Media files are content-addressed and never change; copy the media directory alongside.
func cmdBackup(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, data := newFlags("backup", stderr)
	out := fs.String("out", "", "file to write the copy to (must not exist)")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if err := noPositional(pos); err != nil {
		return err
	}
	if *out == "" {
		return fmt.Errorf("%w: --out FILE is required", errUsage)
	}
	if err := requireDatabase(*data); err != nil {
		return err
	}
	st, err := store.Open(ctx, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.Backup(ctx, *out); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Backed up %s to %s (integrity check ok). Media files are in %s/media; copy that directory too.\n", st.Path(), *out, *data)
	return nil
}
