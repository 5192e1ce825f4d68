package study

import (
	"context"

	"feedlab/params"
	"feedlab/store"
)

// OwnComment is a comment or reply the participant wrote under a card, as their browser
// receives it again on a reload (docs/social.md): its id is the event id the browser gave
// it, target what it answers (the card's entity id for a comment, a seeded comment_id for a
// reply).
type OwnComment struct {
	ID     string `json:"id"`
	Type   string `json:"type"`
	Text   string `json:"text"`
	Target string `json:"target"`
}

// OwnPost is a post the participant wrote at the top of their feed (feed-compose), as
// their browser receives it again on a reload; its id is the event id the browser gave it.
type OwnPost struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// attachSpeech adds to each card of out (aligned with items) what the participant already
// said there ("own_comments") and the seeded comments they like now ("liked_comments"), and
// returns their own posts, oldest first, so a reloaded page shows its own thread again. A
// condition that lets no one speak reads nothing.
func attachSpeech(ctx context.Context, st *store.Store, cond params.Condition, p store.Participant, items []store.FeedCard, out []Card) ([]OwnPost, error) {
	if !cond.CommentBox && !cond.CommentLike && !cond.Compose {
		return nil, nil
	}
	said, err := st.ParticipantSpeech(ctx, p.ParticipantID)
	if err != nil || len(said) == 0 {
		return nil, err
	}
	var posts []OwnPost
	own := map[int64][]OwnComment{}
	liked := map[int64]map[string]bool{}
	likeOrder := map[int64][]string{}
	for _, s := range said {
		switch s.Type {
		case "post":
			posts = append(posts, OwnPost{ID: s.EventID, Text: s.Text})
		case "comment", "reply":
			own[s.EntityID] = append(own[s.EntityID], OwnComment{ID: s.EventID, Type: s.Type, Text: s.Text, Target: s.TargetID})
		case "comment_like":
			if liked[s.EntityID] == nil {
				liked[s.EntityID] = map[string]bool{}
			}
			if _, known := liked[s.EntityID][s.TargetID]; !known {
				likeOrder[s.EntityID] = append(likeOrder[s.EntityID], s.TargetID)
			}
			liked[s.EntityID][s.TargetID] = s.Response == "1" // the last toggle counts
		}
	}
	for i, it := range items {
		if cs := own[it.EntityID]; len(cs) > 0 {
			out[i].OwnComments = cs
		}
		var ids []string
		for _, id := range likeOrder[it.EntityID] {
			if liked[it.EntityID][id] {
				ids = append(ids, id)
			}
		}
		if len(ids) > 0 {
			out[i].LikedComments = ids
		}
	}
	return posts, nil
}
