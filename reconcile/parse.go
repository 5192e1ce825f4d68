// Package reconcile matches what a recruitment platform lists (Prolific's submissions
// export, MTurk's batch results, a list of Lucid RIDs) against a study's participants, so
// a researcher can approve and pay without matching codes by hand, and writes the result
// in the platform's own approve/reject upload format. It is pure: it knows nothing of the
// database (the api hands it the participants).
package reconcile

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"feedlab/export/cell"
)

// Platforms that reconciliation reads.
const (
	Prolific = "prolific"
	MTurk    = "mturk"
	Lucid    = "lucid"
)

// Limits on a pasted or uploaded list: far above a real study's export (Prolific's has
// about 20 columns of short values, MTurk's batch results about 30 plus the HIT's answers),
// small enough to answer in one request. Each is checked while the list is read (read.go).
const (
	MaxBytes       = 8 << 20
	MaxRows        = 100_000
	MaxColumns     = 500
	MaxLineBytes   = 256 << 10 // one physical line
	MaxRecordBytes = 256 << 10 // one record, over however many lines its quotes span
	MaxFieldBytes  = 64 << 10  // one field (a free-text answer in MTurk's results)
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

// An InputError says what is wrong with the list, in words for the researcher. TooLarge
// marks a list over one of the size limits.
type InputError struct {
	Message  string
	TooLarge bool
}

func (e *InputError) Error() string { return e.Message }

func inputErr(format string, a ...any) error { return &InputError{Message: fmt.Sprintf(format, a...)} }

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

// Read reads the platform's list from src, checking its limits as it reads (at most
// MaxBytes+1 bytes are taken from src). platform is prolific, mturk, lucid, or "" to tell
// it from the header; a plain list of ids (one per line, no header) is read as fallback's
// (the study's own platform) when platform is "", and is refused when both are "".
func Read(src io.Reader, platform, fallback string) (*Table, error) {
	platform = strings.ToLower(strings.TrimSpace(platform))
	if platform != "" && platform != Prolific && platform != MTurk && platform != Lucid {
		return nil, inputErr("Platform must be prolific, mturk or lucid (or empty to tell it from the header).")
	}
	records, err := readRecords(src)
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
		if platform == "" && (fallback == Prolific || fallback == MTurk || fallback == Lucid) {
			platform = fallback
		}
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

// writeCSV writes records as CSV text, every cell neutralised as the exports' are (a
// participant id, a code or a worker's answer could be =HYPERLINK(...), and these files are
// opened in a spreadsheet before they are uploaded). No cell is kept raw: the values the
// platforms read back (Prolific's participant and submission ids, MTurk's AssignmentId and
// our Approve/Reject cells) never start with =, +, -, @, a tab or a carriage return when
// they are real, so neutralising changes only a hostile value, which then matches nothing.
func writeCSV(records [][]string) string {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	safe := make([]string, 0, 32)
	for _, rec := range records {
		safe = safe[:0]
		for _, v := range rec {
			safe = append(safe, cell.Neutralise(v))
		}
		_ = w.Write(safe) // a bytes.Buffer does not fail
	}
	w.Flush()
	return buf.String()
}
