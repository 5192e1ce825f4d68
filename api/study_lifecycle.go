package api

import (
	"errors"
	"net/http"

	"feedlab/params"
	"feedlab/store"
	"feedlab/study"
)

// A study's life on the web (issue 22, item 1): launch a draft, archive, restore, delete.
// The rules are study's (lifecycle.go); these handlers read the request, call them, and
// answer the refusals in the researcher's words.

const (
	codeStudyDraft     = "study_draft"
	codeStudyLaunched  = "study_launched"
	codeStudyArchived  = "study_archived"
	codeConfirmID      = "confirm_id_required"
	codeNotStarted     = "study_not_started"
	notStartedMessage  = "This study has not started yet"
	codeStudyEnded     = "study_ended"
	studyEndedMessage  = "This study has ended"
	lifecycleOwnerOnly = "Only the study's owner can archive, restore or delete it."
)

// lifecycleRefusal turns a step refused for the study's status into a 409 that says what
// to do instead; any other error is returned as it is.
func lifecycleRefusal(err error) error {
	switch {
	case errors.Is(err, store.ErrDraft):
		return &apiError{http.StatusConflict, codeStudyDraft, "This study is a draft: launch it first."}
	case errors.Is(err, store.ErrNotDraft):
		return &apiError{http.StatusConflict, codeStudyLaunched, "This study has already been launched."}
	case errors.Is(err, store.ErrArchived):
		return &apiError{http.StatusConflict, codeStudyArchived, "This study is archived: restore it first."}
	case errors.Is(err, store.ErrNotArchived):
		return &apiError{http.StatusConflict, codeConflict, "This study is not archived."}
	case errors.Is(err, store.ErrConfirmDelete):
		return &apiError{http.StatusBadRequest, codeConfirmID, "This study has been launched: type its id to confirm that it and all its data are deleted."}
	}
	return err
}

// launchStudy opens a draft to participants (owner only).
func (s *Server) launchStudy(w http.ResponseWriter, r *http.Request) {
	id := studyOf(r).ID
	if err := study.Launch(r.Context(), s.store, id, researcherFrom(r.Context()).Name); err != nil {
		s.fail(w, r, lifecycleRefusal(err))
		return
	}
	ok(w, map[string]any{"status": store.StatusOpen})
}

// archiveStudy hides a study from My studies and stops it accepting anyone (owner only).
func (s *Server) archiveStudy(w http.ResponseWriter, r *http.Request) {
	id := studyOf(r).ID
	if err := study.Archive(r.Context(), s.store, id, researcherFrom(r.Context()).Name); err != nil {
		s.fail(w, r, lifecycleRefusal(err))
		return
	}
	ok(w, map[string]any{"status": store.StatusArchived})
}

// restoreStudy gives an archived study back its status (owner only).
func (s *Server) restoreStudy(w http.ResponseWriter, r *http.Request) {
	id := studyOf(r).ID
	status, err := study.Restore(r.Context(), s.store, id, researcherFrom(r.Context()).Name)
	if err != nil {
		s.fail(w, r, lifecycleRefusal(err))
		return
	}
	ok(w, map[string]any{"status": status})
}

type deleteRequest struct {
	ConfirmID string `json:"confirm_id"`
}

// deleteStudy removes a study and all its data (owner only): a draft at once, a launched
// study with {"confirm_id": its id}. A launched study without an owner is refused on the
// web: no one researcher may delete every researcher's data (the command line can).
func (s *Server) deleteStudy(w http.ResponseWriter, r *http.Request) {
	rs := studyOf(r)
	var req deleteRequest
	if r.ContentLength != 0 {
		if err := decode(w, r, 4<<10, &req); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	if rs.Access != store.AccessOwner && req.ConfirmID != "" {
		s.fail(w, r, &apiError{http.StatusForbidden, codeForbidden, "Only a launched study's owner can delete it; this study has no owner: delete it with 'feedlab study delete'."})
		return
	}
	d, err := study.Delete(r.Context(), s.store, rs.ID, researcherFrom(r.Context()).Name, req.ConfirmID)
	if err != nil {
		s.fail(w, r, lifecycleRefusal(err))
		return
	}
	s.studies.Forget(rs.ID)
	ok(w, map[string]any{"deleted": d.ExperimentID, "participants": d.Participants})
}

// editDraft replaces a draft's parameters with the wizard's rows (owner only): the same
// decoding and checks as spawn_experiment, all problems answered and nothing changed; a
// launched study is a 409 (its texts are edited on its page instead).
func (s *Server) editDraft(w http.ResponseWriter, r *http.Request) {
	id := studyOf(r).ID
	_, rows, done := s.wizardRows(w, r)
	if done {
		return
	}
	err := study.EditDraft(r.Context(), s.store, id, rows, researcherFrom(r.Context()).Name)
	var problems params.Problems
	if errors.As(err, &problems) {
		s.fail(w, r, invalidParameters(problems))
		return
	}
	if errors.Is(err, store.ErrNotDraft) {
		s.fail(w, r, &apiError{http.StatusConflict, codeStudyLaunched, "This study has been launched: its design is locked. Edit its texts on its page, or duplicate it to change more."})
		return
	}
	if err != nil {
		s.fail(w, r, lifecycleRefusal(err))
		return
	}
	s.studies.Forget(id)
	ok(w, map[string]any{"experiment_id": id, "warnings": problemList(params.Warnings(rows))})
}
