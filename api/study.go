package api

import (
	"context"
	"errors"

	"feedlab/store"
	"feedlab/study"
)

// studyDefinition loads a study's definition (cached by study.Definitions); an unknown
// experiment_id answers 404 unknown_experiment.
func (s *Server) studyDefinition(ctx context.Context, experimentID string) (*study.Definition, error) {
	def, err := s.studies.Load(ctx, experimentID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, unknownExperiment(experimentID)
	}
	return def, err
}
