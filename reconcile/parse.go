// Package reconcile matches what a recruitment platform lists (Prolific's submissions
// export, MTurk's batch results, a list of Lucid RIDs) against a study's participants, so
// a researcher can approve and pay without matching codes by hand, and writes the result
// in the platform's own approve/reject upload format. It is pure: it knows nothing of the
// database (the api hands it the participants).
package reconcile

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Platforms that reconciliation reads.
const (
	Prolific = "prolific"
	MTurk    = "mturk"
	Lucid    = "lucid"
)

// Limits on a pasted or uploaded list: far above a real study's export, small enough to
// answer in one request.
const (
	MaxBytes   = 8 << 20
	MaxRows    = 100_000
	MaxColumns = 500
)

// Table is the platform's list as read: its header (nil for a plain list of ids), its
// rows, and which columns carry what reconciliation needs.
type Table struct {
	Platform string
	Header   []string // nil for a plain list
	Rows     []Row
	idCol    int // the participant's platform id
	subCol   int // Prolific's submission id, MTurk's assignment id; -1 when none
	codeCol  int // the completion code the participant submitted; -1 when none
	statCol  int // the platform's status of the submission; -1 when none
}

// Row is one line of the list: its line number in the text (1-based) and its fields.
type Row struct {
	Line   int
	Fields []string
}

// An InputError says what is wrong with the list, in words for the researcher.
type InputError struct{ Message string }

func (e *InputError) Error() string { return e.Message }

func inputErr(format string, a ...any) error { return &InputError{fmt.Sprintf(format, a...)} }

// normalize makes header names comparable: "Participant id", "participant_id" and
// "PARTICIPANT ID" are one name.
func normalize(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(name)) {
		if r != ' ' && r != '_' && r != '-' && r != '.' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// columns are the header names each platform uses for what reconciliation reads, first
// match wins (Prolific's current export and its older one; MTurk's batch results).
var columns = map[string]struct{ id, sub, code, status []string }{
	Prolific: {id: []string{"participantid"}, sub: []string{"submissionid", "sessionid"}, code: []string{"completioncode", "enteredcode"}, status: []string{"status"}},
	MTurk:    {id: []string{"workerid"}, sub: []string{"assignmentid"}, code: nil, status: []string{"assignmentstatus"}},
	Lucid:    {id: []string{"rid", "respondentid"}},
}

// Parse reads the platform's list. platform is prolific, mturk, lucid, or "" to tell it
// from the header; a plain list of ids (one per line, no header) needs the platform.
func Parse(text, platform string) (*Table, error) {
	if len(text) > MaxBytes {
		return nil, inputErr("The list is larger than %d MB; split it and reconcile each part.", MaxBytes>>20)
	}
	if strings.HasPrefix(text, "\xff\xfe") || strings.HasPrefix(text, "\xfe\xff") {
		return nil, inputErr("The file is UTF-16 text; save it as CSV UTF-8 and try again.")
	}
	if !utf8.ValidString(text) {
		return nil, inputErr("The list is not UTF-8 text; save it as CSV UTF-8 and try again.")
	}
	text = strings.TrimPrefix(text, "\ufeff")
	platform = strings.ToLower(strings.TrimSpace(platform))
	if platform != "" && platform != Prolific && platform != MTurk && platform != Lucid {
		return nil, inputErr("Platform must be prolific, mturk or lucid (or empty to tell it from the header).")
	}
	records, err := readRecords(text)
	if err != nil {
		return nil, err
	}
	if len(records) == 0 {
		return nil, inputErr("The list is empty: paste the platform's export or a list of ids, one per line.")
	}
	t := &Table{subCol: -1, codeCol: -1, statCol: -1}
	header := records[0].Fields
	if p, ok := detect(header, platform); ok {
		t.Platform, t.Header = p, header
		t.locate()
		records = records[1:]
	} else {
		if platform == "" {
			return nil, inputErr("feedlab cannot tell the platform from the first line (%q); choose the platform, or paste the export with its header.", clip(strings.Join(header, ","), 60))
		}
		if len(header) > 1 {
			return nil, inputErr("The first line has %d columns but no %s header (%s); paste the export with its header, or a list of ids, one per line.", len(header), platform, expectedHeader(platform))
		}
		t.Platform = platform
	}
	for _, r := range records {
		if t.idCol >= len(r.Fields) || strings.TrimSpace(r.Fields[t.idCol]) == "" {
			return nil, inputErr("Line %d has no participant id.", r.Line)
		}
		t.Rows = append(t.Rows, r)
	}
	if len(t.Rows) == 0 {
		return nil, inputErr("The list has a header but no lines below it.")
	}
	return t, nil
}

func expectedHeader(platform string) string {
	switch platform {
	case Prolific:
		return `a "Participant id" column`
	case MTurk:
		return `a "WorkerId" column`
	}
	return `a "RID" column`
}

// readRecords reads CSV (or tab-separated text, when the first line has tabs and no
// commas), skipping blank lines and keeping each record's line number.
func readRecords(text string) ([]Row, error) {
	first, _, _ := strings.Cut(text, "\n")
	r := csv.NewReader(strings.NewReader(text))
	if strings.Contains(first, "\t") && !strings.Contains(first, ",") {
		r.Comma = '\t'
	}
	r.FieldsPerRecord = -1
	r.ReuseRecord = false
	var out []Row
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, inputErr("Line %d could not be read as CSV (%v); check its quotes.", pe.StartLine, pe.Err)
			}
			return nil, inputErr("The list could not be read as CSV: %v.", err)
		}
		line, _ := r.FieldPos(0)
		if len(out) >= MaxRows {
			return nil, inputErr("The list has more than %d lines; split it and reconcile each part.", MaxRows)
		}
		if len(rec) > MaxColumns {
			return nil, inputErr("Line %d has %d columns; at most %d are read.", line, len(rec), MaxColumns)
		}
		if blank(rec) {
			continue
		}
		out = append(out, Row{Line: line, Fields: rec})
	}
	return out, nil
}

func blank(rec []string) bool {
	for _, f := range rec {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}

// detect tells the platform from a header line: the one whose id column it has (the
// platform asked for first, when given).
func detect(header []string, platform string) (string, bool) {
	order := []string{Prolific, MTurk, Lucid}
	if platform != "" {
		order = []string{platform}
	}
	for _, p := range order {
		if indexOf(header, columns[p].id) >= 0 {
			return p, true
		}
	}
	return "", false
}

func indexOf(header []string, names []string) int {
	for _, n := range names {
		for i, h := range header {
			if normalize(h) == n {
				return i
			}
		}
	}
	return -1
}

func (t *Table) locate() {
	c := columns[t.Platform]
	t.idCol = indexOf(t.Header, c.id)
	t.subCol = indexOf(t.Header, c.sub)
	t.codeCol = indexOf(t.Header, c.code)
	t.statCol = indexOf(t.Header, c.status)
	if t.Platform == MTurk {
		// The worker's code is in the HIT's answer: the first Answer.* column.
		for i, h := range t.Header {
			if strings.HasPrefix(strings.ToLower(strings.TrimSpace(h)), "answer.") {
				t.codeCol = i
				break
			}
		}
	}
}

func (t *Table) field(r Row, col int) string {
	if col < 0 || col >= len(r.Fields) {
		return ""
	}
	return strings.TrimSpace(r.Fields[col])
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// writeCSV writes records as CSV text.
func writeCSV(records [][]string) string {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.WriteAll(records) // a bytes.Buffer does not fail
	return buf.String()
}
