package api

import (
	"context"
	"errors"
	"fmt"

	"feedlab/params"
	"feedlab/store"
)

// studyDef is a stored study with its parameters parsed back into conditions.
type studyDef struct {
	experimentID string
	study        params.Study
}

func (d studyDef) condition(n int) *params.Condition {
	if n < 1 || n > len(d.study.Conditions) {
		return nil
	}
	return &d.study.Conditions[n-1]
}

// studyDefinition loads a study's parameter rows and parses them. Studies and stimulus
// sets never change once created, so a parsed study is kept in memory: a Prolific launch
// sends hundreds of participants to the same study within seconds.
func (s *Server) studyDefinition(ctx context.Context, experimentID string) (studyDef, error) {
	if def, ok := s.studies.Load(experimentID); ok {
		return def.(studyDef), nil
	}
	def, err := s.loadStudyDefinition(ctx, experimentID)
	if err != nil {
		return studyDef{}, err
	}
	s.studies.Store(experimentID, def)
	return def, nil
}

func (s *Server) loadStudyDefinition(ctx context.Context, experimentID string) (studyDef, error) {
	if _, err := s.store.Study(ctx, experimentID); errors.Is(err, store.ErrNotFound) {
		return studyDef{}, unknownExperiment(experimentID)
	} else if err != nil {
		return studyDef{}, err
	}
	stored, err := s.store.StudyParams(ctx, experimentID)
	if err != nil {
		return studyDef{}, err
	}
	lookup, err := s.setLookup(ctx)
	if err != nil {
		return studyDef{}, err
	}
	rows := make([]params.Row, len(stored))
	for i, p := range stored {
		rows[i] = params.Row{Condition: p.Condition, Param: p.Param, Value: p.Value}
	}
	study, err := params.Validate(rows, lookup)
	if err != nil {
		return studyDef{}, fmt.Errorf("api: study %s no longer validates: %w", experimentID, err)
	}
	return studyDef{experimentID: experimentID, study: study}, nil
}

// setLookup answers params.Validate's question "does this set exist, how many cards".
func (s *Server) setLookup(ctx context.Context) (params.SetLookup, error) {
	return s.store.SetSizes(ctx)
}
