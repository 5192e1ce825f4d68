package study

import (
	"testing"

	"feedlab/params"
	"feedlab/store"
)

// TestComposeReactionsMatchesRulesOncePerTarget: rules match by when, on (any, a card's
// filename, post) and condition; a rule fires once per card or post unless repeat; each
// reaction is due after_ms after its action was stored, targets the action (a comment's or
// post's id, a liked card's id) and carries what it shows.
func TestComposeReactionsMatchesRulesOncePerTarget(t *testing.T) {
	t.Parallel()
	three, note, hi := int64(3), "Lee liked your post", "Good point!"
	rules := []params.Reaction{
		{When: "comment", On: "cure.png", AfterMs: 2000, Do: params.ReactionTo{Reply: &params.ReactionReply{Author: "Sam", Text: hi}}},
		{When: "post", On: "post", AfterMs: 0, Repeat: true, Do: params.ReactionTo{Notify: &note}},
		{When: "comment", On: "any", AfterMs: 10, Conditions: []int{2}, Do: params.ReactionTo{LikeCount: &three}},
		{When: "like", On: "any", AfterMs: 5, Do: params.ReactionTo{Notify: &note}},
	}
	actions := []store.Speech{
		{EventID: "c1", EntityID: 7, Type: "comment", ReceivedAt: 1000},
		{EventID: "c2", EntityID: 7, Type: "comment", ReceivedAt: 1100}, // same card: rule 1 fired already
		{EventID: "c3", EntityID: 8, Type: "comment", ReceivedAt: 1200}, // another card: not cure.png
		{EventID: "p1", Type: "post", ReceivedAt: 1300},
		{EventID: "p2", Type: "post", ReceivedAt: 1400},
		{EventID: "l1", EntityID: 8, Type: "likes", Response: "0", ReceivedAt: 1500}, // a like taken back
		{EventID: "l2", EntityID: 8, Type: "likes", Response: "1", ReceivedAt: 1600},
	}
	got := ComposeReactions(rules, 1, actions, map[int64]string{7: "cure.png", 8: "library.png"})
	want := []Reaction{
		{ID: "1.c1", Rule: 1, Kind: "reply", EntityID: "7", Target: "c1", DueAt: 3000, Author: "Sam", Text: hi, Action: "c1"},
		{ID: "2.p1", Rule: 2, Kind: "notify", Target: "p1", DueAt: 1300, Text: note, Action: "p1"},
		{ID: "2.p2", Rule: 2, Kind: "notify", Target: "p2", DueAt: 1400, Text: note, Action: "p2"},
		{ID: "4.8.l2", Rule: 4, Kind: "notify", EntityID: "8", Target: "8", DueAt: 1605, Text: note, Action: "l2"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d reactions %+v, want %+v", len(got), got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("reaction %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	// Condition 2 adds rule 3 on every card, once per card.
	got = ComposeReactions(rules, 2, actions[:3], map[int64]string{7: "cure.png", 8: "library.png"})
	var likes []string
	for _, x := range got {
		if x.Kind == "like_count" {
			likes = append(likes, x.ID+" "+x.Text)
		}
	}
	if len(likes) != 2 || likes[0] != "3.c1 +3" || likes[1] != "3.c3 +3" {
		t.Errorf("condition 2 like counts %q", likes)
	}
}
