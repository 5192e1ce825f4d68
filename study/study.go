// Package study is the study concept in one place: creating a study from its parameter
// rows (Create, used alike by the command line, the API and the built-in demo), loading a
// stored study's definition (Definitions, with the parsed studies kept in memory), and what
// a participant receives of their condition (their parameters, texts, platform ids and
// feed).
//
// A study's life (draft, launch, open, paused, closed, archived, deleted: lifecycle.go),
// its quotas and its ownership and sharing live here, so that every door to a study (CLI,
// API, demo) keeps the same rules.
package study

import (
	"context"
	"fmt"

	"feedlab/params"
	"feedlab/store"
)

// Option changes how Create stores a study.
type Option func(*store.NewStudy)

// Builtin makes the study one the appliance installs itself, under a fixed experiment id
// (solarflare). An existing study with that id gives store.ErrConflict.
func Builtin(experimentID string) Option {
	return func(ns *store.NewStudy) {
		ns.ExperimentID = experimentID
		ns.Builtin = true
		ns.CreatedBy = "feedlab"
	}
}

// CreatedBy records in the study's audit log who created it and how ("from the wizard",
// "imported from FILE"), in the transaction that creates it.
func CreatedBy(researcher, detail string) Option {
	return func(ns *store.NewStudy) {
		ns.CreatedAudit = &store.AuditRecord{Researcher: researcher, Detail: detail}
	}
}

// Check validates rows (plain values) against the stored stimulus sets without creating
// anything: the study Create would store, or params.Problems. "Verify parameters" and
// "Start from a file" use it, so they answer exactly what Create would.
func Check(ctx context.Context, st *store.Store, rows []params.Row) (params.Study, error) {
	sizes, err := st.SetSizes(ctx)
	if err != nil {
		return params.Study{}, fmt.Errorf("study: check: %w", err)
	}
	s, err := params.Validate(rows, sizes)
	if err != nil {
		return s, err
	}
	// The rules that need the cards themselves: covariates the algorithms read, and a
	// dry run of every custom script on the study's real sets.
	if problems, err := checkRanking(ctx, st, s); err != nil {
		return params.Study{}, fmt.Errorf("study: check: %w", err)
	} else if len(problems) > 0 {
		return params.Study{}, problems
	}
	return s, nil
}

// Create checks rows (plain values, as in a params.csv) against the stored stimulus sets
// and stores the study in its canonical rows (every parameter of every condition, so
// exports and "Verify parameters" are complete); it returns the new experiment_id. owner
// is the researcher the study belongs to; "" means no owner (a study created on the command
// line, visible to every researcher). Rows with problems give params.Problems and store
// nothing.
func Create(ctx context.Context, st *store.Store, rows []params.Row, owner string, opts ...Option) (string, error) {
	ns, err := newStudy(ctx, st, rows, owner, opts)
	if err != nil {
		return "", err
	}
	return st.CreateStudy(ctx, ns)
}

// newStudy checks rows and makes the study Create stores.
func newStudy(ctx context.Context, st *store.Store, rows []params.Row, owner string, opts []Option) (store.NewStudy, error) {
	def, err := Check(ctx, st, rows)
	if err != nil {
		return store.NewStudy{}, err
	}
	ns := store.NewStudy{NConditions: len(def.Conditions), CreatedBy: owner, Owner: owner}
	if owner == "" {
		ns.CreatedBy = "cli"
	}
	for _, opt := range opts {
		opt(&ns)
	}
	for _, r := range def.Rows() {
		ns.Params = append(ns.Params, store.Param{Condition: r.Condition, Param: r.Param, Value: r.Value})
	}
	return ns, nil
}

// Rows turns a study's stored parameters (store.StudyParams) back into params rows, for
// the checks, the writers and the edits that take params rows.
func Rows(stored []store.Param) []params.Row {
	rows := make([]params.Row, len(stored))
	for i, p := range stored {
		rows[i] = params.Row{Condition: p.Condition, Param: p.Param, Value: p.Value}
	}
	return rows
}
