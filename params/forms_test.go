package params

import (
	"os"
	"regexp"
	"slices"
	"testing"
)

// TestKnownFormsMatchTheFrontend keeps KnownForms equal to the questionnaires the
// participant app serves (QUESTIONNAIRE_NAMES and the custom message page of
// frontend/src/participant/forms/names.ts), so a questionnaire added on one side fails
// here until the other follows.
func TestKnownFormsMatchTheFrontend(t *testing.T) {
	src, err := os.ReadFile("../frontend/src/participant/forms/names.ts")
	if err != nil {
		t.Fatal(err)
	}
	list := regexp.MustCompile(`(?s)export const QUESTIONNAIRE_NAMES\s*=\s*\[(.*?)\]`).FindSubmatch(src)
	custom := regexp.MustCompile(`export const CUSTOM_MESSAGE_PATH\s*=\s*['"]/form/([^'"]+)['"]`).FindSubmatch(src)
	if list == nil || custom == nil {
		t.Fatal("names.ts no longer declares QUESTIONNAIRE_NAMES = [...] and CUSTOM_MESSAGE_PATH = '/form/...'")
	}
	var ts []string
	for _, m := range regexp.MustCompile(`'([^']*)'|"([^"]*)"`).FindAllSubmatch(list[1], -1) {
		ts = append(ts, string(m[1])+string(m[2]))
	}
	ts = append(ts, string(custom[1]))
	got, want := slices.Clone(KnownForms), ts
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("params.KnownForms is %v; the participant app serves %v", KnownForms, ts)
	}
}
