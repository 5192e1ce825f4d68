package api

import (
	"net/http"
	"regexp"
	"strings"

	"feedlab/store"
)

// checkpointEndRedirect is the checkpoint a participant's browser writes when the
// participant finishes; it marks the participant complete.
const checkpointEndRedirect = "end-redirect"

var checkpointPattern = regexp.MustCompile(`^[A-Za-z0-9_.:-]{1,100}$`)

type checkpointRequest struct {
	participantRef
	EventID    text   `json:"event_id"`
	Checkpoint string `json:"checkpoint"`
	Value      text   `json:"value"`
	ClientTime number `json:"time"`
}

func (req *checkpointRequest) member(name []byte) any {
	switch string(name) {
	case "event_id":
		return &req.EventID
	case "checkpoint":
		return &req.Checkpoint
	case "value":
		return &req.Value
	case "time":
		return &req.ClientTime
	}
	return req.participantRef.refMember(name)
}

func (req *checkpointRequest) header() (participantRef, text) { return req.participantRef, req.EventID }

func (req *checkpointRequest) validate() (int64, *apiError) {
	if !checkpointPattern.MatchString(req.Checkpoint) {
		return 0, badRequest("checkpoint must be a name of 1 to 100 letters, digits or _.:- characters.")
	}
	return 0, nil
}

// writeCheckpoint stores one logged checkpoint (feed-landed, feed-entity-idx-N,
// leave_feed, submit-click, tab and video times, end-redirect, ...) as a row of the
// user_form export: field = the checkpoint name, response = its value (by default the
// client time). end-redirect also marks the participant complete and answers their
// completion code.
func (s *Server) writeCheckpoint(w http.ResponseWriter, r *http.Request) {
	var req checkpointRequest
	target, accepted := s.readEvent(w, r, &req)
	if !accepted {
		return
	}
	value := string(req.Value)
	if value == "" && req.ClientTime.set {
		value = itoa(req.ClientTime.value)
	}
	ev := store.Event{Answers: []store.Answer{{
		EventID:       string(req.EventID),
		ParticipantID: target.ParticipantID,
		Kind:          store.AnswerKindCheckpoint,
		Field:         req.Checkpoint,
		Response:      value,
		ClientTime:    nullInt(req.ClientTime),
	}}}
	if req.Checkpoint != checkpointEndRedirect {
		s.record(w, r, req.participantRef, target, ev)
		return
	}
	def, err := s.studyDefinition(r.Context(), string(req.ExperimentID))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// No completion code without completing (issue 13, item 5): the chain must be done
	// first. A participant who already completed is answered their code again (a retry).
	if p, err := s.store.Participant(r.Context(), string(req.ExperimentID), string(req.UserID)); err != nil {
		s.fail(w, r, err)
		return
	} else if !p.CompletedAt.Valid {
		missing, err := def.Missing(r.Context(), s.store, target)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if len(missing) > 0 {
			s.fail(w, r, &detailedError{err: &apiError{http.StatusConflict, codeChainIncomplete,
				"The study is not finished yet: " + missingText(missing) + ". Your answers so far are saved; please go back and finish the study to get your completion code."},
				fields: map[string]any{"missing": missing}})
			return
		}
	}
	if _, err := s.recordEvent(r, req.participantRef, target, ev); err != nil {
		s.fail(w, r, err)
		return
	}
	code, err := def.Complete(r.Context(), s.store, string(req.UserID), target)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// The code also goes into the user_form export, so the researcher can match the codes
	// participants submit on their platform. One row per participant, under the server's
	// own id, which no client can send. Platforms without codes have no such row.
	if code != "" {
		if _, err := s.storeEvent(r, store.Event{Answers: []store.Answer{{
			EventID: store.CompletionEventID, ParticipantID: target.ParticipantID,
			Kind: store.AnswerKindCheckpoint, Field: "completion_code", Response: code,
		}}}); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	ok(w, map[string]any{"completion_code": code})
}

const codeChainIncomplete = "chain_incomplete"

// missingText names what is missing for a participant to read.
func missingText(missing []string) string {
	var parts []string
	for _, m := range missing {
		if m == "feed" {
			parts = append(parts, "the feed was not submitted")
		} else {
			parts = append(parts, "the questionnaire "+m+" was not answered")
		}
	}
	return strings.Join(parts, ", ")
}
