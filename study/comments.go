package study

import (
	"context"
	"slices"

	"feedlab/params"
	"feedlab/store"
)

// SeededComment is one seeded comment as the participant's browser receives it under its
// card (docs/social.md). The tag chose whether it shows; it is not sent.
type SeededComment struct {
	ID      string `json:"id"`
	Author  string `json:"author"`
	Text    string `json:"text"`
	Avatar  string `json:"avatar,omitempty"`
	Likes   int64  `json:"likes"`
	Time    string `json:"time,omitempty"`
	ReplyTo string `json:"reply_to,omitempty"`
}

// attachComments adds to each card of out (aligned with items) the seeded comments its
// condition shows: none unless comments is set; with comments-tags, only those carrying
// one of the tags, and a reply only with the comment it answers. A card without comments
// gets none, so the browser shows no thread; a study without comments reads nothing.
func attachComments(ctx context.Context, st *store.Store, cond params.Condition, items []store.FeedCard, out []Card) error {
	if cond.Comments == "" || len(items) == 0 {
		return nil
	}
	bySet := map[string]map[string][]SeededComment{}
	for _, it := range items {
		if _, done := bySet[it.EntitySet]; done {
			continue
		}
		rows, err := st.EntityComments(ctx, it.EntitySet)
		if err != nil {
			return err
		}
		bySet[it.EntitySet] = shownComments(rows, cond.CommentsTags)
	}
	for i, it := range items {
		if cs := bySet[it.EntitySet][it.Filename]; len(cs) > 0 {
			out[i].Comments = cs
		}
	}
	return nil
}

// shownComments groups a set's comments by card filename, keeping those tags allow.
func shownComments(rows []store.EntityComment, tags []string) map[string][]SeededComment {
	allowed := func(r store.EntityComment) bool { return len(tags) == 0 || slices.Contains(tags, r.Tag) }
	shownTop := map[string]bool{}
	for _, r := range rows {
		if r.ReplyTo == "" && allowed(r) {
			shownTop[r.CommentID] = true
		}
	}
	out := map[string][]SeededComment{}
	for _, r := range rows { // in the file's order
		if !allowed(r) || (r.ReplyTo != "" && !shownTop[r.ReplyTo]) {
			continue // a reply shows only with the comment it answers
		}
		out[r.Filename] = append(out[r.Filename], SeededComment{ID: r.CommentID, Author: r.Author, Text: r.Text, Avatar: r.AvatarUrl, Likes: r.Likes, Time: r.TimeLabel, ReplyTo: r.ReplyTo})
	}
	return out
}
