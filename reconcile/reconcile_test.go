package reconcile

import (
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
		tb, err := Parse(c.text, "")
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
		_, err := Parse(c.text, c.platform)
		if err == nil || !strings.Contains(err.Error(), c.has) {
			t.Errorf("%.30q: %v, want %q", c.text, err, c.has)
		}
	}
}

func TestClassifyPicksTheBestParticipantOfAnID(t *testing.T) {
	tb, _ := Parse("W1\nW2\nW1\n", MTurk)
	res := Classify(tb, []Participant{
		{UserID: "a", PlatformIDs: map[string]string{"workerId": "W1"}, Stage: "feed"},
		{UserID: "b", PlatformIDs: map[string]string{"workerId": "W1"}, Stage: "completed", CompletedAt: 5, CompletionCode: "K"},
		{UserID: "t", PlatformIDs: map[string]string{"workerId": "W2"}, Stage: "completed", CompletedAt: 5, IsTest: true},
	})
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
		tb, err := Parse(text, platform)
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
		res := Classify(tb, []Participant{{UserID: "u", PlatformIDs: map[string]string{"PROLIFIC_PID": "P1", "workerId": "W", "RID": "rid-1"}, CompletedAt: 1, CompletionCode: "c"}})
		Report(res)
		PlatformFile(tb, res)
	})
}
