package params

import (
	"slices"
	"strings"
	"testing"

	"feedlab/feed"
)

// TestEveryAlgorithmIsDescribed: each algorithm feed can rank by has its title and its
// one-line summary here, and nothing here names an algorithm feed does not have.
func TestEveryAlgorithmIsDescribed(t *testing.T) {
	for _, name := range feed.Algorithms {
		i := slices.IndexFunc(algorithms, func(a Algorithm) bool { return a.Name == name })
		if i < 0 || algorithms[i].Title == "" || !strings.HasPrefix(algorithms[i].Summary, strings.SplitN(algorithms[i].Title, " (", 2)[0]+": ") {
			t.Errorf("algorithm %s: no title, or a summary not starting with its title: %+v", name, algorithms)
		}
	}
	if len(algorithms) != len(feed.Algorithms) {
		t.Errorf("%d algorithms described, feed has %d", len(algorithms), len(feed.Algorithms))
	}
}

// TestEveryChoiceIsAccepted: each value the wizard is offered for an enumerated parameter
// is one the validator takes, and a value not offered is refused with the offered list.
func TestEveryChoiceIsAccepted(t *testing.T) {
	lists := map[string][]Choice{
		"feed": FeedTypes(), "feed-button-like": ButtonValues(), "intervention-type": InterventionTypes(),
		"custom-msg-type": CustomMsgTypes(), "assignment": AssignmentChoices(), "attention-fail-exit": AttentionFailChoices(),
	}
	var platforms []Choice
	for _, p := range Platforms() {
		platforms = append(platforms, Choice{p.Name, p.Title})
	}
	lists["platform"] = platforms
	// What a value needs beside it to be valid on its own.
	needs := map[string][]Row{
		"custom-msg-type:onpage": {{1, "custom-msg", "Bye", 0}}, "custom-msg-type:modal": {{1, "custom-msg", "Bye", 0}},
		"attention-fail-exit:quality-terminate": {{1, "redirect-url-quality", "https://example.org/q", 0}},
	}
	for param, choices := range lists {
		for _, c := range choices {
			rows := append([]Row{minimal(1), {1, param, valueOf(c.Name), 0}}, needs[param+":"+c.Name]...)
			if p, ok := PlatformNamed(c.Name); ok && param == "platform" && p.NeedsRedirect {
				rows = append(rows, Row{1, "redirect-url", "https://example.org/done", 0})
			}
			if _, err := Validate(rows, lookup); err != nil {
				t.Errorf("%s %q offered but refused: %v", param, c.Name, err)
			}
		}
		_, err := Validate([]Row{minimal(1), {1, param, "not-offered", 0}}, lookup)
		if err == nil || !strings.Contains(err.Error(), "use "+strings.Join(values(choices), ", ")) {
			t.Errorf("%s: a value not offered gives %v", param, err)
		}
	}
}
