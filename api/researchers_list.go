package api

import "net/http"

// listResearchers answers the researchers' names, to pick whom to share a study with.
func (s *Server) listResearchers(w http.ResponseWriter, r *http.Request) {
	list, err := s.store.Researchers(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]map[string]string, len(list))
	for i, res := range list {
		out[i] = map[string]string{"name": res.Name}
	}
	ok(w, map[string]any{"researchers": out})
}
