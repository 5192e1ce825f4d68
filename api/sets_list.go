package api

import (
	"net/http"

	"feedlab/store"
)

// librarySetJSON is a stimulus set as the library lists it.
type librarySetJSON struct {
	EntitySet      string `json:"entity_set"`
	EntityCategory string `json:"entity_category"`
	NumEntities    int64  `json:"num_entities"`
	Builtin        bool   `json:"builtin"`
	Hidden         bool   `json:"hidden"`
	UploadedBy     string `json:"uploaded_by"`
	CreatedAt      int64  `json:"created_at"` // Unix ms
	// UsedBy lists the studies using the set that the researcher may see; UsedByOthers
	// counts the rest, whose ids are not theirs to learn. A set with either is in use.
	UsedBy       []string `json:"used_by"`
	UsedByOthers int      `json:"used_by_others"`
}

// listSets answers the lab's stimulus library (GET /v1/sets): every set, newest first.
func (s *Server) listSets(w http.ResponseWriter, r *http.Request) {
	sets, err := s.store.LibrarySets(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	visible, err := s.visibleStudyIDs(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]librarySetJSON, len(sets))
	for i, set := range sets {
		out[i] = toLibrarySetJSON(set, visible)
	}
	ok(w, map[string]any{"sets": out})
}

// visibleStudyIDs is the set of studies the signed-in researcher may see.
func (s *Server) visibleStudyIDs(r *http.Request) (map[string]bool, error) {
	studies, err := s.store.VisibleStudies(r.Context(), researcherFrom(r.Context()).ID)
	if err != nil {
		return nil, err
	}
	ids := make(map[string]bool, len(studies))
	for _, st := range studies {
		ids[st.ExperimentID] = true
	}
	return ids, nil
}

func toLibrarySetJSON(set store.LibrarySet, visible map[string]bool) librarySetJSON {
	j := librarySetJSON{
		EntitySet: set.Name, EntityCategory: set.Category, NumEntities: set.NumEntities, Builtin: set.Builtin,
		Hidden: set.Hidden, UploadedBy: set.UploadedBy, CreatedAt: set.CreatedAt, UsedBy: []string{},
	}
	for _, id := range set.UsedBy {
		if visible[id] {
			j.UsedBy = append(j.UsedBy, id)
		} else {
			j.UsedByOthers++
		}
	}
	return j
}
