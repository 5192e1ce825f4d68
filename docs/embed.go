// Package docs carries the documentation the appliance serves itself: a researcher
// reading a codebook on a machine without feedlab's source finds the parameter
// reference at /docs/parameters on the appliance.
package docs

import _ "embed"

// Parameters is docs/parameters.md, the reference of every study parameter, export and
// participant call.
//
//go:embed parameters.md
var Parameters string
