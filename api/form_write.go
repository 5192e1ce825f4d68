package api

import (
	"database/sql"
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
	// CardFields are answers about feed cards (a custom questionnaire's cards item): the
	// same field once per card, so they cannot be keys of form_fields.
	CardFields []cardField `json:"card_fields"`

	names []string // the form_fields names, sorted by validate
}

func (req *formRequest) header() (participantRef, text) { return req.participantRef, req.EventID }

// cardField is one answer about one card: the field (<cards item>.<question>), the card,
// its place in the questionnaire (from 1) and the value. Whether the card was a lure the
// server works out itself from the participant's feed.
type cardField struct {
	Field    text   `json:"field"`
	EntityID number `json:"entity_id"`
	Position number `json:"position"`
	Value    text   `json:"value"`
}

// maxCardPosition bounds a card's place in a questionnaire (far above feed and lures).
const maxCardPosition = 10000

func (req *formRequest) validate() (int64, *apiError) {
	if req.FormFields == nil && len(req.CardFields) == 0 {
		return 0, badRequest("form_fields is missing; send an object of field name to value.")
	}
	if len(req.FormFields)+len(req.CardFields) > maxFormFields {
		return 0, badRequest("form_fields has more than %d fields.", maxFormFields)
	}
	for _, c := range req.CardFields {
		switch {
		case c.Field == "" || len(c.Field) > maxFieldName:
			return 0, badRequest("form field names must be 1 to %d characters.", maxFieldName)
		case !c.EntityID.set || c.EntityID.value < 1:
			return 0, badRequest("card_fields: entity_id must name the card the answer is about.")
		case !c.Position.set || c.Position.value < 1 || c.Position.value > maxCardPosition:
			return 0, badRequest("card_fields: position must be a whole number from 1 to %d.", maxCardPosition)
		}
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
	if len(req.CardFields) > 0 {
		answers, err := s.cardAnswers(r, &req, target)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		ev.Answers = append(ev.Answers, answers...)
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

// cardAnswers turns the card fields into answer rows, each with its card, its lure flag and
// position. A card must be one the participant was shown (lure 0) or one of their lures
// (lure 1); any other is refused, so the export never links an answer to a card the
// participant could not have seen.
func (s *Server) cardAnswers(r *http.Request, req *formRequest, target store.EventTarget) ([]store.Answer, error) {
	ctx := r.Context()
	def, err := s.studyDefinition(ctx, string(req.ExperimentID))
	if err != nil {
		return nil, err
	}
	p, err := s.store.Participant(ctx, string(req.ExperimentID), string(req.UserID))
	if err != nil {
		return nil, err
	}
	feed, err := s.store.Feed(ctx, p.ParticipantID)
	if err != nil {
		return nil, err
	}
	lure := map[int64]int64{}
	for _, f := range feed {
		lure[f.EntityID] = 0
	}
	lures, err := def.Lures(ctx, s.store, p)
	if err != nil {
		return nil, err
	}
	for _, e := range lures {
		lure[e.EntityID] = 1
	}
	out := make([]store.Answer, 0, len(req.CardFields))
	for _, c := range req.CardFields {
		l, ok := lure[c.EntityID.value]
		if !ok {
			return nil, badRequest("card_fields: card %d was neither in this participant's feed nor one of their lures.", c.EntityID.value)
		}
		out = append(out, store.Answer{
			EventID:       fmt.Sprintf("%s/%s/%d", req.EventID, c.Field, c.EntityID.value),
			ParticipantID: target.ParticipantID,
			Kind:          store.AnswerKindAnswer,
			Field:         string(c.Field),
			Response:      string(c.Value),
			ClientTime:    nullInt(req.ClientTime),
			EntityID:      sql.NullInt64{Int64: c.EntityID.value, Valid: true},
			Lure:          sql.NullInt64{Int64: l, Valid: true},
			Position:      sql.NullInt64{Int64: c.Position.value, Valid: true},
		})
	}
	return out, nil
}
