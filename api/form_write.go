package api

import (
	"fmt"
	"net/http"
	"sort"

	"feedlab/store"
)

// maxFormFields bounds one page of answers.
const maxFormFields = 500

type formRequest struct {
	participantRef
	EventID    text            `json:"event_id"`
	FormFields map[string]text `json:"form_fields"`
	ClientTime number          `json:"time"`
}

// writeForm stores one questionnaire page: one answer row per field, the value as the
// client sent it (URL-component-encoded; exports decode it).
func (s *Server) writeForm(w http.ResponseWriter, r *http.Request) {
	var req formRequest
	if err := decode(w, r, limitEvent, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := req.check(); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := checkEventID(req.EventID); err != nil {
		s.fail(w, r, err)
		return
	}
	if req.FormFields == nil {
		s.fail(w, r, badRequest("form_fields is missing; send an object of field name to value."))
		return
	}
	if len(req.FormFields) > maxFormFields {
		s.fail(w, r, badRequest("form_fields has more than %d fields.", maxFormFields))
		return
	}
	names := make([]string, 0, len(req.FormFields))
	for name, value := range req.FormFields {
		if name == "" || len(name) > maxFieldName {
			s.fail(w, r, badRequest("form field names must be 1 to %d characters.", maxFieldName))
			return
		}
		if len(value) > maxResponse {
			s.fail(w, r, badRequest("form field %q is longer than %d characters.", truncate(name, 40), maxResponse))
			return
		}
		names = append(names, name)
	}
	sort.Strings(names)
	target, err := s.resolve(r.Context(), req.participantRef, 0)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var ev store.Event
	for _, name := range names {
		ev.Answers = append(ev.Answers, store.Answer{
			EventID:       fmt.Sprintf("%s/%s", req.EventID, name),
			ParticipantID: target.ParticipantID,
			Kind:          store.AnswerKindAnswer,
			Field:         name,
			Response:      string(req.FormFields[name]),
			ClientTime:    nullInt(req.ClientTime),
		})
	}
	s.record(w, r, ev)
}
