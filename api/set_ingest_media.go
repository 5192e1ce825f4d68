package api

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	"feedlab/media"
	"feedlab/stimuli"
)

// hostedMedia checks the filename → stored name map of a hosted upload against the set's
// rows, before anything is stored: every row's filename has a file, every file is named by
// a row (the spec's "No covariate info:" otherwise), and every file is on the appliance. It
// answers each row's card URL (/media/<name>) and the stored names the set will use.
func (s *Server) hostedMedia(set stimuli.Set, files map[string]string) (func(stimuli.Row) (string, error), []string, error) {
	named := make(map[string]bool, len(set.Rows))
	for _, row := range set.Rows {
		named[row.Filename] = true
		if _, ok := files[row.Filename]; !ok {
			return nil, nil, badRequest("record %d: no file was uploaded for filename %q.", row.Line, truncate(row.Filename, 200))
		}
	}
	var unused []string
	for filename := range files {
		if !named[filename] {
			unused = append(unused, filename)
		}
	}
	if len(unused) > 0 {
		slices.Sort(unused)
		return nil, nil, badRequest("No covariate info: %s", truncate(strings.Join(unused, ", "), 400))
	}
	var stored []string
	for filename, name := range files {
		if media.ContentTypeOf(name) == "" {
			return nil, nil, badRequest("%q is not the name of a stored file (for %s).", truncate(name, 100), truncate(filename, 200))
		}
		if _, err := s.media.Path(name); err != nil {
			return nil, nil, mediaNotStored(name)
		}
		if !slices.Contains(stored, name) {
			stored = append(stored, name)
		}
	}
	slices.Sort(stored)
	entityURL := func(row stimuli.Row) (string, error) { return "/media/" + files[row.Filename], nil }
	return entityURL, stored, nil
}

// mediaNotStored answers a set that refers to a file the appliance does not hold (never
// uploaded, or removed as unused meanwhile): nothing is stored and the page sends it again.
func mediaNotStored(name string) *apiError {
	return &apiError{http.StatusConflict, codeMediaMissing, fmt.Sprintf("The file %s is not on the appliance (any more); upload it again. Nothing was stored.", truncate(name, 100))}
}
