package api

import (
	"errors"
	"net/http"
	"sort"
	"strings"

	"feedlab/study"
)

type exitRequest struct {
	participantRef
	EventID text `json:"event_id"`
	Exit    text `json:"exit"`
}

func (req *exitRequest) header() (participantRef, text) { return req.participantRef, req.EventID }

func (req *exitRequest) validate() (int64, *apiError) {
	if _, ok := study.ParticipantExits[string(req.Exit)]; !ok {
		names := make([]string, 0, len(study.ParticipantExits))
		for k := range study.ParticipantExits {
			names = append(names, k)
		}
		sort.Strings(names)
		return 0, badRequest("exit must be one of %s.", strings.Join(names, ", "))
	}
	return 0, nil
}

// writeExit ends a participant's session by one of the platforms' other exits (Lucid
// terminate or quality terminate, Prolific screen-out): it records their exit state and
// answers the condition's URL for it, RID substituted, where the page sends them.
func (s *Server) writeExit(w http.ResponseWriter, r *http.Request) {
	var req exitRequest
	if _, accepted := s.readEvent(w, r, &req); !accepted {
		return
	}
	ctx := r.Context()
	def, p, err := s.participantIn(ctx, req.participantRef)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	url, err := def.Exit(ctx, s.store, p, string(req.Exit))
	switch {
	case errors.Is(err, study.ErrExitNotSet):
		s.fail(w, r, &apiError{http.StatusConflict, codeExitNotSet, "This study sets no link for the " + string(req.Exit) + " exit."})
		return
	case errors.Is(err, study.ErrAlreadyCompleted):
		s.fail(w, r, &apiError{http.StatusConflict, codeConflict, "This participant already completed the study."})
		return
	case err != nil:
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"exit_url": url})
}

const codeExitNotSet = "exit_not_set"

// attentionExit answers the quality-terminate URL when a questionnaire page failed the
// attention check and the condition sends such participants there ("" otherwise), after
// recording the exit state.
func (s *Server) attentionExit(r *http.Request, experimentID, userID string, fields map[string]string) (string, error) {
	ctx := r.Context()
	def, err := s.studyDefinition(ctx, experimentID)
	if err != nil || !def.AsksAttention(fields) {
		return "", err
	}
	p, err := s.store.Participant(ctx, experimentID, userID)
	if err != nil || !def.AttentionFailed(p, fields) {
		return "", err
	}
	url, err := def.Exit(ctx, s.store, p, "quality")
	if errors.Is(err, study.ErrAlreadyCompleted) {
		return "", nil
	}
	return url, err
}
