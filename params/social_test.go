package params

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestCommentsParamsValidateAndRoundTrip: an observational-correction design (condition 1
// shows only the correction, condition 2 every comment first-2) reads, writes both
// parameters on every condition, sends them to the browser, and reads back the same.
func TestCommentsParamsValidateAndRoundTrip(t *testing.T) {
	t.Parallel()
	s := mustValidate(t, []Row{
		minimal(1), {Condition: 1, Param: "comments", Value: "Collapsed"}, {Condition: 1, Param: "comments-tags", Value: ` [" correction"] `},
		minimal(2), {Condition: 2, Param: "comments", Value: "first-2"},
		minimal(3),
	})
	c1, c2, c3 := s.Conditions[0], s.Conditions[1], s.Conditions[2]
	if c1.Comments != "collapsed" || !slices.Equal(c1.CommentsTags, []string{"correction"}) || c2.Comments != "first-2" || c2.CommentsTags != nil || c3.Comments != "" {
		t.Fatalf("conditions %+v / %+v / %+v", c1, c2, c3)
	}
	if m, n := c2.CommentsShown(); m != "first" || n != 2 {
		t.Errorf("CommentsShown = %s %d", m, n)
	}
	rows := s.Rows()
	var got []string
	for _, r := range rows {
		if r.Param == "comments" || r.Param == "comments-tags" {
			got = append(got, strings.Join([]string{string(rune('0' + r.Condition)), r.Param, r.Value}, " "))
		}
	}
	want := []string{`1 comments collapsed`, `1 comments-tags ["correction"]`, `2 comments first-2`, `2 comments-tags []`, `3 comments none`, `3 comments-tags []`}
	if !slices.Equal(got, want) {
		t.Errorf("Rows wrote %q, want %q", got, want)
	}
	if again := mustValidate(t, rows); !reflect.DeepEqual(again, s) {
		t.Errorf("round trip changed the study:\n got %+v\nwant %+v", again, s)
	}
	sent := func(c Condition) []Param {
		return slices.DeleteFunc(c.ExperimentParameters(), func(p Param) bool { return !strings.HasPrefix(p.Param, "comments") })
	}
	if p := sent(c1); !slices.Equal(p, []Param{{"comments", "collapsed"}, {"comments-tags", `["correction"]`}}) {
		t.Errorf("browser of condition 1 gets %v", p)
	}
	if p := sent(c3); len(p) != 0 {
		t.Errorf("a condition without comments sends %v; its browser should get what it always did", p)
	}
	// A study without comments keeps its old rows.
	plain := mustValidate(t, []Row{minimal(1)}).Rows()
	if slices.ContainsFunc(plain, func(r Row) bool { return strings.HasPrefix(r.Param, "comments") }) {
		t.Errorf("a study without comments writes %v", plain)
	}
}

func TestCommentsParamsRefuseWithClearWords(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ comments, tags, want string }{
		{"all", "", `"all" is not allowed; use none, collapsed or first-N`},
		{"first-0", "", "first-N with N a whole number from 1 to 50"},
		{"first-x", "", "first-N with N a whole number from 1 to 50"},
		{"collapsed", "correction", `write a JSON list of tags, such as ["correction"]`},
		{"collapsed", `["a",""]`, "a tag is empty"},
		{"collapsed", `["a","a"]`, `the tag "a" is listed twice`},
		{"", `["correction"]`, "this condition shows none; set comments to collapsed or first-N"},
	} {
		rows := []Row{minimal(1), {Condition: 1, Param: "comments", Value: tc.comments, Line: 3}, {Condition: 1, Param: "comments-tags", Value: tc.tags, Line: 4}}
		_, err := Validate(rows, lookup)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("comments %q tags %q: %v, want %q", tc.comments, tc.tags, err, tc.want)
		}
	}
}

// TestSpeakParamsValidateAndRoundTrip: feed-button-comment, comment-like and feed-compose
// read yes/no per condition, are written on every condition of a study that turns one on
// (and on none of one that does not), reach the browser only where on, and refuse other words.
func TestSpeakParamsValidateAndRoundTrip(t *testing.T) {
	t.Parallel()
	s := mustValidate(t, []Row{
		minimal(1), {Condition: 1, Param: "feed-button-comment", Value: "Yes"}, {Condition: 1, Param: "comment-like", Value: "yes"},
		minimal(2), {Condition: 2, Param: "feed-compose", Value: "yes"},
		minimal(3),
	})
	c1, c2, c3 := s.Conditions[0], s.Conditions[1], s.Conditions[2]
	if !c1.CommentBox || !c1.CommentLike || c1.Compose || c2.CommentBox || !c2.Compose || c3.speakDiffers() {
		t.Fatalf("conditions %+v / %+v / %+v", c1, c2, c3)
	}
	var got []string
	for _, r := range s.Rows() {
		if slices.Contains(speakParams, r.Param) {
			got = append(got, strings.Join([]string{string(rune('0' + r.Condition)), r.Param, r.Value}, " "))
		}
	}
	want := []string{
		"1 feed-button-comment yes", "1 comment-like yes", "1 feed-compose no",
		"2 feed-button-comment no", "2 comment-like no", "2 feed-compose yes",
		"3 feed-button-comment no", "3 comment-like no", "3 feed-compose no",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Rows wrote %q, want %q", got, want)
	}
	if again := mustValidate(t, s.Rows()); !reflect.DeepEqual(again, s) {
		t.Errorf("round trip changed the study:\n got %+v\nwant %+v", again, s)
	}
	sent := func(c Condition) (names []string) {
		for _, p := range c.ExperimentParameters() {
			if slices.Contains(speakParams, p.Param) {
				names = append(names, p.Param+"="+p.Value)
			}
		}
		return names
	}
	if got := sent(c1); !slices.Equal(got, []string{"feed-button-comment=yes", "comment-like=yes", "feed-compose=no"}) {
		t.Errorf("condition 1 sends %q", got)
	}
	if got := sent(c3); got != nil {
		t.Errorf("condition 3 lets no one speak but sends %q", got)
	}
	plain := mustValidate(t, []Row{minimal(1)})
	for _, r := range plain.Rows() {
		if slices.Contains(speakParams, r.Param) {
			t.Errorf("a study without them writes %+v", r)
		}
	}
	_, err := Validate([]Row{minimal(1), {Condition: 1, Param: "feed-compose", Value: "maybe"}}, nil)
	if err == nil || !strings.Contains(err.Error(), `"maybe" is not allowed`) {
		t.Errorf("feed-compose=maybe: %v", err)
	}
}
