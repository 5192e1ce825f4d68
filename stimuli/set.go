// Package stimuli turns a researcher's stimulus (entity) set into validated
// rows: either pasted tab-separated text (ParseTSV) or the rows of the web
// upload payload (FromRecords). It also builds stored set names (SetName) and
// knows the set categories.
//
// Every stimulus needs the columns source_url, filename, retrieve_date and
// entity_type, each with a non-empty value. headline is optional. Any other
// column is a covariate and is carried through unchanged, so researchers can
// join it with engagement data later.
//
// Both entry points enforce the same rules, so a Set built from records could
// also have been parsed from TSV text: values are trimmed of surrounding
// white space, must be valid UTF-8, may not contain a tab, line feed or
// carriage return, and are at most MaxFieldBytes long.
package stimuli

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// The required columns, and the optional headline column.
const (
	ColSourceURL    = "source_url"
	ColFilename     = "filename"
	ColRetrieveDate = "retrieve_date"
	ColEntityType   = "entity_type"
	ColHeadline     = "headline"
)

// Limits on one set. They keep a mistaken paste (a whole spreadsheet, a
// binary file) from using unbounded memory in the single-process appliance.
const (
	MaxRows       = 100_000
	MaxColumns    = 256
	MaxFieldBytes = 10_000
	// MaxInputBytes caps the TSV text as a whole.
	MaxInputBytes = 64 << 20
)

// RequiredColumns lists the columns every set must have, in the order used in
// error messages and in sets built by FromRecords.
var RequiredColumns = []string{ColSourceURL, ColFilename, ColRetrieveDate, ColEntityType}

// ErrInvalid is matched (with errors.Is) by every error that describes a
// problem with the researcher's input, as opposed to a failing reader. The
// message of such an error is meant to be shown to the researcher.
var ErrInvalid = errors.New("stimuli: invalid input")

// Problem is a mistake in the researcher's input. Its Message is written for the
// researcher (a caller that answers the researcher shows it as it is); Error adds the
// package prefix for logs and the command line. It matches ErrInvalid without repeating
// its text.
type Problem struct {
	Message string
	// Rows lists each row's problem when the set's rows had some (every row is checked,
	// so the researcher fixes them in one go); More counts those left out of Rows.
	Rows []string
	More int
}

func (p *Problem) Error() string { return "stimuli: " + p.Message }
func (p *Problem) Unwrap() error { return ErrInvalid }

func invalidf(format string, args ...any) error {
	return &Problem{Message: fmt.Sprintf(format, args...)}
}

// Field is one covariate value of a stimulus.
type Field struct {
	Name, Value string
}

// Row is one stimulus.
type Row struct {
	// Line is the 1-based line of the row in the TSV text, or the 1-based
	// position of the record for FromRecords.
	Line         int
	SourceURL    string
	Filename     string
	RetrieveDate string
	EntityType   string
	// Headline is plain text ("" when the set has no headline column).
	Headline string
	// Extra holds the covariates, in the order of the set's columns.
	Extra []Field
}

// Value returns the row's value for the named column and whether the row
// has such a column. The headline is always reported (empty when the set has
// no headline column); Set.Columns says whether it was given.
func (r Row) Value(name string) (string, bool) {
	switch name {
	case ColSourceURL:
		return r.SourceURL, true
	case ColFilename:
		return r.Filename, true
	case ColRetrieveDate:
		return r.RetrieveDate, true
	case ColEntityType:
		return r.EntityType, true
	case ColHeadline:
		return r.Headline, true
	}
	for _, f := range r.Extra {
		if f.Name == name {
			return f.Value, true
		}
	}
	return "", false
}

// Set is a validated stimulus set.
type Set struct {
	// Columns names every column: in header order for ParseTSV; for
	// FromRecords the required columns, then headline if present, then the
	// covariates sorted by name.
	Columns []string
	Rows    []Row
}

// layout maps column positions to row fields; it is computed once per set.
type layout struct {
	names    []string
	required [4]int // positions of RequiredColumns
	headline int    // -1 when absent
}

// newLayout validates column names (already trimmed) and locates the known
// columns. where prefixes messages ("header", "record 1").
func newLayout(names []string, where string) (layout, error) {
	if len(names) > MaxColumns {
		return layout{}, invalidf("%s: %d columns; the limit is %d", where, len(names), MaxColumns)
	}
	l := layout{names: names, headline: -1}
	seen := make(map[string]int, len(names))
	for i, n := range names {
		if n == "" {
			return layout{}, invalidf("%s: column %d has no name", where, i+1)
		}
		if err := checkValue(n); err != "" {
			return layout{}, invalidf("%s: column %d name %s", where, i+1, err)
		}
		if j, dup := seen[n]; dup {
			return layout{}, invalidf("%s: duplicate column %q (columns %d and %d)", where, n, j+1, i+1)
		}
		seen[n] = i
	}
	var missing []string
	for k, req := range RequiredColumns {
		i, ok := seen[req]
		if !ok {
			missing = append(missing, req)
			continue
		}
		l.required[k] = i
	}
	if len(missing) > 0 {
		return layout{}, invalidf("missing required column(s): %s", strings.Join(missing, ", "))
	}
	if i, ok := seen[ColHeadline]; ok {
		l.headline = i
	}
	return l, nil
}

// checkValue reports why s cannot be a field, or "" when it can. The rules
// are those of a TSV field, so the two input paths accept the same values.
func checkValue(s string) string {
	switch {
	case len(s) > MaxFieldBytes:
		return fmt.Sprintf("is %d bytes long; the limit is %d", len(s), MaxFieldBytes)
	case !utf8.ValidString(s):
		return "is not valid UTF-8"
	case strings.ContainsAny(s, "\t\n\r"):
		return "contains a tab or line break"
	}
	return ""
}

// row builds a Row from values aligned with l.names, trimming and checking
// each value. unit ("line" or "record") and line name the row in messages.
func (l layout) row(values []string, line int, unit string) (Row, error) {
	r := Row{Line: line}
	if n := len(l.names) - len(l.required) - btoi(l.headline >= 0); n > 0 {
		r.Extra = make([]Field, 0, n)
	}
	for i, v := range values {
		v = strings.TrimSpace(v)
		if err := checkValue(v); err != "" {
			return Row{}, invalidf("%s %d: column %s %s", unit, line, l.names[i], err)
		}
		values[i] = v
	}
	for k, i := range l.required {
		if values[i] == "" {
			return Row{}, invalidf("%s %d: column %s is empty", unit, line, RequiredColumns[k])
		}
	}
	for i, v := range values {
		if (i == l.required[0] || l.names[i] == ColEntityURL) && v != "" && !isStimulusURL(v) {
			return Row{}, invalidf("%s %d: column %s must be an http:// or https:// URL or a path of this appliance (/media/, /img/, /video/), not %q", unit, line, l.names[i], truncate(v, 80))
		}
	}
	r.SourceURL = values[l.required[0]]
	r.Filename = values[l.required[1]]
	r.RetrieveDate = values[l.required[2]]
	r.EntityType = values[l.required[3]]
	if l.headline >= 0 {
		r.Headline = values[l.headline]
	}
	for i, v := range values {
		if l.isKnown(i) {
			continue
		}
		r.Extra = append(r.Extra, Field{Name: l.names[i], Value: v})
	}
	return r, nil
}

func (l layout) isKnown(i int) bool {
	if i == l.headline {
		return true
	}
	for _, j := range l.required {
		if i == j {
			return true
		}
	}
	return false
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
