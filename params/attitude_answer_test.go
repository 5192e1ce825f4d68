package params

import (
	"errors"
	"strings"
	"testing"
)

// viewsQ is a questionnaire for forms-before with an item of each kind an attitude may or
// may not come from.
const viewsQ = `{"name":"views","title":"Your views","pages":[{"items":[
{"id":"ideology","type":"likert","text":"Left or right?","points":7,"labels":["Left","Right"]},
{"id":"side","type":"single","text":"Which side?","options":[{"value":"-1","label":"Left"},{"value":"0","label":"Neither"},{"value":"1","label":"Right"}]},
{"id":"party","type":"single","text":"Which party?","options":[{"value":"left","label":"Left"},{"value":"right","label":"Right"}]},
{"id":"feeling","type":"slider","text":"How warm?","min":-50,"max":50},
{"id":"city","type":"text","text":"Your city"},
{"id":"decoy","type":"likert","text":"A distractor","points":5,"save":false}]}]}`

func attitudeRows(param, formsBefore string) []Row {
	return []Row{
		{Condition: 1, Param: "questionnaires", Value: "[" + viewsQ + "]"},
		minimal(1),
		{Condition: 1, Param: "forms-before", Value: formsBefore},
		{Condition: 1, Param: "algorithm", Value: "attitude_filter_feed"},
		{Condition: 1, Param: "algorithm-covariate", Value: "lean"},
		{Condition: 1, Param: "algorithm-attitude-param", Value: param},
	}
}

func TestAttitudeFromAnAnswerIsChecked(t *testing.T) {
	t.Parallel()
	for param, midpoint := range map[string]float64{"answer:views.ideology": 4, "answer:views.side": 0, "answer:views.feeling": 0} {
		s := mustValidate(t, attitudeRows(param, `["views"]`))
		if r := s.Conditions[0].Ranking; r.AttitudeParam != param || r.AttitudeMidpoint != midpoint {
			t.Errorf("%s: ranking %+v, want midpoint %g", param, r, midpoint)
		}
		checkRoundTrip(t, s)
	}
	// An arrival parameter of any name is as before.
	if r := mustValidate(t, attitudeRows("lean_self", `["views"]`)).Conditions[0].Ranking; r.AttitudeParam != "lean_self" || r.AttitudeMidpoint != 0 {
		t.Errorf("arrival parameter: %+v", r)
	}
	for _, c := range []struct{ param, formsBefore, want string }{
		{"answer:views.ideology", `[]`, `algorithm-attitude-param: the attitude comes from questionnaire "views", which is not in this condition's forms-before`},
		{"answer:views", `["views"]`, `"answer:views" must name a questionnaire answer as answer:<questionnaire>.<item>`},
		{"answer:views.idealogy", `["views"]`, `questionnaire "views" has no item "idealogy" (its items: ideology, side, party, feeling, city, decoy)`},
		{"answer:views.decoy", `["views"]`, `item "decoy" of questionnaire "views" is asked but never stored (save false)`},
		{"answer:views.party", `["views"]`, `item "party" of questionnaire "views" has the option value "left", which is not a number`},
		{"answer:views.city", `["views"]`, `item "city" of questionnaire "views" is a text item; an attitude comes from a single (with numeric option values), likert, number or slider item`},
		{"answer:ses.ses_1", `["views"]`, `questionnaire "ses", which is not in this condition's forms-before`},
	} {
		_, err := Validate(attitudeRows(c.param, c.formsBefore), lookup)
		var ps Problems
		if !errors.As(err, &ps) {
			t.Errorf("%s with forms-before %s accepted", c.param, c.formsBefore)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: no problem says %q; got:\n%s", c.param, c.want, err)
		}
	}
}
