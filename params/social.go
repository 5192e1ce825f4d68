package params

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The social layer's per-condition parameters (issue 25; docs/social.md): whether and how
// a card's seeded comments show (comments), and which of them (comments-tags). They are
// written only for a study that uses them, so a study from before has the same rows.
const (
	paramComments     = "comments"
	paramCommentsTags = "comments-tags"
)

// socialParams are the social layer's parameters, in the order Rows writes them.
var socialParams = []string{paramComments, paramCommentsTags}

// Values of comments: none (the default), collapsed ("View N comments" under the post) or
// first-N (N shown, the rest behind "View more").
const (
	CommentsNone      = "none"
	CommentsCollapsed = "collapsed"
	commentsFirst     = "first-"
)

// MaxCommentsFirst bounds first-N: a thread longer than a screen is no longer "the first few".
const MaxCommentsFirst = 50

// maxCommentTags bounds comments-tags; maxTagLen one tag (tags are the set's free text).
const (
	maxCommentTags = 50
	maxTagLen      = 100
)

// CommentModes are the choices of comments offered by the wizard, the default first (first-N
// is offered with its N as a number field).
func CommentModes() []Choice {
	return []Choice{{CommentsNone, "No comments"}, {CommentsCollapsed, `Collapsed: "View N comments" under the post`}, {commentsFirst + "N", "The first N shown, the rest behind \"View more\""}}
}

// CommentsShown reads comments: the mode (none, collapsed or first) and N for first-N.
func (c Condition) CommentsShown() (mode string, n int) {
	switch {
	case c.Comments == "":
		return CommentsNone, 0
	case c.Comments == CommentsCollapsed:
		return CommentsCollapsed, 0
	}
	n, _ = strconv.Atoi(strings.TrimPrefix(c.Comments, commentsFirst))
	return "first", n
}

// socialDiffers reports whether c shows comments at all (then both parameters are written).
func (c Condition) socialDiffers() bool { return c.Comments != "" || len(c.CommentsTags) > 0 }

func (s Study) usesSocial() bool {
	return slices.ContainsFunc(s.Conditions, Condition.socialDiffers)
}

// socialValue is the plain text of one social parameter of c.
func (c Condition) socialValue(param string) string {
	switch param {
	case paramComments:
		if c.Comments == "" {
			return CommentsNone
		}
		return c.Comments
	case paramCommentsTags:
		if len(c.CommentsTags) == 0 {
			return "[]"
		}
		return jsonText(c.CommentsTags)
	}
	return ""
}

// socialSettings checks a condition's social parameters. The default (none, no tags) is
// kept as the zero value.
func socialSettings(c *Condition, get func(string) field) {
	f := get(paramComments)
	switch w := f.word(); {
	case w == "" || w == CommentsNone:
	case w == CommentsCollapsed:
		c.Comments = CommentsCollapsed
	case strings.HasPrefix(w, commentsFirst):
		n, err := strconv.Atoi(strings.TrimPrefix(w, commentsFirst))
		if err != nil || n < 1 || n > MaxCommentsFirst {
			f.fail("%s: write first-N with N a whole number from 1 to %d, such as first-2", quote(f.text()), MaxCommentsFirst)
			break
		}
		c.Comments = fmt.Sprintf("%s%d", commentsFirst, n)
	default:
		f.fail("%s is not allowed; use none, collapsed or first-N (such as first-2)", quote(f.text()))
	}
	c.CommentsTags = commentTags(get(paramCommentsTags))
	if c.Comments == "" && len(c.CommentsTags) > 0 {
		f.fail("comments-tags chooses which comments show, but this condition shows none; set comments to collapsed or first-N, or leave comments-tags empty")
		c.CommentsTags = nil
	}
}

// commentTags reads comments-tags: a JSON list of distinct, non-empty tags; empty is [].
func commentTags(f field) []string {
	t := f.text()
	if t == "" || t == "[]" {
		return nil
	}
	var tags []string
	if err := json.Unmarshal([]byte(t), &tags); err != nil {
		f.fail(`write a JSON list of tags, such as ["correction"]; %s is not one`, quote(truncateText(t, 60)))
		return nil
	}
	if len(tags) > maxCommentTags {
		f.fail("%d tags; at most %d are allowed", len(tags), maxCommentTags)
		return nil
	}
	out := make([]string, 0, len(tags))
	for _, tag := range tags {
		tag = strings.TrimSpace(tag)
		switch {
		case tag == "":
			f.fail("a tag is empty; untagged comments show only when comments-tags is empty")
			return nil
		case utf8.RuneCountInString(tag) > maxTagLen || strings.ContainsAny(tag, "\t\r\n"):
			f.fail("the tag %s is longer than %d characters or holds a tab or line break", quote(truncateText(tag, 40)), maxTagLen)
			return nil
		case slices.Contains(out, tag):
			f.fail("the tag %s is listed twice", quote(tag))
			return nil
		}
		out = append(out, tag)
	}
	return out
}

// truncateText shortens s to at most n characters for a message.
func truncateText(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}
