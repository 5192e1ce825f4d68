package params

import (
	"net/url"
	"reflect"
	"testing"
)

func TestExperimentParameters(t *testing.T) {
	rows := []Row{
		{1, "entity_sets", `[{"entity_set":"news_b","number_to_show":4}]`, 0},
		{1, "feed", "swipe", 0},
		{1, "feed-button-share", "yes", 0},
		{1, "intervention-type", "default-modal", 0},
		{1, "intervention-video", "clip.mp4", 0},
		{1, "custom-msg-type", "modal", 0},
		{1, "custom-msg", "Thanks! (really)", 0},
		{1, "forms", `["ac","final"]`, 0},
		{1, "instruct", "Line 1\nLine 2: 50% \"quoted\"", 0},
		{1, "consent", "I agree & consent", 0},
		{1, "platform", "custom", 0},
		{1, "redirect-url", "https://lab.example.edu/next?a=1&b=é", 0},
	}
	s := mustValidate(t, rows)
	got := s.Conditions[0].ExperimentParameters()
	want := []Param{
		{"condition", "1"},
		{"feed", "swipe"},
		{"entity_sets", `[{"entity_set":"news_b","number_to_show":4,"randomize_between_subjects":"yes"}]`},
		{"feed-button-share", "yes"},
		{"feed-button-like", "no"},
		{"feed-button-bookmark", "no"},
		{"feed-button-accuracy", "no"},
		{"feed-button-upvote", "no"},
		{"feed-button-downvote", "no"},
		{"intervention-type", "default-modal"},
		{"intervention-perc", "50"},
		{"intervention-video", "/media/clip.mp4"},
		{"algorithm", "random"},
		{"custom-msg-type", "modal"},
		{"custom-msg", "Thanks!%20(really)"},
		{"forms", `["ac","final"]`},
		{"instruct", "Line%201%0ALine%202%3A%2050%25%20%22quoted%22"},
		{"consent", "I%20agree%20%26%20consent"},
		{"platform", "custom"},
		{"redirect-url", "https%3A%2F%2Flab.example.edu%2Fnext%3Fa%3D1%26b%3D%C3%A9"},
		{"completion-code", ""},
		{"source-line", ""},
		{"source-time", ""},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}

func TestEncodeURIComponent(t *testing.T) {
	tests := map[string]string{
		"":                         "",
		"AZaz09-_.!~*'()":          "AZaz09-_.!~*'()",
		" &=+/?#%":                 "%20%26%3D%2B%2F%3F%23%25",
		"é✓😀":                      "%C3%A9%E2%9C%93%F0%9F%98%80",
		"line\r\nbreak\t[x]{y}<z>": "line%0D%0Abreak%09%5Bx%5D%7By%7D%3Cz%3E",
	}
	for in, want := range tests {
		got := encodeURIComponent(in)
		if got != want {
			t.Errorf("%q: got %q want %q", in, got, want)
		}
		// The browser's decodeURIComponent (here PathUnescape) gives the text back.
		if back, err := url.PathUnescape(got); err != nil || back != in {
			t.Errorf("%q: decodes to %q, %v", in, back, err)
		}
	}
}

// TestExperimentParametersDecodeLikeWizard: the six encoded values are what FromWizard
// reads, so a participant's parameters can be turned back into the study's rows.
func TestExperimentParametersDecodeLikeWizard(t *testing.T) {
	s := mustValidate(t, []Row{minimal(1), {1, "consent", "a & b %", 0}, {1, "platform", "mturk", 0}, {1, "completion-code", "X Y", 0}})
	c := s.Conditions[0]
	var rows []Row
	for _, p := range c.ExperimentParameters() {
		if p.Param != "condition" {
			rows = append(rows, Row{Condition: c.Number, Param: p.Param, Value: p.Value})
		}
	}
	rows, err := FromWizard(rows)
	if err != nil {
		t.Fatal(err)
	}
	if again := mustValidate(t, rows); !reflect.DeepEqual(again, s) {
		t.Fatalf("got %+v", again)
	}
}
