// Package frontend holds the React app's source and embeds its built bundle.
//
// The bundle is build output (./build.sh writes it to dist/); only dist/.gitkeep is
// committed, so a Go build without the frontend still compiles and the server explains
// that the app was not built.
package frontend

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built bundle rooted at dist/.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // "dist" is a literal directory of the embed: cannot fail
	}
	return sub
}
