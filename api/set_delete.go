package api

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/gorilla/mux"

	"feedlab/store"
)

// deleteSet deletes a stimulus set no study uses (DELETE /v1/sets/{entity_set}), and the
// media files only it used. A set in use, or the built-in one, answers 409 in_use.
func (s *Server) deleteSet(w http.ResponseWriter, r *http.Request) {
	name := mux.Vars(r)["entity_set"]
	set, err := s.librarySet(r, name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if set.Builtin {
		s.fail(w, r, &apiError{http.StatusConflict, codeInUse, "The built-in demo set cannot be deleted; hide it from the wizard instead."})
		return
	}
	if n := len(set.UsedBy) + set.UsedByOthers; n > 0 {
		s.fail(w, r, setInUse(set))
		return
	}
	// The files go only under the media lock: no upload may find a file already stored
	// between its record going and the file being removed. While an upload is under way the
	// lock is not waited for (it could take minutes, and new uploads would queue behind);
	// the files, now without a record, are then left to the hourly sweep.
	locked := s.mediaMu.TryLock()
	if locked {
		defer s.mediaMu.Unlock()
	}
	// Recorded in the library's audit log in the deletion's own transaction.
	freed, err := s.store.DeleteEntitySet(r.Context(), name, researcherFrom(r.Context()).Name)
	switch {
	case isNotFound(err):
		s.fail(w, r, setNotFound(name))
		return
	case errors.Is(err, store.ErrInUse):
		// A study took it up meanwhile.
		s.fail(w, r, &apiError{http.StatusConflict, codeInUse, "This set is used by a study, so it cannot be deleted; hide it from the wizard instead."})
		return
	case err != nil:
		s.fail(w, r, err)
		return
	}
	if !locked {
		ok(w, map[string]any{"entity_set": name, "media_removed": 0})
		return
	}
	for _, m := range freed {
		if err := s.media.Remove(m); err != nil {
			s.log.Error("remove media of a deleted set", "set", name, "name", m, "err", err)
		}
	}
	ok(w, map[string]any{"entity_set": name, "media_removed": len(freed)})
}

// setInUse names the studies (those the researcher may see) that keep a set from deletion.
func setInUse(set librarySetJSON) *apiError {
	var who []string
	if len(set.UsedBy) > 0 {
		who = append(who, strings.Join(set.UsedBy, ", "))
	}
	if set.UsedByOthers > 0 {
		who = append(who, fmt.Sprintf("%d other researcher's stud%s", set.UsedByOthers, map[bool]string{true: "y", false: "ies"}[set.UsedByOthers == 1]))
	}
	return &apiError{http.StatusConflict, codeInUse, fmt.Sprintf("This set is used by %s, so it cannot be deleted; hide it from the wizard instead.", strings.Join(who, " and "))}
}
