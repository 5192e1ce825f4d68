package params

import (
	"testing"

	"feedlab/questionnaire"
)

// TestQuestionnaireTitlesMatchTheDefinitions holds the questionnaire table to the built-in
// definitions (questionnaire/builtins/NAME.json, what participants receive and answer):
// the same pages in the same order with the same titles, the custom end message page
// aside. The participant router reads its names from the table (registry.ts), so a
// questionnaire added on one side fails here until the other follows.
func TestQuestionnaireTitlesMatchTheDefinitions(t *testing.T) {
	t.Parallel()
	defs := questionnaire.Builtins()
	var ours []Questionnaire
	for _, q := range Questionnaires() {
		if !q.Message {
			ours = append(ours, q)
		}
	}
	if len(ours) != len(defs) || len(ours) == 0 {
		t.Fatalf("the table has %d questionnaires with questions, the definitions %d", len(ours), len(defs))
	}
	for i, d := range defs {
		if ours[i].Name != d.Name || ours[i].Title != d.Title {
			t.Errorf("questionnaire %d: the table says %s %q, the definitions %s %q", i+1, ours[i].Name, ours[i].Title, d.Name, d.Title)
		}
	}
}
