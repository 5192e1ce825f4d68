package params

import (
	"encoding/json"
	"os"
	"testing"
)

// TestQuestionnaireTitlesMatchTheDefinitions holds the questionnaire table to the
// participant app's definitions (frontend/questionnaires.json, generated from them and
// checked against them by questionnairesJSON.test.ts): the same pages in the same order
// with the titles the participant page shows, the custom end message page aside. The
// participant router reads its names from the table (registry.ts), so a questionnaire
// added on one side fails here or in definitions.test.ts until the other follows.
func TestQuestionnaireTitlesMatchTheDefinitions(t *testing.T) {
	raw, err := os.ReadFile("../frontend/questionnaires.json")
	if err != nil {
		t.Fatal(err)
	}
	var defs struct {
		Questionnaires []struct {
			Name  string `json:"name"`
			Title string `json:"title"`
		} `json:"questionnaires"`
	}
	if err := json.Unmarshal(raw, &defs); err != nil {
		t.Fatal(err)
	}
	var ours []Questionnaire
	for _, q := range Questionnaires() {
		if !q.Message {
			ours = append(ours, q)
		}
	}
	if len(ours) != len(defs.Questionnaires) || len(ours) == 0 {
		t.Fatalf("the table has %d questionnaires with questions, the definitions %d", len(ours), len(defs.Questionnaires))
	}
	for i, d := range defs.Questionnaires {
		if ours[i].Name != d.Name || ours[i].Title != d.Title {
			t.Errorf("questionnaire %d: the table says %s %q, the definitions %s %q", i+1, ours[i].Name, ours[i].Title, d.Name, d.Title)
		}
	}
}
