// Package frontend holds the React app's source and embeds its built bundle.
//
// The bundle is build output (./build.sh writes it to dist/); only dist/.gitkeep is
// committed, so a Go build without the frontend still compiles and the server explains
// that the app was not built.
//
// Facts that both the Go server and the TypeScript app must agree on are kept in one file
// here and read by both: src/researcher/routes.json lists the researcher pages.
package frontend

// src/generated/registry.ts holds the Go tables the browser needs synchronously
// (tools/genregistry); regenerate it after changing one.
//go:generate go run ../tools/genregistry -o src/generated/registry.ts

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"sync"
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

//go:embed src/researcher/routes.json
var routesJSON []byte

// ResearcherRoutes returns the page paths of the researcher bundle, as listed in
// src/researcher/routes.json (the researcher router reads the same file). A segment
// ":name" stands for any one path segment.
var ResearcherRoutes = sync.OnceValue(func() []string {
	routes, err := parseRoutes(routesJSON)
	if err != nil {
		panic(err) // the file is embedded at build time; a test reads it too
	}
	return routes
})

func parseRoutes(b []byte) ([]string, error) {
	var f struct {
		Routes []string `json:"routes"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("frontend: src/researcher/routes.json: %w", err)
	}
	if len(f.Routes) == 0 {
		return nil, fmt.Errorf("frontend: src/researcher/routes.json lists no routes")
	}
	for _, r := range f.Routes {
		if len(r) == 0 || r[0] != '/' {
			return nil, fmt.Errorf("frontend: src/researcher/routes.json: route %q does not start with /", r)
		}
	}
	return f.Routes, nil
}
