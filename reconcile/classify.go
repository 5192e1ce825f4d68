package reconcile

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Classes of a line, in the order the researcher acts on them.
const (
	Completed = "completed"  // completed here: approve
	Started   = "started"    // arrived but did not complete (stage reached)
	NeverSeen = "never_seen" // the id never arrived at this study
	Duplicate = "duplicate"  // the id is on an earlier line of the list
	Test      = "test"       // a test (preview) participant, not a real one
)

// NotOnList is the report's class for a participant who completed here but is on no line of
// the platform's list (Result.Missing); not a class of a line.
const NotOnList = "not_on_list"

// Classes lists every class, for counts.
var Classes = []string{Completed, Started, NeverSeen, Duplicate, Test}

// Participant is a participant of the study as reconciliation needs them.
type Participant struct {
	ID             int64 // the store's participant id, for marking returns
	ExitState      string
	UserID         string
	Condition      int64
	PlatformIDs    map[string]string
	StartedAt      int64
	CompletedAt    int64 // 0 when not completed
	CompletionCode string
	IsTest         bool
	Stage          string
}

// Line is the verdict on one line of the list.
type Line struct {
	Line         int    `json:"line"`
	ID           string `json:"id"`            // the participant's platform id
	SubmissionID string `json:"submission_id"` // Prolific's submission, MTurk's assignment
	Status       string `json:"platform_status"`
	Class        string `json:"class"`
	UserID       string `json:"user_id"`
	Condition    int64  `json:"condition"`
	Stage        string `json:"stage"`
	StartedAt    int64  `json:"started_at"`
	CompletedAt  int64  `json:"completed_at"`
	Code         string `json:"completion_code"` // the code we issued
	CodeGiven    string `json:"code_submitted"`  // the code the participant submitted, when listed
	CodeMatches  *bool  `json:"code_matches"`    // nil when either code is missing
	CodeExpected string `json:"code_expected"`   // the code compared with: the one issued, else the study's
	Registered   int    `json:"registered"`      // how many participants here carry the id
	Note         string `json:"note"`
	ExitState    string `json:"exit_state"` // how the session ended here ('' in progress)
	participant  int64
}

// Result is the verdict on a whole list, both ways: each line of the platform's list, and
// the participants who completed here but are on no line (Missing).
type Result struct {
	Platform string         `json:"platform"`
	Lines    []Line         `json:"lines"`
	Counts   map[string]int `json:"counts"`
	// Missing are real participants who completed here and whose platform id is on no line
	// of the list (or who arrived without one): the platform does not know they finished.
	Missing []Missing `json:"missing"`
	// CodeMismatches counts the lines whose submitted code is not the expected one.
	CodeMismatches int `json:"code_mismatches"`
}

// Missing is a participant who completed here but is not on the platform's list.
type Missing struct {
	ID             string `json:"id"` // their platform id; "" when they arrived without one
	UserID         string `json:"user_id"`
	Condition      int64  `json:"condition"`
	CompletedAt    int64  `json:"completed_at"`
	CompletionCode string `json:"completion_code"`
	Note           string `json:"note"`
}

// Codes are the completion codes a study expects, per condition (1-based): MTurk's
// completion-code, the cc of Prolific's completion URL; a condition without one is absent.
type Codes map[int64]string

// idKeys are the platform ids each platform's list is matched on.
var idKeys = map[string][]string{
	Prolific: {"PROLIFIC_PID"},
	MTurk:    {"workerId"},
	Lucid:    {"RID", "rid"},
}

// ClassifyStudy matches each line of the table against the study's participants, and lists
// the participants who completed here but are on no line. A line's id may match several
// participants (the same person in two browsers); the best one speaks for it: a completed
// real participant, then the furthest real one, then a test one. A submitted code is
// compared with the code issued to the participant, else with the study's code of their
// condition (codes; for a line never seen, the study's code when every condition has the
// same one).
func ClassifyStudy(t *Table, participants []Participant, codes Codes) Result {
	byID := map[string][]Participant{}
	for _, p := range participants {
		for _, k := range idKeys[t.Platform] {
			if v := strings.TrimSpace(p.PlatformIDs[k]); v != "" {
				byID[v] = append(byID[v], p)
				break
			}
		}
	}
	res := Result{Platform: t.Platform, Counts: map[string]int{}}
	for _, c := range Classes {
		res.Counts[c] = 0
	}
	seen := map[string]int{} // id → first line
	for _, r := range t.Rows {
		l := Line{Line: r.Line, ID: t.field(r, t.idCol), SubmissionID: t.field(r, t.subCol), Status: t.field(r, t.statCol), CodeGiven: t.field(r, t.codeCol)}
		matches := byID[l.ID]
		l.Registered = len(matches)
		if first, dup := seen[l.ID]; dup {
			l.Class = Duplicate
			l.Note = fmt.Sprintf("Same id as line %d.", first)
		} else {
			seen[l.ID] = r.Line
			classifyOne(&l, matches)
			if compareCode(&l, codes) {
				res.CodeMismatches++
			}
		}
		res.Counts[l.Class]++
		res.Lines = append(res.Lines, l)
	}
	res.Missing = missing(t.Platform, participants, seen)
	return res
}

