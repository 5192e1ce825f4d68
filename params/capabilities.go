package params

import "feedlab/feed"

// What the server has, for the researcher API's capabilities call:
// the wizard lists these, so a ranking algorithm added here appears there with no change
// to the wizard. Each function returns a copy, so a caller cannot change the rules.

// AvailableAlgorithms are the ranking algorithms a study may use in this version.
func AvailableAlgorithms() []string { return append([]string(nil), feed.Algorithms...) }

// ButtonKinds are the feed buttons, each set by the parameter feed-button-<kind>.
func ButtonKinds() []string { return append([]string(nil), buttonKinds...) }
