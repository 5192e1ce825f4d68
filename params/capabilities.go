package params

import "feedlab/feed"

// What the server has, for the researcher API's capabilities call (DESIGN.md decision 13):
// the wizard lists these, so a ranking algorithm added here appears there with no change
// to the wizard. Each function returns a copy, so a caller cannot change the rules.

// AvailableAlgorithms are the ranking algorithms a study may use in this version.
func AvailableAlgorithms() []string { return append([]string(nil), feed.Algorithms...) }

// PlannedAlgorithms are the spec's algorithms that this version refuses with a clear
// message; the wizard shows them disabled. Every one is available now.
func PlannedAlgorithms() []string { return nil }

// ButtonKinds are the feed buttons, each set by the parameter feed-button-<kind>.
func ButtonKinds() []string { return append([]string(nil), buttonKinds...) }
