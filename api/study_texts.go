package api

import (
	"errors"
	"net/http"
	"slices"

	"feedlab/store"
	"feedlab/study"
)

type textVersionJSON struct {
	Version   int64  `json:"version"`
	ChangedAt int64  `json:"changed_at"`
	ChangedBy string `json:"changed_by"`
	Condition int    `json:"condition"`
	Param     string `json:"param"`
}

type textJSON struct {
	Condition int    `json:"condition"`
	Param     string `json:"param"`
	Value     string `json:"value"`
}

// getStudyTexts answers a study's editable texts as they are now, per condition, and the
// history of their edits (each edit is a new version of the study's texts).
func (s *Server) getStudyTexts(w http.ResponseWriter, r *http.Request) {
	id := studyOf(r).ID
	stored, err := s.store.StudyParams(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	versions, err := s.store.TextVersions(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	texts := []textJSON{}
	for _, p := range stored {
		if slices.Contains(study.EditableTexts, p.Param) {
			texts = append(texts, textJSON{Condition: p.Condition, Param: p.Param, Value: p.Value})
		}
	}
	out := make([]textVersionJSON, len(versions))
	for i, v := range versions {
		out[i] = textVersionJSON{Version: v.Version, ChangedAt: v.ChangedAt, ChangedBy: v.ChangedBy, Condition: v.Condition, Param: v.Param}
	}
	ok(w, map[string]any{"versions": out, "texts": texts})
}

// putStudyText changes one parameter of one condition (owner only). Texts (consent,
// instructions, the custom message, the title) may change while the study runs: the next
// participant reads the new text and records the new version. Any other parameter changes
// the design, so once a real participant has arrived it is refused with 409
// design_locked. The study must still validate after the change.
func (s *Server) putStudyText(w http.ResponseWriter, r *http.Request) {
	id := studyOf(r).ID
	var req textJSON
	if err := decode(w, r, 256<<10, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	ctx := r.Context()
	version, err := study.Edit(ctx, s.store, id, req.Condition, req.Param, req.Value, researcherFrom(ctx).Name)
	switch {
	case errors.Is(err, study.ErrNoSuchParam):
		s.fail(w, r, badRequest("Condition %d has no parameter %q.", req.Condition, truncate(req.Param, 60)))
		return
	case errors.Is(err, store.ErrDesignLocked):
		s.fail(w, r, &apiError{http.StatusConflict, codeDesignLocked,
			"Participants have already taken part, so " + truncate(req.Param, 60) + " can no longer change: it would mix two designs in one data set. Duplicate the study and change it in the copy."})
		return
	case errors.Is(err, store.ErrNotFound):
		s.fail(w, r, studyNotFound(id))
		return
	case err != nil:
		s.fail(w, r, invalidParameters(err))
		return
	}
	s.studies.Forget(id)
	ok(w, map[string]any{"version": version})
}

const codeDesignLocked = "design_locked"