// compareCode compares the code a line says was submitted with the one expected and
// reports a mismatch, named in the line's note.
func compareCode(l *Line, codes Codes) bool {
	given := strings.TrimSpace(l.CodeGiven)
	if given == "" || l.Class == Test {
		return false
	}
	expected, whose := l.Code, "the code issued"
	if expected == "" {
		whose = "the study's completion code"
		if l.Class == NeverSeen {
			expected = sameCode(codes)
		} else {
			expected = codes[l.Condition]
		}
	}
	if expected == "" {
		return false
	}
	l.CodeExpected = expected
	m := strings.EqualFold(given, expected)
	l.CodeMatches = &m
	if m {
		return false
	}
	l.Note = strings.TrimSpace(l.Note + " Submitted code " + clip(given, 40) + " is not " + whose + " (" + expected + ").")
	return true
}

// sameCode is the study's code when every condition has the same one, else "".
func sameCode(codes Codes) string {
	code := ""
	for _, c := range codes {
		if code != "" && !strings.EqualFold(c, code) {
			return ""
		}
		code = c
	}
	return code
}

// missing lists the real participants who completed here and whose platform id is on no
// line of the list (seen), once per id, by completion time.
func missing(platform string, participants []Participant, seen map[string]int) []Missing {
	out := []Missing{}
	listed := map[string]bool{}
	for _, p := range participants {
		if p.IsTest || p.CompletedAt == 0 {
			continue
		}
		id := ""
		for _, k := range idKeys[platform] {
			if v := strings.TrimSpace(p.PlatformIDs[k]); v != "" {
				id = v
				break
			}
		}
		m := Missing{ID: id, UserID: p.UserID, Condition: p.Condition, CompletedAt: p.CompletedAt, CompletionCode: p.CompletionCode}
		switch {
		case id == "":
			m.Note = "Completed here without a " + strings.Join(idKeys[platform], " or ") + ": the platform cannot match them; check how they arrived."
		case seen[id] > 0 || listed[id]:
			continue
		default:
			m.Note = "Completed here, but the platform's list does not have this id: check it is the right list, or that they submitted on the platform."
		}
		if id != "" {
			listed[id] = true
		}
		out = append(out, m)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].CompletedAt < out[j].CompletedAt })
	return out
}

func classifyOne(l *Line, matches []Participant) {
	if len(matches) == 0 {
		l.Class = NeverSeen
		l.Note = "This id never arrived at this study."
		return
	}
	best := matches[0]
	for _, p := range matches[1:] {
		if rank(p) > rank(best) {
			best = p
		}
	}
	l.participant, l.ExitState = best.ID, best.ExitState
	l.UserID, l.Condition, l.Stage, l.StartedAt, l.CompletedAt, l.Code = best.UserID, best.Condition, best.Stage, best.StartedAt, best.CompletedAt, best.CompletionCode
	switch {
	case best.IsTest:
		l.Class = Test
		l.Note = "A test participant (preview link)."
	case best.CompletedAt > 0:
		l.Class = Completed
	default:
		l.Class = Started
		l.Note = "Did not complete; furthest stage: " + best.Stage + "."
	}
	if len(matches) > 1 {
		var conditions []int64
		for _, p := range matches {
			if !slices.Contains(conditions, p.Condition) {
				conditions = append(conditions, p.Condition)
			}
		}
		if len(conditions) > 1 {
			// Older data: before one person was one participant, a second browser could be
			// assigned another condition, and the person then saw two designs.
			slices.Sort(conditions)
			words := make([]string, len(conditions))
			for i, c := range conditions {
				words[i] = fmt.Sprint(c)
			}
			l.Note = strings.TrimSpace(l.Note + fmt.Sprintf(" Arrived %d times here (several browsers), in different conditions: %s.", len(matches), strings.Join(words, ", ")))
		} else {
			l.Note = strings.TrimSpace(l.Note + fmt.Sprintf(" Arrived %d times here (several browsers), each time in condition %d.", len(matches), conditions[0]))
		}
	}
}

// rank orders a line's candidate participants: real before test, completed before not,
// further stage before earlier.
func rank(p Participant) int {
	r := stageRank[p.Stage]
	if p.CompletedAt > 0 {
		r = 10
	}
	if !p.IsTest {
		r += 100
	}
	return r
}

var stageRank = map[string]int{"arrived": 1, "consented": 2, "feed": 3, "submitted": 4, "questionnaires": 5, "completed": 6}

// A Return is a participant the platform lists as returned or timed out who did not
// complete here: marking them frees their place for balance and quotas.
type Return struct {
	ParticipantID int64
	State         string // returned or timed_out (store.ExitReturned, store.ExitTimedOut)
	Line          int
}

// Returns lists the lines of a Prolific export whose status is RETURNED or TIMED-OUT and
// whose participant here is real, did not complete, and has no exit state yet.
func Returns(res Result) []Return {
	if res.Platform != Prolific {
		return nil
	}
	var out []Return
	for _, l := range res.Lines {
		if l.Class != Started || l.participant == 0 || l.ExitState != "" {
			continue
		}
		switch normalize(l.Status) {
		case "returned":
			out = append(out, Return{l.participant, "returned", l.Line})
		case "timedout":
			out = append(out, Return{l.participant, "timed_out", l.Line})
		}
	}
	return out
}
