package api

import (
	"database/sql"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"feedlab/store"
	"feedlab/study"
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

// speechEngagements are what a participant says and likes under a card (docs/social.md):
// a comment (target_id the card's entity id), a reply (target_id the comment answered), a
// like on a comment (target_id the comment; response 1 liked, 0 taken back), a post of
// their own at the top of the feed (feed-compose: entity_id empty, target_id its own id,
// the event id). A comment's, reply's and post's text is what they wrote.
//
// reaction_shown is the page's record of a simulated other's reaction shown to the
// participant: response the rule's number, text what was shown, target_id what it
// reacted to, entity_id the card (empty for a reaction to a post).
var speechEngagements = []string{"comment", "reply", "comment_like", "post", "reaction_shown"}

// engagementTypes are the engagement_type values write_user_engagement accepts. Dwell
// arrives through write_batch_dwell.
var engagementTypes = slices.Concat(buttonEngagements, videoEngagements, socialEngagements, speechEngagements)

// Limits of what a participant writes: MaxSpeechChars is the comment box's limit (the
// issue's 1–1,000 characters); maxTargetID bounds a target, a seeded comment_id or an
// event id.
const (
	MaxSpeechChars = 1000
	maxTargetID    = 200
)

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
	// Text and TargetID: a comment's or reply's words and what it answers (speechEngagements).
	Text     text `json:"text"`
	TargetID text `json:"target_id"`

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
	case "text":
		return &req.Text
	case "target_id":
		return &req.TargetID
	}
	return req.participantRef.refMember(name)
}

func (req *engagementRequest) header() (participantRef, text) { return req.participantRef, req.EventID }

func (req *engagementRequest) validate() (int64, *apiError) {
	var err *apiError
	if req.EngagementType == "post" {
		// A post is about no card: entity 0, stored as NULL. Its target is itself.
		if req.EntityID != "" {
			return 0, badRequest("A post is about no card: leave entity_id empty.")
		}
		if req.TargetID != "" && req.TargetID != req.EventID {
			return 0, badRequest("A post's target_id is its own event_id.")
		}
		req.TargetID = req.EventID
	} else if req.EngagementType == "reaction_shown" && req.EntityID == "" {
		// A reaction to a post is about no card either.
	} else if req.entityID, err = entityNumber(req.EntityID); err != nil {
		return 0, err
	}
	if !slices.Contains(engagementTypes, req.EngagementType) {
		return 0, badRequest("engagement_type %q is not one of %v.", truncate(req.EngagementType, 40), engagementTypes)
	}
	if req.Response == "" {
		return 0, badRequest("response is missing.")
	}
	if err := req.validateSpeech(); err != nil {
		return 0, err
	}
	return req.entityID, nil
}

// validateSpeech checks text and target_id: required where the type says (a comment's and
// reply's text 1 to MaxSpeechChars characters, a target for each), absent on every other
// type, so no row carries words it should not.
func (req *engagementRequest) validateSpeech() *apiError {
	speech := slices.Contains(speechEngagements, req.EngagementType)
	switch {
	case !speech && (req.Text != "" || req.TargetID != ""):
		return badRequest("text and target_id belong to a comment, reply or comment_like, not to %s.", req.EngagementType)
	case !speech:
		return nil
	case strings.TrimSpace(string(req.TargetID)) == "":
		return badRequest("target_id is missing: say which comment (or, for a comment, which card) this %s is about.", req.EngagementType)
	case len(req.TargetID) > maxTargetID || !utf8.ValidString(string(req.TargetID)):
		return badRequest("target_id is longer than %d bytes.", maxTargetID)
	case req.EngagementType == "comment_like" && req.Text != "":
		return badRequest("A comment_like has no text.")
	case req.EngagementType == "comment_like":
		return nil
	case !utf8.ValidString(string(req.Text)):
		return badRequest("text is not valid UTF-8.")
	case strings.TrimSpace(string(req.Text)) == "":
		return badRequest("text is empty: a %s holds at least one character.", req.EngagementType)
	}
	if n := utf8.RuneCountInString(string(req.Text)); n > MaxSpeechChars {
		return overBudget(codeAnswerTooLong, fmt.Sprintf("The %s is %d characters long; at most %d are taken.", req.EngagementType, n, MaxSpeechChars))
	}
	return nil
}

// writeEngagement stores one engagement (a button toggle, a video event, what a participant
// said). An action simulated others may react to is answered with the reactions it drew
// (docs/social.md), once stored: the page shows each when it is due.
func (s *Server) writeEngagement(w http.ResponseWriter, r *http.Request) {
	var req engagementRequest
	target, accepted := s.readEvent(w, r, &req)
	if !accepted {
		return
	}
	if err := s.speechAllowed(r, req.participantRef, target, req.EngagementType); err != nil {
		s.fail(w, r, err)
		return
	}
	stored, err := s.recordEvent(r, req.participantRef, target, store.Event{Engagements: []store.Engagement{{
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
		Text:              string(req.Text),
		TargetID:          string(req.TargetID),
	}}})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if slices.Contains(reactedTo, req.EngagementType) {
		drawn, err := s.reactionsTo(r, req.participantRef, target, string(req.EventID))
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if drawn != nil {
			ok(w, map[string]any{"stored": stored, "reactions": drawn, "now": s.now().UnixMilli()})
			return
		}
	}
	okStored(w, stored)
}

// speechAllowed refuses what the participant's condition does not offer (a comment where
// there is no comment box, a post without feed-compose, a reaction shown in a study
// without reactions), so the data never hold words a condition could not have produced.
func (s *Server) speechAllowed(r *http.Request, ref participantRef, target store.EventTarget, typ string) error {
	if !slices.Contains(speechEngagements, typ) {
		return nil
	}
	def, err := s.studyDefinition(r.Context(), string(ref.ExperimentID))
	if err != nil {
		return err
	}
	c := def.Condition(int(target.Condition))
	offered := c != nil
	var param string
	switch typ {
	case "comment", "reply":
		offered, param = offered && c.CommentBox, "feed-button-comment"
	case "comment_like":
		offered, param = offered && c.CommentLike, "comment-like"
	case "post":
		offered, param = offered && c.Compose, "feed-compose"
	case "reaction_shown":
		offered, param = offered && len(def.Study.Reactions) > 0, "reactions"
	}
	if !offered {
		return badRequest("This participant's condition does not offer %s (%s is not set), so it is not stored.", typ, param)
	}
	return nil
}

// reactedTo are the engagement types a reactions rule may answer (its when).
var reactedTo = []string{"comment", "reply", "post", "likes", "shares"}

// reactionsTo are the reactions the participant's action eventID drew; nil when the study
// has no rules or none matched (the acknowledgement is then the usual one).
func (s *Server) reactionsTo(r *http.Request, ref participantRef, target store.EventTarget, eventID string) ([]study.Reaction, error) {
	def, err := s.studyDefinition(r.Context(), string(ref.ExperimentID))
	if err != nil || len(def.Study.Reactions) == 0 {
		return nil, err
	}
	all, err := def.Reactions(r.Context(), s.store, target.ParticipantID, target.Condition)
	if err != nil {
		return nil, err
	}
	var drawn []study.Reaction
	for _, x := range all {
		if x.Action == eventID {
			drawn = append(drawn, x)
		}
	}
	return drawn, nil
}

func nullInt(n number) sql.NullInt64 { return sql.NullInt64{Int64: n.value, Valid: n.set} }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
