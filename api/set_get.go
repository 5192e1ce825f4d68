package api

import (
	"errors"
	"net/http"

	"github.com/gorilla/mux"

	"feedlab/store"
)

// setCardJSON is one card of a set as the library shows it.
type setCardJSON struct {
	EntityID     int64             `json:"entity_id"`
	Position     int64             `json:"position"`
	EntityURL    string            `json:"entity_url"`
	SourceURL    string            `json:"source_url"`
	Filename     string            `json:"filename"`
	RetrieveDate string            `json:"retrieve_date"`
	EntityType   string            `json:"entity_type"`
	Headline     string            `json:"headline"`
	Covariates   map[string]string `json:"covariates"`
}

// getSet answers one stimulus set with its cards in order (GET /v1/sets/{entity_set}).
func (s *Server) getSet(w http.ResponseWriter, r *http.Request) {
	name := mux.Vars(r)["entity_set"]
	set, err := s.librarySet(r, name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	entities, err := s.store.Entities(r.Context(), name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	cards := make([]setCardJSON, len(entities))
	for i, e := range entities {
		cards[i] = setCardJSON{
			EntityID: e.EntityID, Position: e.Position, EntityURL: e.EntityUrl, SourceURL: e.SourceUrl, Filename: e.Filename,
			RetrieveDate: e.RetrieveDate, EntityType: e.EntityType, Headline: e.Headline, Covariates: store.Covariates(e.Covariates),
		}
	}
	ok(w, map[string]any{"set": set, "columns": setColumnsOf(r, s, name), "cards": cards})
}

// librarySet finds one set of the library as listSets describes it, or a 404.
func (s *Server) librarySet(r *http.Request, name string) (librarySetJSON, error) {
	sets, err := s.store.LibrarySets(r.Context())
	if err != nil {
		return librarySetJSON{}, err
	}
	for _, set := range sets {
		if set.Name == name {
			visible, err := s.visibleStudyIDs(r)
			if err != nil {
				return librarySetJSON{}, err
			}
			return toLibrarySetJSON(set, visible), nil
		}
	}
	return librarySetJSON{}, setNotFound(name)
}

// setColumnsOf is the set's uploaded header, in order.
func setColumnsOf(r *http.Request, s *Server, name string) []string {
	set, err := s.store.EntitySet(r.Context(), name)
	if err != nil || set.Columns == nil {
		return []string{}
	}
	return set.Columns
}

func setNotFound(name string) *apiError {
	return &apiError{http.StatusNotFound, codeUnknownSet, "There is no stimulus set " + truncate(name, 80) + "."}
}

// isNotFound reports a store miss.
func isNotFound(err error) bool { return errors.Is(err, store.ErrNotFound) }
