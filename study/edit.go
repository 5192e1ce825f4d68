package study

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"feedlab/store"
)

// ErrNoSuchParam: the condition has no such parameter to edit.
var ErrNoSuchParam = errors.New("study: no such parameter")

// Edit changes one parameter of one condition of a study, for researcher by: the study must
// still pass every rule (Check) with the new value; a text (EditableTexts) may change while
// the study runs, any other parameter only before the first real participant
// (store.ErrDesignLocked). The change, its version and its audit row commit together, and
// the design lock is checked in that same transaction, so an arrival can never see half of
// it. Errors: ErrNoSuchParam, store.ErrDesignLocked, params.Problems from Check.
func Edit(ctx context.Context, st *store.Store, id string, condition int, param, value, by string) (version int64, err error) {
	stored, err := st.StudyParams(ctx, id)
	if err != nil {
		return 0, err
	}
	rows := Rows(stored)
	found := false
	for i, p := range rows {
		if p.Condition == condition && p.Param == param {
			rows[i].Value = value
			found = true
		}
	}
	if !found {
		return 0, fmt.Errorf("%w: condition %d has no parameter %q", ErrNoSuchParam, condition, param)
	}
	text := slices.Contains(EditableTexts, param)
	if !text {
		// Refuse at once what the transaction would refuse, before running the checks
		// (which may run a ranking script).
		if n, err := st.RealParticipants(ctx, id); err != nil {
			return 0, err
		} else if n > 0 {
			return 0, store.ErrDesignLocked
		}
	}
	if _, err := Check(ctx, st, rows); err != nil {
		return 0, err
	}
	return st.EditParam(ctx, store.ParamEdit{
		ExperimentID: id, Condition: condition, Param: param, Value: value, By: by, Text: text,
		AuditDetail: func(v int64) string { return fmt.Sprintf("condition %d %s (version %d)", condition, param, v) },
	})
}
