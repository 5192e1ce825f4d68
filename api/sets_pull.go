package api

import (
	"encoding/json"
	"net/http"
)

type entitySetSummary struct {
	EntitySet      string `json:"entity_set"`
	EntityCategory string `json:"entity_category"`
	NumEntities    int64  `json:"num_entities"`
	// Hidden marks a set hidden from the wizard in the library (the spec's blocked list,
	// kept on the server); the wizard leaves it out. It is still listed so a study that
	// uses it can be checked and duplicated.
	Hidden bool `json:"hidden,omitempty"`
}

// pullEntitySets answers the stimulus sets for the study wizard. As in the original
// platform, data.entity_sets is a JSON string holding the list.
func (s *Server) pullEntitySets(w http.ResponseWriter, r *http.Request) {
	sets, err := s.store.ListEntitySets(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	list := make([]entitySetSummary, len(sets))
	for i, set := range sets {
		list[i] = entitySetSummary{EntitySet: set.Name, EntityCategory: set.Category, NumEntities: set.NumEntities, Hidden: set.Hidden}
	}
	b, _ := json.Marshal(list)
	ok(w, map[string]any{"entity_sets": string(b)})
}
