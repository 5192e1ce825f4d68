package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"feedlab/params"
	"feedlab/store"
	"feedlab/study"
)

// auditCLI is the researcher name the audit log gives to what was done on the command
// line (whoever can run feedlab there holds the data directory).
const auditCLI = "cli"

// cmdStudyCreate creates a study from a params.csv (condition,param,value) and prints its
// experiment_id as the last line; warnings about settings that can have no effect go to
// stderr. With --owner the study belongs to that researcher;
// without, it has no owner and every researcher sees it.
func cmdStudyCreate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, data := newFlags("study create", stderr)
	from := fs.String("from", "", "params.csv with the columns condition,param,value")
	owner := fs.String("owner", "", "researcher who owns the study (default: no owner, visible to every researcher)")
	draft := fs.Bool("draft", false, "create it as a draft, to review and launch ('feedlab study launch ID'); without it the study is open at once")
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
	// The owner is checked before the rows, so a mistyped name is the one message shown.
	if err := checkOwner(ctx, st, *owner); err != nil {
		return err
	}
	detail := "from " + filepath.Base(*from) + " on the command line"
	if *owner != "" {
		detail += ", owner " + *owner
	}
	opts := []study.Option{study.CreatedBy(auditCLI, detail)}
	if *draft {
		opts = append(opts, study.Draft())
	}
	id, err := study.Create(ctx, st, rows, *owner, opts...)
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
	// Settings that can have no effect: the study is created as written, and the
	// researcher is told (stderr, so stdout stays the experiment_id alone).
	for _, w := range params.Warnings(rows) {
		fmt.Fprintf(stderr, "warning: %s\n", w)
	}
	fmt.Fprintln(stdout, id)
	return nil
}
