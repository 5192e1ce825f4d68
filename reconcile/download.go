package reconcile

import (
	"fmt"
	"strings"
	"time"
)

// A Download is a CSV file the researcher saves.
type Download struct {
	Filename string `json:"filename"`
	CSV      string `json:"csv"`
	What     string `json:"what"` // one sentence on what to do with it
}

// Report is the verdict on every line as CSV, for any platform.
func Report(res Result) Download {
	rows := [][]string{{"line", "id", "submission_id", "platform_status", "class", "user_id", "condition", "stage", "started_at", "completed_at", "completion_code", "code_submitted", "note"}}
	for _, l := range res.Lines {
		rows = append(rows, []string{
			fmt.Sprint(l.Line), l.ID, l.SubmissionID, l.Status, l.Class, l.UserID, condition(l), l.Stage,
			iso(l.StartedAt), iso(l.CompletedAt), l.Code, l.CodeGiven, l.Note,
		})
	}
	// The other direction, after the list's lines: who completed here but is on no line
	// (no line number, class not_on_list).
	for _, m := range res.Missing {
		rows = append(rows, []string{"", m.ID, "", "", NotOnList, m.UserID, fmt.Sprint(m.Condition), "completed",
			"", iso(m.CompletedAt), m.CompletionCode, "", m.Note})
	}
	return Download{Filename: res.Platform + "-reconciliation.csv", CSV: writeCSV(rows), What: "Every line of your list with its class, the participant here and the code we issued; then who completed here but is not on your list (not_on_list)."}
}

// PlatformFile is the result in the platform's own approve/reject upload format, where it
// has one: for Prolific the submissions to approve (participant and submission ids, which
// Prolific's bulk approval takes), for MTurk the batch results with Approve and Reject
// filled. Lucid has none (ok=false).
func PlatformFile(t *Table, res Result) (Download, bool) {
	switch t.Platform {
	case Prolific:
		rows := [][]string{{"Participant id", "Submission id"}}
		for _, l := range res.Lines {
			if approvable(l) {
				rows = append(rows, []string{l.ID, l.SubmissionID})
			}
		}
		return Download{Filename: "prolific-approve.csv", CSV: writeCSV(rows), What: "The submissions that completed here: approve these on Prolific (bulk approve takes the participant ids)."}, true
	case MTurk:
		return mturkBatch(t, res), true
	}
	return Download{}, false
}

// approvable: completed here by a real participant, on the line that counts, with the code
// we issued when the list says which code was submitted.
func approvable(l Line) bool {
	return l.Class == Completed && (l.CodeMatches == nil || *l.CodeMatches)
}

// mturkBatch is MTurk's batch results CSV as uploaded, with its Approve column set to "x"
// for approvable assignments and its Reject column given the reason for the others (MTurk
// approves a row with an x under Approve and rejects one with text under Reject). Test
// participants and code mismatches are left blank for the researcher to decide.
func mturkBatch(t *Table, res Result) Download {
	header := append([]string(nil), t.Header...)
	approve, reject := columnOf(header, "Approve"), columnOf(header, "Reject")
	if t.Header == nil { // a plain list of worker ids: the id and the two columns MTurk reads
		header, approve, reject = []string{"WorkerId", "Approve", "Reject"}, 1, 2
	}
	if approve < 0 {
		header, approve = append(header, "Approve"), len(header)
	}
	if reject < 0 {
		header, reject = append(header, "Reject"), len(header)
	}
	rows := [][]string{header}
	for i, r := range t.Rows {
		rec := make([]string, len(header))
		if t.Header == nil {
			rec[0] = t.field(r, 0)
		} else {
			copy(rec, r.Fields)
		}
		l := res.Lines[i]
		rec[approve], rec[reject] = "", ""
		switch {
		case approvable(l):
			rec[approve] = "x"
		case l.Class == NeverSeen:
			rec[reject] = "We have no record of this worker taking the study."
		case l.Class == Duplicate:
			rec[reject] = "This worker already submitted this study."
		case l.Class == Started:
			rec[reject] = "The study was not completed."
		}
		rows = append(rows, rec)
	}
	return Download{Filename: "mturk-batch-approve-reject.csv", CSV: writeCSV(rows), What: "Upload this on MTurk (Manage → Results → Upload CSV): x under Approve approves, text under Reject rejects with that reason. Check the rejections first."}
}

func columnOf(header []string, name string) int {
	for i, h := range header {
		if strings.EqualFold(strings.TrimSpace(h), name) {
			return i
		}
	}
	return -1
}

func condition(l Line) string {
	if l.Condition == 0 {
		return ""
	}
	return fmt.Sprint(l.Condition)
}

func iso(ms int64) string {
	if ms <= 0 {
		return ""
	}
	return time.UnixMilli(ms).UTC().Format(time.RFC3339)
}
