package api

import (
	"context"
	"net/http"

	"github.com/gorilla/mux"

	"feedlab/store"
)

// Every call about one study, /v1/studies/{experiment_id}/…, comes in through one door
// (issue 21, item 1): studyRoutes lists them with what each needs of the asking
// researcher, and the door signs the researcher in (401), resolves the study and their
// access once (a study they may not see is 404 exactly like an unknown id), refuses what
// their access does not allow (403 with the route's words), and hands the handler the
// resolved study. A route under the prefix registered any other way fails
// TestEveryStudyRouteGoesThroughTheDoor.

// studyPrefix is the path every study route starts with, under /v1.
const studyPrefix = "/studies/{experiment_id}"

// studyNeed is what a route needs of the researcher's access (store.Access says what each
// level may do).
type studyNeed int

const (
	needRead   studyNeed = iota + 1 // watch and download: owner, collaborator, or anyone for a study without owner
	needManage                      // run it: owner, or anyone for a study without owner
	needShare                       // share it: owner only
)

// studyRoute is one call about a study: its method, its path after studyPrefix, what it
// needs, the words of a 403 for a researcher who may read but not do this, and the handler.
type studyRoute struct {
	method  string
	path    string
	need    studyNeed
	refusal string
	handle  http.HandlerFunc
}

// studyRoutes are every call about one study.
func (s *Server) studyRoutes() []studyRoute {
	const get, post, put, del = http.MethodGet, http.MethodPost, http.MethodPut, http.MethodDelete
	return []studyRoute{
		{get, "", needRead, "", s.getStudy},
		{get, "/parameters.csv", needRead, "", s.studyParamsCSV},
		{get, "/bundle.zip", needRead, "", s.studyBundle},
		{post, "/shares", needShare, "Only the study's owner can share it.", s.shareStudy},
		{del, "/shares/{name}", needShare, "Only the study's owner can share it.", s.unshareStudy},
		{get, "/audit", needManage, "Only the study's owner can read its audit log.", s.studyAudit},
		{get, "/audit.csv", needManage, "Only the study's owner can read its audit log.", s.studyAuditCSV},
		{get, "/dashboard", needRead, "", s.getDashboard},
		{get, "/participants", needRead, "", s.listParticipants},
		{get, "/participants/{user_id}", needRead, "", s.getParticipant},
		{post, "/participants/{user_id}/exclusion", needManage, "Only the study's owner can exclude a participant.", s.excludeParticipant},
		{del, "/participants/{user_id}/exclusion", needManage, "Only the study's owner can include an excluded participant again.", s.includeParticipant},
		{post, "/status", needManage, "Only the study's owner can pause, close or reopen it.", s.setStudyStatus},
		{post, "/launch", needManage, "Only the study's owner can launch it.", s.launchStudy},
		{post, "/archive", needManage, lifecycleOwnerOnly, s.archiveStudy},
		{post, "/restore", needManage, lifecycleOwnerOnly, s.restoreStudy},
		{del, "", needManage, lifecycleOwnerOnly, s.deleteStudy},
		{put, "/parameters", needManage, "Only the study's owner can edit its draft.", s.editDraft},
		{post, "/preview", needRead, "", s.previewStudy},
		{get, "/texts", needRead, "", s.getStudyTexts},
		{put, "/texts", needManage, "Only the study's owner can edit its texts.", s.putStudyText},
		{post, "/reconcile", needRead, "", s.reconcileStudy},
		{get, "/labels", needRead, "", s.getStudyLabels},
		{post, "/labels", needManage, "Only the study's owner can add participant labels.", s.addStudyLabels},
	}
}

// routeStudies registers every study route behind the door, on the /v1 router.
func (s *Server) routeStudies(r *mux.Router) {
	for _, rt := range s.studyRoutes() {
		r.HandleFunc(studyPrefix+rt.path, s.requireResearcher(s.studyDoor(rt))).Methods(rt.method)
	}
}

// resolvedStudy is the study a request is about and what the researcher may do with it.
type resolvedStudy struct {
	ID     string
	Access store.Access
}

type studyKey struct{}

// studyOf is the study the door resolved for this request.
func studyOf(r *http.Request) resolvedStudy {
	st, _ := r.Context().Value(studyKey{}).(resolvedStudy)
	return st
}

// studyDoor resolves the study and the researcher's access, refuses what the access does
// not allow, and calls the route's handler with the resolved study.
func (s *Server) studyDoor(rt studyRoute) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := mux.Vars(r)["experiment_id"]
		a, err := s.readableStudy(r, id)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if refusal := rt.refused(a); refusal != "" {
			s.fail(w, r, &apiError{http.StatusForbidden, codeForbidden, refusal})
			return
		}
		rt.handle(w, r.WithContext(context.WithValue(r.Context(), studyKey{}, resolvedStudy{ID: id, Access: a})))
	}
}

// refused is the 403's words when access a may read the study but not do this, else "".
func (rt studyRoute) refused(a store.Access) string {
	switch {
	case rt.need == needManage && !a.CanManage():
		return rt.refusal
	case rt.need == needShare && a == store.AccessEveryone:
		return "This study has no owner and every researcher can see it already; there is no one to share it with."
	case rt.need == needShare && !a.CanShare():
		return rt.refusal
	}
	return ""
}
