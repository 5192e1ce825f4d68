package study

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"unicode/utf8"

	"feedlab/store"
)

// TimelineLimit is how many answers rows and how many engagement rows a participant's page
// reads at most, and how many timeline events it shows: one page must not read a million
// rows of a participant whose browser flooded the study.
const TimelineLimit = 2000

// MaxExclusionReason bounds an exclusion's reason (characters).
const MaxExclusionReason = 500

// TimelineEvent is one moment of a participant's session, at the server's receive time.
type TimelineEvent struct {
	At       int64  // server ms
	Kind     string // arrival, consent, checkpoint, engagement, dwell, questionnaire, completion
	What     string // the checkpoint, engagement type or questionnaire page in words
	EntityID int64  // the card, for engagements and dwells
	Detail   string // the response (a dwell's milliseconds, a video event's value, a page's field count)
}

// AnswerPage is one questionnaire page the participant sent, its answers in field order.
type AnswerPage struct {
	Page    int // 1-based, in the order sent
	At      int64
	Answers []Answer
}

// Answer is one field of a questionnaire page, its value decoded as the exports decode it.
type Answer struct{ Field, Value string }

// ParticipantDetail is everything a participant's page shows (issue 22, item 3).
type ParticipantDetail struct {
	Explanation // the participant, their condition's algorithm and their feed explained
	Exclusion   *store.Exclusion
	Timeline    []TimelineEvent
	// TimelineCut: the participant has more events than TimelineLimit; the timeline shows
	// the first ones.
	TimelineCut bool
	Answers     []AnswerPage
	// Unchecked: composing the feed again failed (a ranking script could not run just
	// now), so whether it gives the stored order is not known.
	Unchecked bool
}

// ParticipantDetail reads participant userID's page: who they are, their events in time
// order (bounded by TimelineLimit), their feed with each card's score and reason (Explain)
// and their questionnaire answers. An unknown participant gives an error matching
// store.ErrNotFound.
func (d *Definition) ParticipantDetail(ctx context.Context, st *store.Store, userID string) (ParticipantDetail, error) {
	e, err := d.Explain(ctx, st, userID)
	var recomposeErr *RecomposeError
	if errors.As(err, &recomposeErr) {
		// The page shows the feed as stored and says it could not be checked.
		err = nil
	}
	if err != nil {
		return ParticipantDetail{}, err
	}
	p := e.Participant
	out := ParticipantDetail{Explanation: e, Unchecked: recomposeErr != nil}
	if ex, ok, err := st.ExclusionOf(ctx, p.ParticipantID); err != nil {
		return out, err
	} else if ok {
		out.Exclusion = &ex
	}
	answers, engagements, err := st.ParticipantTimeline(ctx, p.ParticipantID, TimelineLimit)
	if err != nil {
		return out, err
	}
	out.Timeline, out.Answers = participantTimeline(p, answers, engagements)
	if len(answers) >= TimelineLimit || len(engagements) >= TimelineLimit || len(out.Timeline) > TimelineLimit {
		out.TimelineCut = true
	}
	if len(out.Timeline) > TimelineLimit {
		out.Timeline = out.Timeline[:TimelineLimit]
	}
	return out, nil
}

// participantTimeline merges a participant's rows into one list in time order, with their arrival
// and completion, and gathers their questionnaire pages.
func participantTimeline(p store.Participant, answers []store.TimelineAnswer, engagements []store.TimelineEngagement) ([]TimelineEvent, []AnswerPage) {
	events := []TimelineEvent{{At: p.StartedAt, Kind: "arrival", What: fmt.Sprintf("arrived, assigned condition %d", p.Condition)}}
	var pages []AnswerPage
	pageOf := map[string]int{} // a page's event id → its index in pages
	for _, a := range answers {
		switch a.Kind {
		case store.AnswerKindCheckpoint:
			kind := "checkpoint"
			if a.Field == "consent-agree" {
				kind = "consent"
			}
			events = append(events, TimelineEvent{At: a.ReceivedAt, Kind: kind, What: a.Field, Detail: a.Response})
		case store.AnswerKindAnswer:
			// The rows of one page share its event id (api/form_write.go: id/field).
			id := a.EventID
			if i := strings.LastIndexByte(id, '/'); i > 0 {
				id = id[:i]
			}
			i, ok := pageOf[id]
			if !ok {
				i = len(pages)
				pageOf[id] = i
				pages = append(pages, AnswerPage{Page: i + 1, At: a.ReceivedAt})
			}
			value, err := url.PathUnescape(a.Response) // as the exports decode it
			if err != nil {
				value = a.Response
			}
			pages[i].Answers = append(pages[i].Answers, Answer{Field: a.Field, Value: value})
		}
	}
	for _, pg := range pages {
		events = append(events, TimelineEvent{At: pg.At, Kind: "questionnaire",
			What: fmt.Sprintf("questionnaire page %d", pg.Page), Detail: fmt.Sprintf("%d answers", len(pg.Answers))})
	}
	for _, g := range engagements {
		kind := "engagement"
		if g.EngagementType == "dwell" {
			kind = "dwell"
		}
		events = append(events, TimelineEvent{At: g.ReceivedAt, Kind: kind, What: g.EngagementType, EntityID: g.EntityID, Detail: g.Response})
	}
	if p.CompletedAt.Valid {
		events = append(events, TimelineEvent{At: p.CompletedAt.Int64, Kind: "completion", What: "completed", Detail: p.CompletionCode})
	}
	// Stable: rows received together keep the order they were stored in, and arrival
	// comes first.
	sort.SliceStable(events, func(i, j int) bool { return events[i].At < events[j].At })
	return events, pages
}

// ErrExclusionReason: an exclusion's reason is empty or too long.
var ErrExclusionReason = errors.New("study: exclusion reason")

// Exclude leaves participant userID of study id out of the analysis, for researcher by,
// with a reason (required, at most MaxExclusionReason characters); the exclusion and its
// audit entry commit together. Errors: ErrExclusionReason, store.ErrNotFound.
func Exclude(ctx context.Context, st *store.Store, id, userID, reason, by string) error {
	reason = strings.TrimSpace(reason)
	switch n := utf8.RuneCountInString(reason); {
	case n == 0:
		return fmt.Errorf("%w: give a reason for excluding the participant", ErrExclusionReason)
	case n > MaxExclusionReason:
		return fmt.Errorf("%w: the reason is %d characters; keep it to %d", ErrExclusionReason, n, MaxExclusionReason)
	}
	return st.ExcludeParticipant(ctx, id, userID, reason, store.AuditRecord{
		Researcher: by, Detail: fmt.Sprintf("participant %s: %s", userID, reason)})
}

// Include takes participant userID of study id back into the analysis, for researcher by;
// the change and its audit entry commit together. It reports whether they were excluded.
func Include(ctx context.Context, st *store.Store, id, userID, by string) (bool, error) {
	return st.IncludeParticipant(ctx, id, userID, store.AuditRecord{Researcher: by, Detail: "participant " + userID})
}
