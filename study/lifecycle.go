package study

import (
	"context"
	"fmt"

	"feedlab/params"
	"feedlab/store"
)

// A study's life (issue 22, item 1), the same rules for the API and the command line:
//
//   - A study a researcher creates in the wizard, or imports from a bundle on the web, is a
//     draft: no participant is registered (they read "This study has not started yet"),
//     its preview links work, and every parameter can still change.
//   - Launch opens it; from then on the rules are those of a running study (texts
//     editable and versioned, the design locked once a real participant arrived).
//   - Archive hides it and stops it accepting anyone, its data kept; Restore gives it
//     back the status it had.
//   - Delete removes it with all its data: a draft at once, a launched study only when
//     its id is typed as confirmation; an entry outside the study records who deleted it.

// Draft creates the study as a draft, to be reviewed and launched.
func Draft() Option {
	return func(ns *store.NewStudy) { ns.Status = store.StatusDraft }
}

// IdempotencyKey makes Create answer the study an earlier Create by the same owner with
// the same key made, instead of a second one (the wizard sends one key per form).
func IdempotencyKey(key string) Option {
	return func(ns *store.NewStudy) { ns.CreateKey = key }
}

// CreateOnce is Create that says whether the study already existed: made before by the
// same owner with the same idempotency key (an option). A repeated request is answered
// without checking its rows again: it names the study the first request made.
func CreateOnce(ctx context.Context, st *store.Store, rows []params.Row, owner string, opts ...Option) (string, bool, error) {
	var probe store.NewStudy
	for _, opt := range opts {
		opt(&probe)
	}
	if probe.CreateKey != "" && owner != "" {
		if id, found, err := st.StudyForCreateKey(ctx, owner, probe.CreateKey); err != nil || found {
			return id, found, err
		}
	}
	ns, err := newStudy(ctx, st, rows, owner, opts)
	if err != nil {
		return "", false, err
	}
	return st.CreateStudyOnce(ctx, ns)
}

// Launch opens a draft to participants, with its audit entry.
func Launch(ctx context.Context, st *store.Store, experimentID, by string) error {
	if err := st.LaunchStudy(ctx, experimentID, &store.AuditRecord{Researcher: by, Detail: store.StatusOpen}); err != nil {
		return fmt.Errorf("study: launch: %w", err)
	}
	return nil
}

// Archive hides a study and stops it accepting anyone, with its audit entry.
func Archive(ctx context.Context, st *store.Store, experimentID, by string) error {
	if err := st.ArchiveStudy(ctx, experimentID, &store.AuditRecord{Researcher: by}); err != nil {
		return fmt.Errorf("study: archive: %w", err)
	}
	return nil
}

// Restore gives an archived study back the status it had, which it answers.
func Restore(ctx context.Context, st *store.Store, experimentID, by string) (string, error) {
	status, err := st.RestoreStudy(ctx, experimentID, &store.AuditRecord{Researcher: by})
	if err != nil {
		return "", fmt.Errorf("study: restore: %w", err)
	}
	return status, nil
}

// Delete removes a study and all its data. confirmID is the id the researcher typed: a
// launched study is deleted only when it equals experimentID (else store.ErrConfirmDelete);
// a draft needs none.
func Delete(ctx context.Context, st *store.Store, experimentID, by, confirmID string) (store.StudyDeletion, error) {
	d, err := st.DeleteStudy(ctx, experimentID, by, confirmID == experimentID)
	if err != nil {
		return d, fmt.Errorf("study: delete: %w", err)
	}
	return d, nil
}

// EditDraft replaces a draft's parameters with rows, checked exactly as Create checks them
// (params.Problems, nothing changed), with its audit entry. A launched study gives
// store.ErrNotDraft: from then on only its texts change (Edit).
func EditDraft(ctx context.Context, st *store.Store, experimentID string, rows []params.Row, by string) error {
	def, err := Check(ctx, st, rows)
	if err != nil {
		return err
	}
	var ps []store.Param
	for _, r := range def.Rows() {
		ps = append(ps, store.Param{Condition: r.Condition, Param: r.Param, Value: r.Value})
	}
	detail := fmt.Sprintf("%d condition(s), from the wizard", len(def.Conditions))
	if err := st.ReplaceDraftParams(ctx, experimentID, len(def.Conditions), ps, &store.AuditRecord{Researcher: by, Detail: detail}); err != nil {
		return fmt.Errorf("study: edit draft: %w", err)
	}
	return nil
}
