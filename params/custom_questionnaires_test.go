package params

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
)

// attitudeQ is a custom questionnaire without cards, fit for forms-before.
const attitudeQ = `{"name":"attitude","title":"Your views","pages":[{"items":[{"id":"trust","type":"likert","text":"Do you trust the news?","points":7,"labels":["Not at all","Completely"]}]}]}`

// customRows is a two-condition study with two custom questionnaires: news_items (every
// item type, cards included; questionnaire/testdata) after the feed, attitude before it.
func customRows(t *testing.T) []Row {
	t.Helper()
	every, err := os.ReadFile("../questionnaire/testdata/every_type.json")
	if err != nil {
		t.Fatal(err)
	}
	list := "[" + attitudeQ + "," + strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(string(every)), "["))
	return []Row{
		{Condition: 1, Param: "questionnaires", Value: list},
		minimal(1),
		{Condition: 1, Param: "forms", Value: `["news_items","crt"]`},
		{Condition: 1, Param: "forms-before", Value: `["attitude","ses"]`},
		minimal(2),
		{Condition: 2, Param: "forms", Value: `["final"]`},
	}
}

func TestCustomQuestionnairesRoundTrip(t *testing.T) {
	t.Parallel()
	s := mustValidate(t, customRows(t))
	if len(s.Questionnaires) != 2 || s.Questionnaires[0].Name != "attitude" || s.Questionnaires[1].Name != "news_items" {
		t.Fatalf("questionnaires %+v", s.Questionnaires)
	}
	c1, c2 := s.Conditions[0], s.Conditions[1]
	if !slices.Equal(c1.Forms, []string{"news_items", "crt"}) || !slices.Equal(c1.FormsBefore, []string{"attitude", "ses"}) {
		t.Errorf("condition 1 forms %v, forms-before %v", c1.Forms, c1.FormsBefore)
	}
	if len(c2.FormsBefore) != 0 {
		t.Errorf("condition 2 forms-before %v", c2.FormsBefore)
	}
	if q, ok := s.Questionnaire("news_items"); !ok || !q.HasCards() {
		t.Errorf("Questionnaire(news_items) = %+v, %v", q, ok)
	}
	// Rows: once on condition 1, and forms-before only where set.
	var where []string
	for _, r := range s.Rows() {
		if r.Param == "questionnaires" || r.Param == "forms-before" {
			where = append(where, r.Param+"@"+string(rune('0'+r.Condition)))
		}
	}
	if !slices.Equal(where, []string{"questionnaires@1", "forms-before@1"}) {
		t.Errorf("rows carry %v", where)
	}
	// Verify parameters' params.csv, Rows and the wizard's rows all give the study back.
	checkRoundTrip(t, s)

	// The wizard sends the study-wide list with every condition: the same list is fine.
	rows := append(customRows(t), Row{Condition: 2, Param: "questionnaires", Value: customRows(t)[0].Value})
	mustValidate(t, rows)
}

func TestStudyWithoutCustomQuestionnairesKeepsItsRows(t *testing.T) {
	t.Parallel()
	s := mustValidate(t, []Row{minimal(1), {Condition: 1, Param: "forms", Value: `["crt"]`}})
	for _, r := range s.Rows() {
		if r.Param == "questionnaires" || r.Param == "forms-before" {
			t.Errorf("row %+v in a study without custom questionnaires", r)
		}
	}
	for _, p := range s.Conditions[0].ExperimentParameters() {
		if p.Param == "forms-before" {
			t.Errorf("participant parameter %+v in a study without forms-before", p)
		}
	}
}

func TestCustomQuestionnaireProblems(t *testing.T) {
	t.Parallel()
	with := func(change func([]Row) []Row) []Row { return change(customRows(t)) }
	set := func(param, value string) func([]Row) []Row {
		return func(rows []Row) []Row {
			for i := range rows {
				if rows[i].Condition == 1 && rows[i].Param == param {
					rows[i].Value = value
				}
			}
			return rows
		}
	}
	cases := []struct {
		name string
		rows []Row
		want []string // each a problem's text, in part
		not  string   // no problem may say this
	}{
		{"cards before the feed", with(set("forms-before", `["news_items"]`)),
			[]string{`condition 1: forms-before: questionnaire news_items asks about feed cards, and before the feed no card has been shown`}, ""},
		{"end message before the feed", with(set("forms-before", `["custom-msg"]`)),
			[]string{`forms-before: custom-msg is the end message page`}, ""},
		{"in both lists", with(set("forms-before", `["crt"]`)),
			[]string{`forms-before: questionnaire crt is in both forms-before and forms`}, ""},
		{"unknown custom name", with(set("forms", `["news_itemz"]`)),
			[]string{`forms: unknown questionnaire "news_itemz" (did you mean news_items?)`}, ""},
		{"a definition's problem names its place", with(set("questionnaires", `[`+strings.Replace(attitudeQ, `"points":7`, `"points":2`, 1)+`]`)),
			[]string{`condition 1: questionnaires: questionnaire "attitude", page 1, item "trust": points is 2`},
			// news_items is no longer defined, but the broken list may have meant to: forms is not blamed on top.
			"unknown questionnaire"},
		{"a built-in's name", with(set("questionnaires", `[`+strings.Replace(attitudeQ, `"attitude"`, `"crt"`, 1)+`]`)),
			[]string{`questionnaire "crt": the name is a built-in questionnaire's`}, ""},
		{"differs between conditions", append(customRows(t), Row{Condition: 2, Param: "questionnaires", Value: `[` + attitudeQ + `]`}),
			[]string{`condition 2: questionnaires: differs from the questionnaires given for condition 1`}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := Validate(c.rows, lookup)
			var ps Problems
			if !errors.As(err, &ps) {
				t.Fatalf("accepted: %v", err)
			}
			text := err.Error()
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("no problem says %q; got:\n%s", w, text)
				}
			}
			if c.not != "" && strings.Contains(text, c.not) {
				t.Errorf("a problem says %q:\n%s", c.not, text)
			}
		})
	}
}
