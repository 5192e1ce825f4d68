package api

import (
	"encoding/json"
	"net/http"

	"github.com/gorilla/mux"

	"feedlab/params"
	"feedlab/study"
)

// questionnaireShow answers a built-in questionnaire's definition as a participant
// receives it (texts rendered), without a study or a sign-in: the built-ins are public
// (`feedlab questionnaire show` prints them), and a page opened as a preview (/viewforms,
// /form/NAME?preview=1) has no study to receive it from. A participant in a study receives
// their condition's definitions with load_experiment instead.
func (s *Server) questionnaireShow(w http.ResponseWriter, r *http.Request) {
	name := mux.Vars(r)["name"]
	// ?language=es previews feedlab's translation for participants of that language; a
	// language without one (or no tag at all) is answered in English, and language says
	// which was served, so a preview never passes English off as a translation.
	tag := params.DefaultLanguage
	if lang, valid := params.CanonicalLanguage(r.URL.Query().Get("language")); valid {
		tag = params.BuiltInCatalogue(lang)
	}
	def, served, found := study.BuiltinForParticipants(name, tag)
	if !found {
		s.fail(w, r, &apiError{http.StatusNotFound, codeNotFound, "There is no built-in questionnaire called " + name + "."})
		return
	}
	ok(w, map[string]any{"questionnaire": json.RawMessage(def), "language": served})
}
