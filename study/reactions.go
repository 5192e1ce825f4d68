package study

import (
	"context"
	"fmt"
	"strconv"

	"feedlab/params"
	"feedlab/store"
)

// Reaction is one reaction of a simulated other to a participant's action, composed on the
// server from the study's reactions rules (params/reactions.go; docs/social.md) and shown by
// the participant's page when it is due. The same stored actions always compose the same
// reactions, so a reloaded page shows the same thread.
type Reaction struct {
	// ID is the reaction's own id (rule and target): the page records it shown under
	// the event id "reaction.<ID>", so it is stored once however often it is shown.
	ID string `json:"id"`
	// Rule is the rule's number in the reactions list, from 1 (as Verify names it).
	Rule int `json:"rule"`
	// Kind is reply, like_count or notify.
	Kind string `json:"kind"`
	// EntityID is the card the action was about; "" for a post.
	EntityID string `json:"entity_id"`
	// Target is what it reacts to: the participant's comment, reply or post (its event id),
	// or the card they liked or shared (its entity id).
	Target string `json:"target"`
	// DueAt is when it shows: the action's acknowledgement (the server's receive time) plus
	// the rule's after_ms, in epoch ms on the server's clock.
	DueAt  int64  `json:"due_at"`
	Author string `json:"author,omitempty"`
	Avatar string `json:"avatar,omitempty"`
	// Text is what it shows: the reply's or notification's text, or "+N" for like_count.
	Text  string `json:"text"`
	Likes int64  `json:"likes,omitempty"`
	// Action is the event id of the participant's action it answers.
	Action string `json:"-"`
}

// whenOf is the rule's word for a stored action, "" when no rule can match it (a like or
// share taken back, a like on a comment).
func whenOf(a store.Speech) string {
	switch a.Type {
	case "comment", "reply", "post":
		return a.Type
	case "likes":
		if a.Response == "1" {
			return "like"
		}
	case "shares":
		if a.Response == "1" {
			return "share"
		}
	}
	return ""
}

// ComposeReactions is what the rules make of a participant's actions (oldest first) in
// condition cond: for each action and each rule that matches it (when, on, conditions), a
// reaction due after_ms after the action was stored. A rule fires once per target (the
// card, or the post) unless it says repeat. filenames maps the participant's cards to their
// filenames, for rules on one card.
func ComposeReactions(rules []params.Reaction, cond int, actions []store.Speech, filenames map[int64]string) []Reaction {
	var out []Reaction
	fired := map[string]bool{}
	for _, a := range actions {
		when := whenOf(a)
		if when == "" {
			continue
		}
		for i, r := range rules {
			if r.When != when || !r.Applies(cond) {
				continue
			}
			if r.On != "any" && (when == "post") != (r.On == "post") {
				continue
			}
			if r.On != "any" && r.On != "post" && filenames[a.EntityID] != r.On {
				continue
			}
			place := "card:" + strconv.FormatInt(a.EntityID, 10)
			if when == "post" {
				place = "post:" + a.EventID
			}
			key := strconv.Itoa(i) + "|" + place
			if fired[key] && !r.Repeat {
				continue
			}
			fired[key] = true
			out = append(out, reaction(i+1, r, a))
		}
	}
	return out
}

func reaction(rule int, r params.Reaction, a store.Speech) Reaction {
	x := Reaction{Rule: rule, Kind: r.Do.Kind(), DueAt: a.ReceivedAt + r.AfterMs, Action: a.EventID}
	if a.EntityID != 0 {
		x.EntityID = strconv.FormatInt(a.EntityID, 10)
	}
	switch a.Type {
	case "likes", "shares":
		x.Target = x.EntityID
	default:
		x.Target = a.EventID
	}
	x.ID = fmt.Sprintf("%d.%s", rule, x.Target)
	if a.Type == "likes" || a.Type == "shares" {
		// The same card liked again after a repeat rule: one reaction per action.
		x.ID = fmt.Sprintf("%d.%s.%s", rule, x.Target, a.EventID)
	}
	switch x.Kind {
	case "reply":
		x.Author, x.Avatar, x.Text = r.Do.Reply.Author, r.Do.Reply.Avatar, r.Do.Reply.Text
	case "like_count":
		x.Likes = *r.Do.LikeCount
		x.Text = "+" + strconv.FormatInt(x.Likes, 10)
	case "notify":
		x.Text = *r.Do.Notify
	}
	return x
}

// Reactions composes every reaction so far of the participant participantID, of condition
// cond (nil when the study has no rules): what load_experiment answers, and what an
// action's acknowledgement draws from.
func (d *Definition) Reactions(ctx context.Context, st *store.Store, participantID, cond int64) ([]Reaction, error) {
	if len(d.Study.Reactions) == 0 {
		return nil, nil
	}
	actions, err := st.ParticipantSpeech(ctx, participantID)
	if err != nil {
		return nil, fmt.Errorf("study: reactions: %w", err)
	}
	if len(actions) == 0 {
		return nil, nil
	}
	items, err := st.Feed(ctx, participantID)
	if err != nil {
		return nil, fmt.Errorf("study: reactions: %w", err)
	}
	filenames := make(map[int64]string, len(items))
	for _, it := range items {
		filenames[it.EntityID] = it.Filename
	}
	return ComposeReactions(d.Study.Reactions, int(cond), actions, filenames), nil
}
