package params

import (
	"reflect"
	"strings"
	"testing"
)

func TestRecruitmentDefaultsAndRoundTrip(t *testing.T) {
	s := mustValidate(t, []Row{minimal(1), minimal(2)})
	if s.Recruitment != DefaultRecruitment() || s.Conditions[0].Quota != 0 || s.Conditions[0].Exits != (Exits{}) {
		t.Fatalf("defaults: %+v %+v", s.Recruitment, s.Conditions[0])
	}
	for _, r := range s.Rows() {
		if strings.Contains(r.Param, "quota") || strings.HasPrefix(r.Param, "assignment") {
			t.Fatalf("a study without recruitment settings writes %+v", r)
		}
	}

	lucid := "https://samplicio.us/s/ClientCallBack.aspx?RIS=20&RID=[%RID%]"
	s = mustValidate(t, []Row{
		minimal(1), {1, "assignment", " Balanced-Arrivals ", 0}, {1, "assignment-active-minutes", "0", 0},
		{1, "quota-total", "40", 0}, {1, "quota", "20", 0}, {1, "redirect-url-terminate", lucid, 0},
		{1, "redirect-url-quality", lucid, 0}, {1, "attention-fail-exit", "quality-terminate", 0},
		minimal(2), {2, "assignment", "balanced-arrivals", 0}, {2, "redirect-url-overquota", "https://o.example.org/q?RID=[%RID%]", 0},
		{2, "redirect-url-screenout", "https://app.prolific.com/submissions/complete?cc=SCREEN", 0},
	})
	want := Recruitment{Assignment: AssignBalancedArrivals, ActiveMinutes: 0, QuotaTotal: 40}
	if s.Recruitment != want {
		t.Fatalf("recruitment %+v, want %+v", s.Recruitment, want)
	}
	if c := s.Conditions[0]; c.Quota != 20 || c.Exits.Terminate != lucid || c.Exits.AttentionFail != "quality-terminate" {
		t.Fatalf("condition 1: %+v", c)
	}
	again := mustValidate(t, s.Rows())
	if !reflect.DeepEqual(again, s) {
		t.Fatalf("round trip:\n got %+v\nwant %+v", again, s)
	}
	// Study-wide values repeat on every condition.
	n := 0
	for _, r := range s.Rows() {
		if r.Param == "quota-total" {
			n++
		}
	}
	if n != 2 {
		t.Fatalf("quota-total written on %d conditions, want 2", n)
	}
}

func TestRecruitmentProblems(t *testing.T) {
	cases := []struct {
		name string
		rows []Row
		want string
	}{
		{"rule", []Row{minimal(1), {1, "assignment", "first-come", 0}}, `"first-come" is not allowed; use balanced-completed, balanced-arrivals`},
		{"window", []Row{minimal(1), {1, "assignment-active-minutes", "-5", 0}}, `"-5" is not a whole number from 0 to 10080`},
		{"quota", []Row{minimal(1), {1, "quota", "many", 0}}, `"many" is not a whole number from 0 to 1000000`},
		{"study-wide differs", []Row{minimal(1), {1, "quota-total", "10", 0}, minimal(2), {2, "quota-total", "12", 0}}, `differs from the value given for condition 1 ("10"); quota-total is study-wide`},
		{"url", []Row{minimal(1), {1, "redirect-url-overquota", "samplicio.us/s", 0}}, `is not an absolute http or https URL`},
		{"attention without url", []Row{minimal(1), {1, "attention-fail-exit", "quality-terminate", 0}}, `redirect-url-quality is empty`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Validate(tc.rows, lookup)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want a problem containing %q", err, tc.want)
			}
		})
	}
}
