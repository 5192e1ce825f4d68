package reconcile

import (
	"strings"
	"testing"
)

// TestReconcileBothWaysWithCodes reads a Prolific export against a study whose code is
// CODE1: a completer with the right code, one with another code, one who completed here but
// is not on the list, one who completed without a PROLIFIC_PID, a test completer (never
// missing), a person who arrived in two conditions from two browsers, and a line never seen
// that submitted a wrong code. Both directions and every mismatch are named; the report
// carries the missing ones after the lines; a mismatch is not in the approve file.
func TestReconcileBothWaysWithCodes(t *testing.T) {
	tb, err := parse(strings.Join([]string{
		"Submission id,Participant id,Status,Completion code",
		"s1,PGOOD,AWAITING REVIEW,code1",
		"s2,PWRONG,AWAITING REVIEW,NOCODE",
		"s3,PTWO,AWAITING REVIEW,CODE1",
		"s4,PNEVER,AWAITING REVIEW,GUESS",
	}, "\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	pid := func(id string) map[string]string { return map[string]string{"PROLIFIC_PID": id} }
	res := ClassifyStudy(tb, []Participant{
		{UserID: "good", Condition: 1, PlatformIDs: pid("PGOOD"), Stage: "completed", CompletedAt: 10},
		{UserID: "wrong", Condition: 2, PlatformIDs: pid("PWRONG"), Stage: "completed", CompletedAt: 20},
		{UserID: "absent", Condition: 1, PlatformIDs: pid("PABSENT"), Stage: "completed", CompletedAt: 30},
		{UserID: "absent-2nd-browser", Condition: 1, PlatformIDs: pid("PABSENT"), Stage: "feed"},
		{UserID: "noid", Condition: 2, PlatformIDs: map[string]string{}, Stage: "completed", CompletedAt: 5},
		{UserID: "tester", Condition: 1, PlatformIDs: pid("PTEST"), Stage: "completed", CompletedAt: 7, IsTest: true},
		{UserID: "two-a", Condition: 1, PlatformIDs: pid("PTWO"), Stage: "completed", CompletedAt: 40},
		{UserID: "two-b", Condition: 2, PlatformIDs: pid("PTWO"), Stage: "feed"},
		{UserID: "started", Condition: 1, PlatformIDs: pid("PHALF"), Stage: "feed"},
	}, Codes{1: "CODE1", 2: "CODE1"})

	byID := map[string]Line{}
	for _, l := range res.Lines {
		byID[l.ID] = l
	}
	if l := byID["PGOOD"]; l.Class != Completed || l.CodeMatches == nil || !*l.CodeMatches || l.CodeExpected != "CODE1" {
		t.Errorf("PGOOD: %+v", l)
	}
	if l := byID["PWRONG"]; l.CodeMatches == nil || *l.CodeMatches || !strings.Contains(l.Note, "Submitted code NOCODE is not the study's completion code (CODE1)") {
		t.Errorf("PWRONG: %+v", l)
	}
	if l := byID["PNEVER"]; l.Class != NeverSeen || !strings.Contains(l.Note, "Submitted code GUESS is not") {
		t.Errorf("PNEVER: %+v", l)
	}
	if l := byID["PTWO"]; !strings.Contains(l.Note, "Arrived 2 times here (several browsers), in different conditions: 1, 2.") {
		t.Errorf("PTWO: %+v", l)
	}
	if res.CodeMismatches != 2 {
		t.Errorf("code mismatches: %d, want 2", res.CodeMismatches)
	}
	var missing []string
	for _, m := range res.Missing {
		missing = append(missing, m.UserID+"/"+m.ID)
	}
	// By completion time; the test participant and the one who did not complete are not missing.
	if strings.Join(missing, " ") != "noid/ absent/PABSENT" {
		t.Errorf("missing: %v", missing)
	}
	if !strings.Contains(res.Missing[0].Note, "without a PROLIFIC_PID") {
		t.Errorf("no id note: %q", res.Missing[0].Note)
	}
	report := Report(res).CSV
	if !strings.Contains(report, ",PABSENT,,,not_on_list,absent,1,completed,") {
		t.Errorf("report:\n%s", report)
	}
	f, _ := PlatformFile(tb, res)
	if strings.Contains(f.CSV, "PWRONG") || !strings.Contains(f.CSV, "PGOOD") {
		t.Errorf("approve file: %q", f.CSV)
	}
}

// TestArrivedTwiceInOneConditionSaysSo: several browsers of one person in one condition
// is said as such, not as different conditions.
func TestArrivedTwiceInOneConditionSaysSo(t *testing.T) {
	tb, _ := parse("W1\n", MTurk)
	res := ClassifyStudy(tb, []Participant{
		{UserID: "a", Condition: 3, PlatformIDs: map[string]string{"workerId": "W1"}, Stage: "feed"},
		{UserID: "b", Condition: 3, PlatformIDs: map[string]string{"workerId": "W1"}, Stage: "completed", CompletedAt: 5},
	}, nil)
	if !strings.Contains(res.Lines[0].Note, "Arrived 2 times here (several browsers), each time in condition 3.") {
		t.Errorf("note: %q", res.Lines[0].Note)
	}
	if len(res.Missing) != 0 {
		t.Errorf("missing: %+v", res.Missing)
	}
}
