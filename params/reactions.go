package params

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"
)

// Simulated others (issue 25; docs/social.md): the study-wide parameter reactions is a JSON
// list of rules, each saying which of the participant's actions (when, on) gets which
// reaction (do) after how long (after_ms, from the server's acknowledgement of the action),
// in which conditions. The server composes the reactions (study/reactions.go); the
// participant's page shows each when it is due and records it (reaction_shown). Like
// questionnaires it is study-wide, the same wherever given, and written once on condition 1
// only when there is one, so older studies keep their rows.
const paramReactions = "reactions"

// The values of a rule's when, and of on besides a card's filename.
var (
	ReactionWhen = []string{"comment", "reply", "post", "like", "share"}
	// ReactionDo are the kinds of reaction: a reply under the participant's comment or post,
	// a like count raised on it, a notification in the page's toast area.
	ReactionDo = []string{"reply", "like_count", "notify"}
)

// Limits of the reactions parameter.
const (
	MaxReactionRules   = 50
	MaxReactionAfterMs = 24 * 60 * 60 * 1000
	maxReactionAuthor  = 100
	maxReactionText    = 1000
	maxReactionNotify  = 300
	maxReactionLikes   = 1_000_000
	maxReactionOn      = 200
)

// Reaction is one rule of the reactions parameter.
type Reaction struct {
	When       string     `json:"when"`
	On         string     `json:"on"`
	AfterMs    int64      `json:"after_ms"`
	Conditions []int      `json:"conditions,omitempty"`
	Do         ReactionTo `json:"do"`
	// Repeat makes the rule fire on every matching action; by default it fires once per
	// target (the card, or the post).
	Repeat bool `json:"repeat,omitempty"`
}

// ReactionTo is what a rule does: exactly one of its fields is set.
type ReactionTo struct {
	Reply     *ReactionReply `json:"reply,omitempty"`
	LikeCount *int64         `json:"like_count,omitempty"`
	Notify    *string        `json:"notify,omitempty"`
}

// ReactionReply is a simulated other's reply.
type ReactionReply struct {
	Author string `json:"author"`
	Avatar string `json:"avatar,omitempty"`
	Text   string `json:"text"`
}

// Kind is which of reply, like_count and notify the rule does.
func (d ReactionTo) Kind() string {
	switch {
	case d.Reply != nil:
		return "reply"
	case d.LikeCount != nil:
		return "like_count"
	}
	return "notify"
}

// Applies reports whether rule r covers condition c.
func (r Reaction) Applies(c int) bool {
	return len(r.Conditions) == 0 || slices.Contains(r.Conditions, c)
}

// reactions checks the study-wide reactions parameter: a JSON list of valid rules, the same
// on every condition that gives it. Each problem names its rule (from 1).
func (v *validator) reactions(byCond map[int]map[string]Row, top int) []Reaction {
	var list []Reaction
	from := 0
	for c := 1; c <= top; c++ {
		r, ok := byCond[c][paramReactions]
		if !ok {
			continue
		}
		f := field{v: v, cond: c, param: paramReactions, raw: r.Value, line: r.Line}
		rules, ok := parseReactions(f, top)
		if !ok {
			continue
		}
		if from == 0 {
			list, from = rules, c
			continue
		}
		if !reflect.DeepEqual(rules, list) {
			f.fail("differs from the reactions given for condition %d; reactions is study-wide, the same on every condition", from)
		}
	}
	return list
}

// parseReactions reads one reactions value; empty or [] is no rule.
func parseReactions(f field, nConditions int) ([]Reaction, bool) {
	t := f.text()
	if t == "" || t == "[]" {
		return nil, true
	}
	if len(t) > maxJSONLen {
		f.fail("the list is longer than %d bytes", maxJSONLen)
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(t)))
	dec.DisallowUnknownFields()
	var rules []Reaction
	if err := dec.Decode(&rules); err != nil {
		f.fail(`write a JSON list of rules, such as [{"when":"comment","on":"any","after_ms":4000,"do":{"reply":{"author":"Sam","text":"Good point"}}}]; %s`, strings.TrimPrefix(err.Error(), "json: "))
		return nil, false
	}
	if len(rules) > MaxReactionRules {
		f.fail("%d rules; at most %d are allowed", len(rules), MaxReactionRules)
		return nil, false
	}
	ok := true
	for i, r := range rules {
		for _, msg := range reactionProblems(r, nConditions) {
			f.fail("rule %d: %s", i+1, msg)
			ok = false
		}
	}
	return rules, ok
}

// reactionProblems lists what is wrong with one rule.
func reactionProblems(r Reaction, nConditions int) []string {
	var out []string
	bad := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	if !slices.Contains(ReactionWhen, r.When) {
		bad("when is %q; use one of %s", truncateText(r.When, 40), strings.Join(ReactionWhen, ", "))
	}
	switch {
	case r.On == "":
		bad(`on is missing; use "any", "post" or the filename of a card`)
	case utf8.RuneCountInString(r.On) > maxReactionOn:
		bad("on is longer than %d characters", maxReactionOn)
	case r.On == "post" && r.When != "post":
		bad(`on "post" goes with when "post" (a post is about no card)`)
	case r.When == "post" && r.On != "post" && r.On != "any":
		bad(`a post is about no card: write on "post" or "any", not %q`, truncateText(r.On, 40))
	}
	if r.AfterMs < 0 || r.AfterMs > MaxReactionAfterMs {
		bad("after_ms is %d; write a delay from 0 to %d milliseconds (24 hours)", r.AfterMs, MaxReactionAfterMs)
	}
	for _, c := range r.Conditions {
		if c < 1 || c > nConditions {
			bad("conditions names %d; the study has conditions 1 to %d", c, nConditions)
		}
	}
	set := 0
	for _, on := range []bool{r.Do.Reply != nil, r.Do.LikeCount != nil, r.Do.Notify != nil} {
		if on {
			set++
		}
	}
	if set != 1 {
		bad("do must hold exactly one of reply, like_count and notify")
		return out
	}
	switch r.Do.Kind() {
	case "reply":
		rep := r.Do.Reply
		if strings.TrimSpace(rep.Author) == "" || utf8.RuneCountInString(rep.Author) > maxReactionAuthor {
			bad("reply.author must be a name of 1 to %d characters", maxReactionAuthor)
		}
		if strings.TrimSpace(rep.Text) == "" || utf8.RuneCountInString(rep.Text) > maxReactionText {
			bad("reply.text must be 1 to %d characters", maxReactionText)
		}
		if rep.Avatar != "" && !strings.HasPrefix(rep.Avatar, "https://") && !strings.HasPrefix(rep.Avatar, "/media/") {
			bad("reply.avatar must be an https:// link or a /media/ path")
		}
	case "like_count":
		if n := *r.Do.LikeCount; n < 1 || n > maxReactionLikes {
			bad("like_count is %d; write how many likes to add, from 1 to %d", n, maxReactionLikes)
		}
	case "notify":
		if n := utf8.RuneCountInString(strings.TrimSpace(*r.Do.Notify)); n == 0 || n > maxReactionNotify {
			bad("notify must be a text of 1 to %d characters", maxReactionNotify)
		}
	}
	if (r.When == "like" || r.When == "share") && r.Do.Kind() != "notify" {
		bad("a %s of a card can be answered only with notify (a reply or like_count needs the participant's comment or post)", r.When)
	}
	return out
}
