package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"feedlab/store"
	"feedlab/study"
)

// cmdStudyLifecycle launches a draft, archives, restores or deletes a study (feedlab study
// launch|archive|restore|delete ID), with the rules of study/lifecycle.go: a launched
// study is deleted only with --confirm ID. Each step writes its audit entry as 'cli'.
func cmdStudyLifecycle(ctx context.Context, verb string, args []string, stdout, stderr io.Writer) error {
	fs, data := newFlags("study "+verb, stderr)
	var confirm *string
	if verb == "delete" {
		confirm = fs.String("confirm", "", "the study's id again: needed to delete a launched study and all its data")
	}
	id, err := studyIDArg(fs, args, verb)
	if err != nil {
		return err
	}
	st, err := store.Open(ctx, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	var said string
	switch verb {
	case "launch":
		err = study.Launch(ctx, st, id, auditCLI)
		said = fmt.Sprintf("Study %s is launched: participants can join, and its design is locked once the first one arrives; only its texts can still be edited.", id)
	case "archive":
		err = study.Archive(ctx, st, id, auditCLI)
		said = fmt.Sprintf("Study %s is archived: it accepts no one and is hidden from My studies unless Show archived is ticked; its data are kept. 'feedlab study restore %s' brings it back.", id, id)
	case "restore":
		var status string
		status, err = study.Restore(ctx, st, id, auditCLI)
		said = fmt.Sprintf("Study %s is restored: it is %s again.", id, status)
	case "delete":
		var d store.StudyDeletion
		d, err = study.Delete(ctx, st, id, auditCLI, *confirm)
		said = fmt.Sprintf("Study %s is deleted with its %d participants' data; the deletion is recorded.", id, d.Participants)
	}
	switch {
	case errors.Is(err, store.ErrNotFound):
		return fmt.Errorf("study %s: there is no study %q in %s", verb, id, *data)
	case errors.Is(err, store.ErrConfirmDelete):
		return fmt.Errorf("study delete: %s has been launched; deleting it removes all its participants' data: repeat its id with --confirm %s", id, id)
	case errors.Is(err, store.ErrNotDraft):
		return fmt.Errorf("study launch: %s has already been launched", id)
	case errors.Is(err, store.ErrArchived):
		return fmt.Errorf("study %s: %s is archived; restore it first ('feedlab study restore %s')", verb, id, id)
	case errors.Is(err, store.ErrNotArchived):
		return fmt.Errorf("study restore: %s is not archived", id)
	case err != nil:
		return err
	}
	fmt.Fprintln(stdout, said)
	return nil
}
