package api

import (
	"errors"
	"net/http"

	"feedlab/params"
	"feedlab/store"
	"feedlab/study"
)

// getStudy answers one study as the list shows it plus its parameter rows (plain values,
// as params.csv holds them), for the wizard's Duplicate.
func (s *Server) getStudy(w http.ResponseWriter, r *http.Request) {
	id := studyOf(r).ID
	st, err := s.store.VisibleStudy(r.Context(), researcherFrom(r.Context()).ID, id)
	if errors.Is(err, store.ErrNotFound) {
		s.fail(w, r, studyNotFound(id))
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	stored, err := s.store.StudyParams(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	rows := study.Rows(stored)
	current, err := s.store.Study(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, struct {
		studyJSON
		Rows          []params.Row `json:"rows"`
		Status        string       `json:"status"`
		CanManage     bool         `json:"can_manage"`
		CanShare      bool         `json:"can_share"`
		Shares        []string     `json:"shares"`
		EditableTexts []string     `json:"editable_texts"`
	}{toStudyJSON(st), rows, current.Status, st.Access.CanManage(), st.Access.CanShare(),
		toStudyJSON(st).SharedWith, study.EditableTexts})
}
