package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/gorilla/mux"

	"feedlab/store"
	"feedlab/study"
)

type exclusionJSON struct {
	Reason     string `json:"reason"`
	ExcludedBy string `json:"excluded_by"`
	ExcludedAt int64  `json:"excluded_at"`
}

type feedItemJSON struct {
	Position int64    `json:"position"` // 1-based, as the participant saw it
	EntityID int64    `json:"entity_id"`
	Set      string   `json:"set"`
	Headline string   `json:"headline"`
	Score    *float64 `json:"score"`
	Reason   string   `json:"reason"`
	Inputs   string   `json:"inputs"`
}

type timelineJSON struct {
	At       int64  `json:"at"`
	Kind     string `json:"kind"`
	What     string `json:"what"`
	EntityID int64  `json:"entity_id,omitempty"`
	Detail   string `json:"detail"`
}

type answerPageJSON struct {
	Page    int          `json:"page"`
	At      int64        `json:"at"`
	Answers []answerJSON `json:"answers"`
}

type answerJSON struct {
	Field string `json:"field"`
	Value string `json:"value"`
}

// participantNotFound is the 404 of a participant the study does not have (whatever other
// study may have a participant of that id).
func participantNotFound(id, user string) *apiError {
	return &apiError{http.StatusNotFound, codeNotFound, fmt.Sprintf("Study %s has no participant %s.", truncate(id, 80), truncate(user, 80))}
}

// getParticipant answers one participant's page (issue 22, item 3): who they are, their
// timeline, their feed explained card by card and their answers. Reading it is recorded
// in the audit log, as the participant table is.
func (s *Server) getParticipant(w http.ResponseWriter, r *http.Request) {
	id, user := studyOf(r).ID, mux.Vars(r)["user_id"]
	ctx := r.Context()
	def, err := s.studyDefinition(ctx, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	d, err := def.ParticipantDetail(ctx, s.store, user)
	if errors.Is(err, store.ErrNotFound) {
		s.fail(w, r, participantNotFound(id, user))
		return
	} else if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.auditRead(r, id, store.AuditReadParticipant, "participant "+user); err != nil {
		s.fail(w, r, err)
		return
	}
	p := d.Participant
	ids := map[string]string{}
	json.Unmarshal([]byte(p.PlatformIds), &ids)
	out := map[string]any{
		"user_id": p.UserID, "condition": p.Condition, "platform_ids": ids, "stage": p.Stage,
		"exit_state": p.ExitState, "started_at": p.StartedAt, "completion_code": p.CompletionCode,
		"is_test": p.IsTest == 1, "algorithm": d.Algorithm, "identical": !d.Unchecked && d.Identical(),
		"unchecked":    d.Unchecked,
		"timeline_cut": d.TimelineCut, "timeline_limit": study.TimelineLimit,
		"can_manage": studyOf(r).Access.CanManage(), // may exclude and include
	}
	if p.CompletedAt.Valid {
		out["completed_at"] = p.CompletedAt.Int64
	} else {
		out["completed_at"] = nil
	}
	if d.Exclusion != nil {
		out["exclusion"] = exclusionJSON{d.Exclusion.Reason, d.Exclusion.ExcludedBy, d.Exclusion.ExcludedAt}
	} else {
		out["exclusion"] = nil
	}
	feed := make([]feedItemJSON, len(d.Items))
	for i, it := range d.Items {
		f := feedItemJSON{Position: it.ItemOrder + 1, EntityID: it.EntityID, Set: it.EntitySet, Headline: it.Headline, Reason: it.Reason, Inputs: it.Inputs}
		if it.Score.Valid {
			f.Score = &it.Score.Float64
		}
		feed[i] = f
	}
	out["feed"] = feed
	tl := make([]timelineJSON, len(d.Timeline))
	for i, e := range d.Timeline {
		tl[i] = timelineJSON(e)
	}
	out["timeline"] = tl
	pages := make([]answerPageJSON, len(d.Answers))
	for i, pg := range d.Answers {
		as := make([]answerJSON, len(pg.Answers))
		for j, a := range pg.Answers {
			as[j] = answerJSON(a)
		}
		pages[i] = answerPageJSON{Page: pg.Page, At: pg.At, Answers: as}
	}
	out["answers"] = pages
	okCompressed(w, r, out)
}
