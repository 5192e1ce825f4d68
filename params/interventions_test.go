package params

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// familyRows is a two-condition study using the family: an in-feed literacy tip with its
// own words, and an accuracy prompt at the first share on the distracting skin.
func familyRows() []Row {
	return []Row{
		minimal(1),
		{Condition: 1, Param: "intervention-type", Value: "LiteracyTip"},
		{Condition: 1, Param: "intervention-style", Value: "infeed"},
		{Condition: 1, Param: "intervention-text", Value: "## Think\r\nfirst"},
		minimal(2),
		{Condition: 2, Param: "intervention-type", Value: "accprompt"},
		{Condition: 2, Param: "intervention-style", Value: "none"}, // the spec's None: modal
		{Condition: 2, Param: "intervention-trigger", Value: "first-share"},
		{Condition: 2, Param: "feed-button-share", Value: "yes"},
		{Condition: 2, Param: "skin", Value: "distract"},
	}
}

func TestInterventionFamilyValidatesAndRoundTrips(t *testing.T) {
	t.Parallel()
	s := mustValidate(t, familyRows())
	c1, c2 := s.Conditions[0], s.Conditions[1]
	if got := [4]string{c1.InterventionType, c1.InterventionStyle, c1.InterventionTrigger, c1.InterventionText}; got != [4]string{"literacytip", "infeed", "", "## Think\nfirst"} {
		t.Errorf("condition 1 = %q", got)
	}
	if got := [4]string{c2.InterventionType, c2.InterventionStyle, c2.InterventionTrigger, c2.Skin}; got != [4]string{"accprompt", "", "first-share", "distract"} {
		t.Errorf("condition 2 = %q", got)
	}
	// Every condition carries the family in full, defaults written out, so each export
	// row names its condition's skin and style.
	rows := s.Rows()
	value := func(cond int, param string) (string, bool) {
		i := slices.IndexFunc(rows, func(r Row) bool { return r.Condition == cond && r.Param == param })
		if i < 0 {
			return "", false
		}
		return rows[i].Value, true
	}
	for _, want := range []struct {
		cond         int
		param, value string
	}{{1, "skin", "default"}, {1, "intervention-trigger", "position"}, {2, "intervention-style", "modal"}, {2, "skin", "distract"}} {
		if v, ok := value(want.cond, want.param); !ok || v != want.value {
			t.Errorf("Rows: condition %d %s = %q (present %v), want %q", want.cond, want.param, v, ok, want.value)
		}
	}
	again := mustValidate(t, rows)
	if !reflect.DeepEqual(again, s) {
		t.Errorf("round trip changed the study:\n got %+v\nwant %+v", again, s)
	}
}

func TestStudyWithoutFamilyHasItsOldRows(t *testing.T) {
	t.Parallel()
	s := mustValidate(t, []Row{minimal(1), {Condition: 1, Param: "intervention-type", Value: "accprompt-modal"}, {Condition: 1, Param: "skin", Value: "default"}})
	for _, r := range s.Rows() {
		if slices.Contains(familyParams, r.Param) {
			t.Errorf("a study without the family writes %s=%q", r.Param, r.Value)
		}
	}
	for _, p := range s.Conditions[0].ExperimentParameters() {
		if slices.Contains(familyParams, p.Param) {
			t.Errorf("the browser of a condition without the family gets %s", p.Param)
		}
	}
}

func TestInterventionFamilyProblems(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		rows []Row
		want string
	}{
		{"video in the feed", []Row{{1, "intervention-type", "default-modal", 0}, {1, "intervention-style", "infeed", 0}}, "intervention-style: the video pop-up (default-modal) cannot be a card in the feed"},
		{"old accprompt in the feed", []Row{{1, "intervention-type", "accprompt-modal", 0}, {1, "intervention-style", "infeed", 0}}, "use intervention-type accprompt with intervention-style infeed"},
		{"card at a press", []Row{{1, "intervention-type", "importance", 0}, {1, "intervention-style", "infeed", 0}, {1, "intervention-trigger", "first-engagement", 0}, {1, "feed-button-like", "yes", 0}}, "intervention-trigger: a card in the feed sits at its position"},
		{"first share without share", []Row{{1, "intervention-type", "socialnorm", 0}, {1, "intervention-trigger", "first-share", 0}}, "this condition has no Share button; set feed-button-share to yes or lognormal"},
		{"first engagement without buttons", []Row{{1, "intervention-type", "socialnorm", 0}, {1, "intervention-trigger", "first-engagement", 0}}, "this condition shows no buttons"},
		{"unknown style", []Row{{1, "intervention-type", "socialnorm", 0}, {1, "intervention-style", "banner", 0}}, `intervention-style: "banner" is not allowed; use modal, infeed`},
		{"unknown skin", []Row{{1, "skin", "busy", 0}}, `skin: "busy" is not allowed; use default, distract`},
		{"video with text", []Row{{1, "intervention-type", "default-modal", 0}, {1, "intervention-text", "hello", 0}}, "the video pop-up (default-modal) shows no text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows := append([]Row{minimal(1)}, tt.rows...)
			_, err := Validate(rows, lookup)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestInterventionShownTextAndWarnings(t *testing.T) {
	t.Parallel()
	s := mustValidate(t, []Row{minimal(1), {Condition: 1, Param: "intervention-type", Value: "socialnorm"}})
	if got := s.Conditions[0].InterventionShownText(); got != DefaultInterventionText("socialnorm") || got == "" {
		t.Errorf("shown text = %q, want the socialnorm default", got)
	}
	old := mustValidate(t, []Row{minimal(1), {Condition: 1, Param: "intervention-type", Value: "accprompt-modal"}})
	if b := old.Conditions[0].InterventionBase(); b != "accprompt" {
		t.Errorf("accprompt-modal's spec name = %q", b)
	}
	ws := Warnings([]Row{{Line: 2, Condition: 1, Param: "intervention-style", Value: "infeed"}, {Line: 3, Condition: 1, Param: "intervention-text", Value: "hi"}})
	if len(ws) != 2 || !strings.Contains(ws.Error(), "there is no intervention-type") {
		t.Errorf("warnings = %v, want two naming the missing type", ws)
	}
	ws = Warnings([]Row{{Line: 2, Condition: 1, Param: "intervention-type", Value: "importance"}, {Line: 3, Condition: 1, Param: "intervention-trigger", Value: "first-engagement"}, {Line: 4, Condition: 1, Param: "intervention-perc", Value: "30"}})
	if len(ws) != 1 || ws[0].Param != "intervention-perc" || !strings.Contains(ws[0].Message, "opens the intervention at a press") {
		t.Errorf("warnings = %v, want one: the percentage of a press trigger", ws)
	}
}
