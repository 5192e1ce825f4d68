package params

import "slices"

// ButtonKinds are the feed buttons, each set by the parameter feed-button-<kind>; a copy.
func ButtonKinds() []string { return slices.Clone(buttonKinds) }
