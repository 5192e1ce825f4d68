package api

import (
	"fmt"
	"strings"
	"testing"

	"feedlab/params"
)

// A custom questionnaire's budget follows its size: 60 text questions, or a cards item's
// question asked about every card and lure, are allowed through, not cut at the 20
// answers a page the server does not know gets.
func TestBudgetCountsCustomQuestionnaireFields(t *testing.T) {
	t.Parallel()
	var items []string
	for i := range 60 {
		items = append(items, fmt.Sprintf(`{"id":"t%d","type":"text","text":"T"}`, i))
	}
	items = append(items, `{"id":"c","type":"cards","lures":10,"items":[{"id":"a","type":"likert","text":"T","points":5}]}`)
	def := `[{"name":"big","title":"T","pages":[{"items":[` + strings.Join(items, ",") + `]}]}]`
	s, err := params.Validate([]params.Row{
		{Condition: 1, Param: "questionnaires", Value: def},
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"x","number_to_show":30}]`},
		{Condition: 1, Param: "forms", Value: `["big"]`},
	}, func(string) (int, bool) { return 30, true })
	if err != nil {
		t.Fatal(err)
	}
	c := s.Conditions[0]
	with := conditionBudget(s, c)
	without := conditionBudget(params.Study{}, c) // the same name, unknown: 20 answers
	// 60 text answers and 30+10 card answers, each page sent up to twice, at least.
	if with.rows-without.rows < budgetMargin*honestPageSends*(60+40-honestFieldsPerForm) {
		t.Errorf("rows %d with the definition, %d without", with.rows, without.rows)
	}
	if with.bytes <= without.bytes {
		t.Errorf("bytes %d with 60 text questions, %d without", with.bytes, without.bytes)
	}
}
