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

	names []string // the form_fields names, sorted by validate
}

func (req *formRequest) header() (participantRef, text) { return req.participantRef, req.EventID }

func (req *formRequest) validate() (int64, *apiError) {
	if req.FormFields == nil {
		return 0, badRequest("form_fields is missing; send an object of field name to value.")
	}
	if len(req.FormFields) > maxFormFields {
		return 0, badRequest("form_fields has more than %d fields.", maxFormFields)
	}
	req.names = make([]string, 0, len(req.FormFields))
	for name := range req.FormFields {
		if name == "" || len(name) > maxFieldName {
			return 0, badRequest("form field names must be 1 to %d characters.", maxFieldName)
		}
		req.names = append(req.names, name)
	}
	sort.Strings(req.names)
	return 0, nil
}

// writeForm stores one questionnaire page: one answer row per field, the value as the
// client sent it (URL-component-encoded; exports decode it).
func (s *Server) writeForm(w http.ResponseWriter, r *http.Request) {
	var req formRequest
	target, accepted := s.readEvent(w, r, &req)
	if !accepted {
		return
	}
	var ev store.Event
	for _, name := range req.names {
		ev.Answers = append(ev.Answers, store.Answer{
			EventID:       fmt.Sprintf("%s/%s", req.EventID, name),
			ParticipantID: target.ParticipantID,
			Kind:          store.AnswerKindAnswer,
			Field:         name,
			Response:      string(req.FormFields[name]),
			ClientTime:    nullInt(req.ClientTime),
		})
	}
	stored, err := s.recordEvent(r, req.participantRef, target, ev)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	fields := make(map[string]string, len(req.FormFields))
	for k, v := range req.FormFields {
		fields[k] = string(v)
	}
	exitURL, err := s.attentionExit(r, string(req.ExperimentID), string(req.UserID), fields)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if exitURL != "" {
		// A failed attention check in a condition that ends it in quality-terminate.
		ok(w, map[string]any{"stored": stored, "exit_url": exitURL})
		return
	}
	ok(w, map[string]any{"stored": stored})
}
