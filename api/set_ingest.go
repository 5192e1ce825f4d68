package api

import (
	"errors"
	"fmt"
	"net/http"
	"slices"

	"feedlab/stimuli"
	"feedlab/store"
)

type ingestRequest struct {
	Settings *struct {
		SetName    string              `json:"setname"`
		Category   string              `json:"category"`
		Covariates []map[string]string `json:"covariates"`
		// Media (the hosted upload) maps each row's filename to the stored name of the
		// file uploaded for it (PUT /v1/media/{sha256}); the cards then show that file.
		Media map[string]string `json:"media"`
		// Comments is the pasted text of the set's seeded comments (tab-separated, as
		// 'sets import --comments' reads it; docs/social.md); "" for none.
		Comments string `json:"comments"`
		// CommentAvatars (the hosted upload) maps each avatar file name of the comments
		// to the stored name of the file uploaded for it.
		CommentAvatars map[string]string `json:"comment_avatars"`
	} `json:"entity_set_settings"`
}

// ingestEntitySet stores a stimulus set uploaded from the upload page: the rows of the
// pasted TSV, validated under the same rules as 'feedlab sets import'. The set is named
// with today's date prefix and the cleaned identifier, and the final name is answered.
func (s *Server) ingestEntitySet(w http.ResponseWriter, r *http.Request) {
	var req ingestRequest
	if err := s.refuseUploadIfDiskLow("The stimulus set", r.ContentLength); err != nil {
		s.fail(w, r, err)
		return
	}
	extendReadWrite(w, setUploadWindow)
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
		s.fail(w, r, stimuliProblem(err))
		return
	}
	name, err := stimuli.SetName(s.now(), cfg.SetName)
	if err != nil {
		s.fail(w, r, stimuliProblem(err))
		return
	}
	set, err := stimuli.FromRecords(cfg.Covariates)
	if err != nil {
		s.fail(w, r, stimuliProblem(err))
		return
	}
	var entityURL func(stimuli.Row) (string, error)
	var stored []string
	if cfg.Media != nil {
		if entityURL, stored, err = s.hostedMedia(set, cfg.Media); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	cards, err := set.Cards(entityURL)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	comments, avatars, err := s.ingestComments(set, cfg.Comments, cfg.CommentAvatars)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	for _, a := range avatars {
		if !slices.Contains(stored, a) {
			stored = append(stored, a)
		}
	}
	ns := store.NewSet{
		Name: name, Category: cfg.Category, Columns: set.Columns, Entities: make([]store.NewEntity, len(cards)),
		UploadedBy: researcherFrom(r.Context()).Name, StoredMedia: stored, Comments: comments,
	}
	for i, c := range cards {
		ns.Entities[i] = store.NewEntity(c)
	}
	var missing *store.MediaMissingError
	if err := s.store.CreateEntitySet(r.Context(), ns, nil); errors.Is(err, store.ErrConflict) {
		s.fail(w, r, &apiError{http.StatusConflict, codeConflict, fmt.Sprintf("A stimulus set named %q already exists; choose another name.", name)})
		return
	} else if errors.As(err, &missing) {
		s.fail(w, r, mediaNotStored(missing.Name))
		return
	} else if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"entity_set": name, "num_entities": len(ns.Entities), "num_comments": len(ns.Comments)})
}

// stimuliProblem answers a mistake in an uploaded set with its message for the researcher
// (400); any other error stays a server error.
func stimuliProblem(err error) error {
	var p *stimuli.Problem
	if errors.As(err, &p) && len(p.Rows) > 0 {
		// Every row's problem, as a list the upload page shows one per line.
		return &detailedError{err: badRequest("%s", p.Message), fields: map[string]any{"row_problems": p.Rows, "more_row_problems": p.More}}
	}
	if errors.As(err, &p) {
		return badRequest("%s", p.Message)
	}
	return err
}
