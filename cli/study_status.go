package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"feedlab/store"
)

// statusOfVerb maps the command's verb to the status it sets.
var statusOfVerb = map[string]string{"open": store.StatusOpen, "pause": store.StatusPaused, "close": store.StatusClosed}

// cmdStudyStatus opens, pauses or closes a study (feedlab study open|pause|close ID). It
// works while the server runs: the server reads the status at each new arrival.
func cmdStudyStatus(ctx context.Context, verb string, args []string, stdout, stderr io.Writer) error {
	fs, data := newFlags("study "+verb, stderr)
	id, err := studyIDArg(fs, args, verb)
	if err != nil {
		return err
	}
	st, err := store.Open(ctx, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	status := statusOfVerb[verb]
	err = st.SetStudyStatus(ctx, id, status, &store.AuditRecord{Researcher: auditCLI, Detail: status})
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("study %s: there is no study %q in %s", verb, id, *data)
	}
	if errors.Is(err, store.ErrDraft) {
		return fmt.Errorf("study %s: %s is a draft: launch it with 'feedlab study launch %s'", verb, id, id)
	}
	if errors.Is(err, store.ErrArchived) {
		return fmt.Errorf("study %s: %s is archived: restore it with 'feedlab study restore %s'", verb, id, id)
	}
	if err != nil {
		return err
	}
	switch status {
	case store.StatusOpen:
		fmt.Fprintf(stdout, "Study %s is open: new participants are registered.\n", id)
	default:
		fmt.Fprintf(stdout, "Study %s is %s: new participants see \"This study is not accepting participants right now\"; participants already in it can finish.\n", id, status)
	}
	return nil
}

// studyIDArg reads the flags of 'feedlab study VERB ID' and its one study id.
func studyIDArg(fs *flag.FlagSet, args []string, verb string) (string, error) {
	pos, err := parseFlags(fs, args)
	if err != nil {
		return "", err
	}
	if len(pos) != 1 || pos[0] == "" {
		return "", fmt.Errorf("%w: expected 'feedlab study %s ID'", errUsage, verb)
	}
	return pos[0], nil
}
