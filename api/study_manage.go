package api

import (
	"net/http"

	"feedlab/store"
)

// canManage reports whether a researcher with this access may pause, close, reopen and
// edit the texts of a study: its owner, or anyone for a study without an owner.
func canManage(a store.Access) bool { return a == store.AccessOwner || a == store.AccessEveryone }

// manageableStudy checks the signed-in researcher may manage a study: a stranger gets 404
// (as for an unknown id), a collaborator 403 forbidden.
func (s *Server) manageableStudy(r *http.Request, id, message string) error {
	a, err := s.readableStudy(r, id)
	if err != nil {
		return err
	}
	if !canManage(a) {
		return &apiError{http.StatusForbidden, codeForbidden, message}
	}
	return nil
}
