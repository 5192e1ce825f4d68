package params

import (
	"strings"
	"testing"
)

func TestWarningsNameSettingsThatCanHaveNoEffect(t *testing.T) {
	sets := `[{"entity_set":"s"}]`
	rows := []Row{
		{Line: 2, Condition: 1, Param: "entity_sets", Value: sets},
		{Line: 3, Condition: 1, Param: "redirect-url", Value: "https://example.org/done"}, // platform none
		{Line: 4, Condition: 1, Param: "custom-msg", Value: "You were deceived."},         // type none
		{Line: 5, Condition: 1, Param: "intervention-perc", Value: "30"},                  // no type
		{Line: 6, Condition: 2, Param: "entity_sets", Value: sets},
		{Line: 7, Condition: 2, Param: "platform", Value: "prolific"},
		{Line: 8, Condition: 2, Param: "redirect-url", Value: "https://app.prolific.com/submissions/complete?cc=X"},
		{Line: 9, Condition: 2, Param: "completion-code", Value: "ABC"}, // prolific uses none
		{Line: 10, Condition: 2, Param: "forms", Value: `["final","custom-msg"]`},
		{Line: 11, Condition: 2, Param: "intervention-type", Value: "accprompt-modal"},
		{Line: 12, Condition: 2, Param: "intervention-video", Value: "/media/a.mp4"}, // not default-modal
		{Line: 13, Condition: 3, Param: "entity_sets", Value: sets},
		{Line: 14, Condition: 3, Param: "platform", Value: "mturk"},
		{Line: 15, Condition: 3, Param: "redirect-url", Value: "https://example.org"}, // mturk uses a code
		{Line: 16, Condition: 3, Param: "completion-code", Value: "OK-CODE"},          // fine
		{Line: 17, Condition: 3, Param: "custom-msg-type", Value: "modal"},
		{Line: 18, Condition: 3, Param: "custom-msg", Value: "Debrief"}, // fine
		{Line: 19, Condition: 3, Param: "feed", Value: "swipe"},
		{Line: 20, Condition: 3, Param: "feed-compose", Value: "yes"}, // the swipe feed has no compose box
	}
	if _, err := Validate(rows, func(string) (int, bool) { return 5, true }); err != nil {
		t.Fatalf("the rows must be a valid study: %v", err)
	}
	got := Warnings(rows)
	want := []struct {
		line  int
		param string
		says  string
	}{
		{3, "redirect-url", "platform is none"},
		{4, "custom-msg", "custom-msg-type is none"},
		{5, "intervention-perc", "no intervention-type"},
		{9, "completion-code", "platform prolific"},
		{10, "forms", "custom-msg-type is none"},
		{12, "intervention-video", "default-modal"},
		{15, "redirect-url", "platform mturk"},
		{20, "feed-compose", "feed swipe"},
	}
	if len(got) != len(want) {
		t.Fatalf("%d warnings, want %d:\n%v", len(got), len(want), got)
	}
	for i, w := range want {
		if got[i].Line != w.line || got[i].Param != w.param || !strings.Contains(got[i].Message, w.says) {
			t.Errorf("warning %d = %q, want line %d, %s, saying %q", i, got[i], w.line, w.param, w.says)
		}
	}
}

func TestNoWarningsForCanonicalRows(t *testing.T) {
	// The canonical rows (Verify parameters, the experiment_parameters export) list every
	// parameter, empty where unused: none of them is a setting without effect.
	rows := []Row{
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"s"}]`},
		{Condition: 1, Param: "platform", Value: "prolific"},
		{Condition: 1, Param: "redirect-url", Value: "https://example.org/x"},
	}
	st, err := Validate(rows, func(string) (int, bool) { return 5, true })
	if err != nil {
		t.Fatal(err)
	}
	if ws := Warnings(st.Rows()); len(ws) != 0 {
		t.Fatalf("canonical rows warned: %v", ws)
	}
}
