package params

import (
	"slices"

	"feedlab/feed"
)

// Algorithm is one ranking algorithm as the wizard offers it: its name (the algorithm
// parameter), its title, one line in plain words saying what a participant's feed looks
// like under it, and the settings it reads (ranking.go).
type Algorithm struct {
	Name     string    `json:"name"`
	Title    string    `json:"title"`
	Summary  string    `json:"summary"`
	Settings []Setting `json:"settings"`
}

// algorithms are the titles and summaries of feed.Algorithms, in its order (the wizard's);
// TestEveryAlgorithmIsDescribed fails for an algorithm of feed missing here.
var algorithms = []Algorithm{
	{Name: feed.Random, Title: "Random",
		Summary: "Random: every participant gets the cards in a fresh random order."},
	{Name: feed.Chronological, Title: "Chronological",
		Summary: "Chronological: newest cards first, by a date column of the sets."},
	{Name: feed.Engagement, Title: "Engagement",
		Summary: "Engagement: the most liked and shared cards first, by the counts shown or by what participants of this condition did so far."},
	{Name: feed.AttitudeFeed, Title: "Attitude filter feed",
		Summary: "Attitude filter feed: cards matched to the participant's attitude from the link, their own side, the other side first, or alternating."},
	{Name: feed.Priority, Title: "Priority (will_smith_priority_treatment)",
		Summary: "Priority: cards with a chosen covariate value come first or at chosen positions; the rest in random order."},
	{Name: feed.Thompson, Title: "Thompson sampling",
		Summary: "Thompson sampling: cards that drew more engagement in this condition so far are shown earlier, still trying the others."},
	{Name: feed.Preference, Title: "Preference",
		Summary: "Preference: the first block is random; each next block favours cards like the ones the participant engaged with."},
	{Name: feed.Custom, Title: "Custom script",
		Summary: "Custom script: your own Starlark rank function orders the cards."},
}

// Algorithms are the ranking algorithms a study may use, in the wizard's order, each with
// its settings; a copy, so a caller cannot change the rules.
func Algorithms() []Algorithm {
	out := make([]Algorithm, 0, len(feed.Algorithms))
	for _, name := range feed.Algorithms {
		a := Algorithm{Name: name, Title: name}
		if i := slices.IndexFunc(algorithms, func(a Algorithm) bool { return a.Name == name }); i >= 0 {
			a = algorithms[i]
		}
		a.Settings = AlgorithmSettings(name)
		if a.Settings == nil {
			a.Settings = []Setting{} // the wizard reads [] rather than null
		}
		out = append(out, a)
	}
	return out
}
