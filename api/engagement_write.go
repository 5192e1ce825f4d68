package api

import (
	"database/sql"
	"net/http"
	"slices"
	"strconv"

	"feedlab/store"
)

// buttonEngagements are the engagement_type values of a card's buttons: the TypeScript
// union EngagementType of frontend/src/lib/feedTypes.ts, which a test keeps equal.
var buttonEngagements = []string{"shares", "likes", "read_later", "accuracy_score", "upvote", "downvote"}

// videoEngagements are the engagement_type values of a video card's events.
var videoEngagements = []string{"videomute_true", "videomute_false", "videopause_true", "videopause_false"}

// socialEngagements are what a participant saw of a card's seeded comments (docs/social.md):
// comments_open (response: the milliseconds the thread stayed open) and comment_seen
// (response: the comment_id that came into view).
var socialEngagements = []string{"comments_open", "comment_seen"}

// engagementTypes are the engagement_type values write_user_engagement accepts. Dwell
// arrives through write_batch_dwell.
var engagementTypes = slices.Concat(buttonEngagements, videoEngagements, socialEngagements)

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
	// The card's accuracy_score counter (the button is not clickable: 0 where it is shown).
	AccuracyScore number `json:"accuracy_score"`

	entityID int64 // EntityID parsed by validate
}

func (req *engagementRequest) member(name []byte) any {
	switch string(name) {
	case "event_id":
		return &req.EventID
	case "entity_id":
		return &req.EntityID
	case "engagement_type":
		return &req.EngagementType
	case "response":
		return &req.Response
	case "time_content_viewed":
		return &req.TimeContentViewed
	case "time_engagement":
		return &req.TimeEngagement
	case "likes":
		return &req.Likes
	case "read_later":
		return &req.ReadLater
	case "shares":
		return &req.Shares
	case "accuracy_score":
		return &req.AccuracyScore
	}
	return req.participantRef.refMember(name)
}

func (req *engagementRequest) header() (participantRef, text) { return req.participantRef, req.EventID }

func (req *engagementRequest) validate() (int64, *apiError) {
	var err *apiError
	if req.entityID, err = entityNumber(req.EntityID); err != nil {
		return 0, err
	}
	if !slices.Contains(engagementTypes, req.EngagementType) {
		return 0, badRequest("engagement_type %q is not one of %v.", truncate(req.EngagementType, 40), engagementTypes)
	}
	if req.Response == "" {
		return 0, badRequest("response is missing.")
	}
	return req.entityID, nil
}

// writeEngagement stores one engagement (a button toggle or a video event).
func (s *Server) writeEngagement(w http.ResponseWriter, r *http.Request) {
	var req engagementRequest
	target, accepted := s.readEvent(w, r, &req)
	if !accepted {
		return
	}
	s.record(w, r, req.participantRef, target, store.Event{Engagements: []store.Engagement{{
		EventID:           string(req.EventID),
		ParticipantID:     target.ParticipantID,
		EntityID:          req.entityID,
		Type:              req.EngagementType,
		Response:          string(req.Response),
		TimeContentViewed: nullInt(req.TimeContentViewed),
		TimeEngagement:    nullInt(req.TimeEngagement),
		Likes:             nullInt(req.Likes),
		ReadLater:         nullInt(req.ReadLater),
		Shares:            nullInt(req.Shares),
		AccuracyScore:     nullInt(req.AccuracyScore),
		UserAgentID:       s.userAgent(r),
	}}})
}

func nullInt(n number) sql.NullInt64 { return sql.NullInt64{Int64: n.value, Valid: n.set} }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
