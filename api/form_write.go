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
	eventHeader
	FormFields map[string]text `json:"form_fields"`
	ClientTime number          `json:"time"`
}

// writeForm stores one questionnaire page: one answer row per field, the value as the
// client sent it (URL-component-encoded; exports decode it).
func (s *Server) writeForm(w http.ResponseWriter, r *http.Request) {
	var req formRequest
	var names []string
	target, accepted := s.readEvent(w, r, &req, func() (int64, *apiError) {
		if req.FormFields == nil {
			return 0, badRequest("form_fields is missing; send an object of field name to value.")
		}
		if len(req.FormFields) > maxFormFields {
			return 0, badRequest("form_fields has more than %d fields.", maxFormFields)
		}
		names = make([]string, 0, len(req.FormFields))
		for name, value := range req.FormFields {
			if name == "" || len(name) > maxFieldName {
				return 0, badRequest("form field names must be 1 to %d characters.", maxFieldName)
			}
			if len(value) > maxResponse {
				return 0, badRequest("form field %q is longer than %d characters.", truncate(name, 40), maxResponse)
			}
			names = append(names, name)
		}
		sort.Strings(names)
		return 0, nil
	})
	if !accepted {
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
