package api

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"feedlab/stimuli"
	"feedlab/store"
)

type ingestRequest struct {
	Settings *struct {
		SetName    string              `json:"setname"`
		Category   string              `json:"category"`
		Covariates []map[string]string `json:"covariates"`
	} `json:"entity_set_settings"`
}

// ingestEntitySet stores a stimulus set uploaded from the upload page: the rows of the
// pasted TSV, validated under the same rules as 'feedlab sets import'. The set is named
// with today's date prefix and the cleaned identifier, and the final name is answered.
func (s *Server) ingestEntitySet(w http.ResponseWriter, r *http.Request) {
	var req ingestRequest
	if err := decode(w, r, limitSet, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if req.Settings == nil {
		s.fail(w, r, badRequest("entity_set_settings is missing."))
		return
	}
	cfg := req.Settings
	if err := stimuli.CheckCategory(cfg.Category); err != nil {
		s.fail(w, r, badRequest("%s", strings.TrimPrefix(err.Error(), "stimuli: ")))
		return
	}
	name, err := stimuli.SetName(s.now(), cfg.SetName)
	if err != nil {
		s.fail(w, r, badRequest("%s", strings.TrimPrefix(err.Error(), "stimuli: ")))
		return
	}
	set, err := stimuli.FromRecords(cfg.Covariates)
	if err != nil {
		s.fail(w, r, badRequest("%s", strings.TrimPrefix(err.Error(), "stimuli: ")))
		return
	}
	ns, err := set.ToNewSet(name, cfg.Category, nil)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.store.CreateEntitySet(r.Context(), ns, nil); errors.Is(err, store.ErrConflict) {
		s.fail(w, r, &apiError{http.StatusConflict, codeConflict, fmt.Sprintf("A stimulus set named %q already exists; choose another name.", name)})
		return
	} else if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"entity_set": name, "num_entities": len(ns.Entities)})
}
