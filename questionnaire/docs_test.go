package questionnaire

import (
	"os"
	"strings"
	"testing"
)

// The three examples of docs/questionnaires.md are valid definitions: a researcher who
// copies one gets a questionnaire the study accepts.
func TestDocumentedExamplesAreValid(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile("../docs/questionnaires.md")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, block := range strings.Split(string(doc), "```json\n")[1:] {
		example, _, _ := strings.Cut(block, "```")
		q, err := parseOne([]byte(example), reservedNames)
		if err != nil {
			t.Errorf("an example does not parse: %v\n%s", err, example)
			continue
		}
		names = append(names, q.Name)
	}
	if strings.Join(names, ",") != "demographics,post_ratings,recognition" {
		t.Errorf("examples %v, want the three of the issue", names)
	}
}
