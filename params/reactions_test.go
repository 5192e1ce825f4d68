package params

import (
	"reflect"
	"strings"
	"testing"
)

// TestReactionsValidateNamePerRuleAndRoundTrip: a valid list reads, is written once on
// condition 1 and reads back the same; each wrong rule is named with its number and what is
// wrong; a list that differs between conditions is refused.
func TestReactionsValidateNamePerRuleAndRoundTrip(t *testing.T) {
	t.Parallel()
	good := `[{"when":"comment","on":"any","after_ms":3000,"conditions":[1],"do":{"reply":{"author":"Sam Park","text":"Good point!"}}},
		{"when":"post","on":"post","after_ms":0,"do":{"notify":"Lee liked your post"},"repeat":true},
		{"when":"reply","on":"cure.png","after_ms":10,"do":{"like_count":3}}]`
	s := mustValidate(t, []Row{minimal(1), {Condition: 1, Param: "reactions", Value: good}, minimal(2), {Condition: 2, Param: "reactions", Value: good}})
	if len(s.Reactions) != 3 || s.Reactions[0].Do.Kind() != "reply" || !s.Reactions[1].Repeat || *s.Reactions[2].Do.LikeCount != 3 ||
		!s.Reactions[0].Applies(1) || s.Reactions[0].Applies(2) || !s.Reactions[1].Applies(2) {
		t.Fatalf("rules %+v", s.Reactions)
	}
	var written []Row
	for _, r := range s.Rows() {
		if r.Param == "reactions" {
			written = append(written, r)
		}
	}
	if len(written) != 1 || written[0].Condition != 1 {
		t.Fatalf("reactions written as %+v, want once on condition 1", written)
	}
	if again := mustValidate(t, s.Rows()); !reflect.DeepEqual(again.Reactions, s.Reactions) {
		t.Errorf("round trip changed the rules: %+v", again.Reactions)
	}
	for _, r := range mustValidate(t, []Row{minimal(1)}).Rows() {
		if r.Param == "reactions" {
			t.Errorf("a study without reactions writes %+v", r)
		}
	}

	bad := `[{"when":"shout","on":"any","after_ms":1,"do":{"notify":"x"}},
		{"when":"comment","on":"post","after_ms":-5,"conditions":[3],"do":{"reply":{"author":"","text":"hi"}}},
		{"when":"like","on":"any","after_ms":1,"do":{"like_count":2}},
		{"when":"post","on":"any","after_ms":1,"do":{"notify":"a","like_count":1}}]`
	_, err := Validate([]Row{minimal(1), {Condition: 1, Param: "reactions", Value: bad}, minimal(2)}, lookup)
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	for _, want := range []string{
		`rule 1: when is "shout"`,
		`rule 2: on "post" goes with when "post"`,
		"rule 2: after_ms is -5",
		"rule 2: conditions names 3",
		"rule 2: reply.author must be a name",
		"rule 3: a like of a card can be answered only with notify",
		"rule 4: do must hold exactly one of reply, like_count and notify",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("problems lack %q:\n%s", want, msg)
		}
	}
	_, err = Validate([]Row{minimal(1), {Condition: 1, Param: "reactions", Value: `[{"when":"post","on":"post","after_ms":1,"do":{"notify":"x"},"extra":1}]`}}, lookup)
	if err == nil || !strings.Contains(err.Error(), `unknown field "extra"`) {
		t.Errorf("an unknown key: %v", err)
	}
	_, err = Validate([]Row{minimal(1), {Condition: 1, Param: "reactions", Value: good}, minimal(2), {Condition: 2, Param: "reactions", Value: "[]"}}, lookup)
	if err == nil || !strings.Contains(err.Error(), "reactions is study-wide") {
		t.Errorf("differing lists: %v", err)
	}
}
