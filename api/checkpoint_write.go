package api

import (
	"crypto/rand"
	"fmt"
	"net/http"
	"regexp"

	"feedlab/store"
)

// checkpointEndRedirect is the checkpoint a participant's browser writes when the
// participant finishes; it marks the participant complete.
const checkpointEndRedirect = "end-redirect"

var checkpointPattern = regexp.MustCompile(`^[A-Za-z0-9_.:-]{1,100}$`)

type checkpointRequest struct {
	eventHeader
	Checkpoint string `json:"checkpoint"`
	Value      text   `json:"value"`
	ClientTime number `json:"time"`
}

// writeCheckpoint stores one logged checkpoint (feed-landed, feed-entity-idx-N,
// leave_feed, submit-click, tab and video times, end-redirect, ...) as a row of the
// user_form export: field = the checkpoint name, response = its value (by default the
// client time). end-redirect also marks the participant complete and answers their
// completion code.
func (s *Server) writeCheckpoint(w http.ResponseWriter, r *http.Request) {
	var req checkpointRequest
	target, accepted := s.readEvent(w, r, &req, func() (int64, *apiError) {
		if !checkpointPattern.MatchString(req.Checkpoint) {
			return 0, badRequest("checkpoint must be a name of 1 to 100 letters, digits or _.:- characters.")
		}
		if len(req.Value) > maxResponse {
			return 0, badRequest("value is longer than %d characters.", maxResponse)
		}
		return 0, nil
	})
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
		s.record(w, r, ev)
		return
	}
	if _, err := s.store.RecordEvent(r.Context(), ev); err != nil {
		s.fail(w, r, err)
		return
	}
	code, err := s.complete(r, req.participantRef, target)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// The code also goes into the user_form export, so the researcher can match the codes
	// participants submit on their platform. One row per participant (a fixed event id).
	if _, err := s.store.RecordEvent(r.Context(), store.Event{Answers: []store.Answer{{
		EventID: fmt.Sprintf("completion:%d", target.ParticipantID), ParticipantID: target.ParticipantID,
		Kind: store.AnswerKindCheckpoint, Field: "completion_code", Response: code,
	}}}); err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"completion_code": code})
}

// complete marks the participant finished and returns their completion code: the study's
// completion-code parameter when set, otherwise one generated for this participant. The
// first code given is kept, so a repeated end-redirect answers the same code.
func (s *Server) complete(r *http.Request, ref participantRef, target store.EventTarget) (string, error) {
	ctx := r.Context()
	def, err := s.studyDefinition(ctx, string(ref.ExperimentID))
	if err != nil {
		return "", err
	}
	code := ""
	if c := def.Condition(int(target.Condition)); c != nil {
		code = c.CompletionCode
	}
	if code == "" {
		code = newCompletionCode()
	}
	if err := s.store.CompleteParticipant(ctx, target.ParticipantID, code); err != nil {
		return "", err
	}
	p, err := s.store.Participant(ctx, string(ref.ExperimentID), string(ref.UserID))
	if err != nil {
		return "", err
	}
	return p.CompletionCode, nil
}

// newCompletionCode makes a code a participant can copy without mistakes: 10 characters
// without look-alike letters.
func newCompletionCode() string {
	const alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
	b := make([]byte, 10)
	rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}
