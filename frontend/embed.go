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
	"path"
	"strings"
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

//go:embed src/participant/i18n/*.json
var catalogueFiles embed.FS

// Catalogues returns the participant interface's message catalogues (src/participant/i18n,
// one JSON object of key → text per language; the participant bundle loads the same files)
// by language tag: "en" is the source of the keys, the others are its translations.
var Catalogues = sync.OnceValue(func() map[string]map[string]string {
	cats, err := parseCatalogues(catalogueFiles)
	if err != nil {
		panic(err) // embedded at build time; a test reads them too
	}
	return cats
})

func parseCatalogues(files fs.FS) (map[string]map[string]string, error) {
	names, err := fs.Glob(files, "src/participant/i18n/*.json")
	if err != nil {
		return nil, fmt.Errorf("frontend: catalogues: %w", err)
	}
	cats := map[string]map[string]string{}
	for _, name := range names {
		b, err := fs.ReadFile(files, name)
		if err != nil {
			return nil, fmt.Errorf("frontend: catalogue %s: %w", name, err)
		}
		var cat map[string]string
		if err := json.Unmarshal(b, &cat); err != nil {
			return nil, fmt.Errorf("frontend: catalogue %s: %w", name, err)
		}
		lang := strings.TrimSuffix(path.Base(name), ".json")
		cats[lang] = cat
	}
	if len(cats["en"]) == 0 {
		return nil, fmt.Errorf("frontend: the English catalogue (src/participant/i18n/en.json) is missing or empty")
	}
	return cats, nil
}
