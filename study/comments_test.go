package study

import (
	"testing"

	"feedlab/store"
)

// TestShownCommentsFollowTheTags: with no tags every comment shows, grouped by card in the
// file's order; with tags only those carrying one (untagged ones left out), and a reply only
// with the comment it answers, even when the file lists the reply first.
func TestShownCommentsFollowTheTags(t *testing.T) {
	t.Parallel()
	rows := []store.EntityComment{
		{CommentID: "r1", Filename: "a.png", Author: "Lee", Text: "Thanks", ReplyTo: "c1", Tag: "correction"},
		{CommentID: "c1", Filename: "a.png", Author: "Dana", Text: "False", Tag: "correction", Likes: 3, AvatarUrl: "/media/x.png"},
		{CommentID: "c2", Filename: "a.png", Author: "Sam", Text: "Wow"},
		{CommentID: "r2", Filename: "a.png", Author: "Kim", Text: "Yes", ReplyTo: "c2", Tag: "correction"},
		{CommentID: "c3", Filename: "b.png", Author: "Ola", Text: "Hm"},
	}
	ids := func(cs []SeededComment) (out []string) {
		for _, c := range cs {
			out = append(out, c.ID)
		}
		return out
	}
	all := shownComments(rows, nil)
	if got := ids(all["a.png"]); len(got) != 4 || got[0] != "r1" || len(all["b.png"]) != 1 {
		t.Errorf("no tags: %v / %v", got, all["b.png"])
	}
	tagged := shownComments(rows, []string{"correction"})
	if got := ids(tagged["a.png"]); len(got) != 2 || got[0] != "r1" || got[1] != "c1" || len(tagged["b.png"]) != 0 {
		t.Errorf("tag correction: %v, b.png %v", got, tagged["b.png"])
	}
	if c := tagged["a.png"][1]; c.Likes != 3 || c.Avatar != "/media/x.png" || c.Author != "Dana" {
		t.Errorf("sent as %+v", c)
	}
}
