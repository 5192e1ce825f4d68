package params

import "slices"

// Participants who speak (issue 25; docs/social.md): a comment box under each post and a
// Reply under each comment (feed-button-comment), a like on each seeded comment
// (comment-like), a "What's on your mind?" box at the top of the feed (feed-compose). Each
// is yes or no per condition; like the comments parameters they are written only for a
// study that turns one on, so older studies keep their rows and export columns.
const (
	paramCommentBox  = "feed-button-comment"
	paramCommentLike = "comment-like"
	paramCompose     = "feed-compose"
)

// speakParams are the parameters of participants who speak, in the order Rows writes them.
var speakParams = []string{paramCommentBox, paramCommentLike, paramCompose}

// speakDiffers reports whether c lets its participants speak at all.
func (c Condition) speakDiffers() bool { return c.CommentBox || c.CommentLike || c.Compose }

func (s Study) usesSpeak() bool { return slices.ContainsFunc(s.Conditions, Condition.speakDiffers) }

// speakValue is the plain text of one of the parameters of c.
func (c Condition) speakValue(param string) string {
	on := map[string]bool{paramCommentBox: c.CommentBox, paramCommentLike: c.CommentLike, paramCompose: c.Compose}[param]
	if on {
		return "yes"
	}
	return "no"
}

// speakSettings reads a condition's yes/no switches (empty is no).
func speakSettings(c *Condition, get func(string) field) {
	c.CommentBox = get(paramCommentBox).oneOf("no", "no", "yes") == "yes"
	c.CommentLike = get(paramCommentLike).oneOf("no", "no", "yes") == "yes"
	c.Compose = get(paramCompose).oneOf("no", "no", "yes") == "yes"
}
