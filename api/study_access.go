package api

import (
	"errors"
	"net/http"

	"feedlab/store"
)

// studyNotFound is the answer for a study that does not exist and for one the researcher
// may not see alike, so a stranger cannot even learn that an id is taken.
func studyNotFound(id string) *apiError {
	return &apiError{http.StatusNotFound, codeNotFound, "There is no study " + truncate(id, 80) + "."}
}

// readableStudy returns the signed-in researcher's access to a study they may read, or
// studyNotFound.
func (s *Server) readableStudy(r *http.Request, id string) (store.Access, error) {
	a, err := s.store.StudyAccess(r.Context(), researcherFrom(r.Context()).ID, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !a.CanRead()) {
		return store.AccessNone, studyNotFound(id)
	}
	return a, err
}

// studyJSON is a study as the researcher API answers it.
type studyJSON struct {
	ExperimentID string   `json:"experiment_id"`
	Title        string   `json:"title"`
	CreatedAt    int64    `json:"created_at"` // Unix ms
	Owner        string   `json:"owner"`
	Access       string   `json:"access"`
	Builtin      bool     `json:"builtin"`
	NConditions  int      `json:"n_conditions"`
	Status       string   `json:"status"` // draft, open, paused, closed or archived
	Arrived      int64    `json:"arrived"`
	Completed    int64    `json:"completed"`
	SharedWith   []string `json:"shared_with"`
}

func toStudyJSON(st store.StudySummary) studyJSON {
	shared := st.SharedWith
	if shared == nil {
		shared = []string{}
	}
	return studyJSON{
		ExperimentID: st.ExperimentID, Title: st.Title, CreatedAt: st.CreatedAt.UnixMilli(),
		Owner: st.Owner, Access: string(st.Access), Builtin: st.Builtin, NConditions: st.NConditions,
		Status: st.Status, Arrived: st.Arrived, Completed: st.Completed, SharedWith: shared,
	}
}
