package api

import (
	"database/sql"
	"net/http"
	"slices"
	"strconv"

	"feedlab/store"
)

// EngagementTypes are the engagement_type values write_user_engagement accepts: the
// buttons of a card and the video events. Dwell arrives through write_batch_dwell.
var EngagementTypes = []string{
	"shares", "likes", "read_later", "accuracy_score", "upvote", "downvote",
	"videomute_true", "videomute_false", "videopause_true", "videopause_false",
}

type engagementRequest struct {
	participantRef
	EventID           text   `json:"event_id"`
	EntityID          text   `json:"entity_id"`
	EngagementType    string `json:"engagement_type"`
	Response          text   `json:"response"`
	TimeContentViewed number `json:"time_content_viewed"`
	TimeEngagement    number `json:"time_engagement"`
	// The participant's own toggle state after this event, for the export's likes,
	// read_later and shares columns (optional).
	Likes     number `json:"likes"`
	ReadLater number `json:"read_later"`
	Shares    number `json:"shares"`
}

// writeEngagement stores one engagement (a button toggle or a video event).
func (s *Server) writeEngagement(w http.ResponseWriter, r *http.Request) {
	var req engagementRequest
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
	entityID, aerr := entityNumber(req.EntityID)
	if aerr != nil {
		s.fail(w, r, aerr)
		return
	}
	if !slices.Contains(EngagementTypes, req.EngagementType) {
		s.fail(w, r, badRequest("engagement_type %q is not one of %v.", truncate(req.EngagementType, 40), EngagementTypes))
		return
	}
	if req.Response == "" {
		s.fail(w, r, badRequest("response is missing."))
		return
	}
	if len(req.Response) > maxResponse {
		s.fail(w, r, badRequest("response is longer than %d characters.", maxResponse))
		return
	}
	target, err := s.resolve(r.Context(), req.participantRef, entityID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.record(w, r, store.Event{Engagements: []store.Engagement{{
		EventID:           string(req.EventID),
		ParticipantID:     target.ParticipantID,
		EntityID:          entityID,
		Type:              req.EngagementType,
		Response:          string(req.Response),
		TimeContentViewed: nullInt(req.TimeContentViewed),
		TimeEngagement:    nullInt(req.TimeEngagement),
		Likes:             nullInt(req.Likes),
		ReadLater:         nullInt(req.ReadLater),
		Shares:            nullInt(req.Shares),
	}}})
}

func nullInt(n number) sql.NullInt64 { return sql.NullInt64{Int64: n.value, Valid: n.set} }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
