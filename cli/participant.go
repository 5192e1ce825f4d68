package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"feedlab/store"
	"feedlab/study"
)

// cmdParticipant excludes a participant from the analysis or includes them again
// (feedlab participant exclude STUDY USER --reason TEXT | include STUDY USER), with the
// same rules and audit entry as the participant's page (study.Exclude, study.Include).
func cmdParticipant(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	const expected = "expected 'feedlab participant exclude STUDY USER_ID --reason TEXT' or 'feedlab participant include STUDY USER_ID'"
	if len(args) == 0 || (args[0] != "exclude" && args[0] != "include") {
		return fmt.Errorf("%w: %s", errUsage, expected)
	}
	verb := args[0]
	fs, data := newFlags("participant "+verb, stderr)
	reason := fs.String("reason", "", "why the participant is excluded (required for exclude, at most 500 characters)")
	pos, err := parseFlags(fs, args[1:])
	if err != nil {
		return err
	}
	if len(pos) != 2 || pos[0] == "" || pos[1] == "" {
		return fmt.Errorf("%w: %s", errUsage, expected)
	}
	if verb == "include" && *reason != "" {
		return fmt.Errorf("%w: include takes no --reason", errUsage)
	}
	if err := requireDatabase(*data); err != nil {
		return err
	}
	id, user := pos[0], pos[1]
	st, err := store.Open(ctx, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	if verb == "exclude" {
		err = study.Exclude(ctx, st, id, user, *reason, auditCLI)
	} else {
		var was bool
		was, err = study.Include(ctx, st, id, user, auditCLI)
		if err == nil && !was {
			fmt.Fprintf(stdout, "Participant %s of study %s was not excluded; nothing changed.\n", user, id)
			return nil
		}
	}
	switch {
	case errors.Is(err, study.ErrExclusionReason):
		return fmt.Errorf("%w: %v", errUsage, err)
	case errors.Is(err, store.ErrNotFound):
		return fmt.Errorf("participant %s: study %q has no participant %q in %s", verb, id, user, *data)
	case err != nil:
		return err
	}
	if verb == "exclude" {
		fmt.Fprintf(stdout, "Participant %s of study %s is excluded: exports mark them (excluded, exclusion_reason).\n", user, id)
	} else {
		fmt.Fprintf(stdout, "Participant %s of study %s is included again.\n", user, id)
	}
	return nil
}
