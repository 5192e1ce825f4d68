package cli

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A built-in shown by `questionnaire show` is the bare definition: renamed, it goes into a
// params.csv's questionnaires, and `study create` makes a study whose forms name it.
func TestQuestionnaireShowStartsACustomQuestionnaire(t *testing.T) {
	t.Parallel()
	out, _ := mustCLI(t, "", "questionnaire", "show", "crt")
	var q map[string]any
	if err := json.Unmarshal([]byte(out), &q); err != nil {
		t.Fatalf("not a JSON object: %v\n%s", err, out)
	}
	if q["name"] != "crt" || q["title"] != "Word problems" || !strings.Contains(out, `"id": "crt_emily-april-may"`) {
		t.Fatalf("crt shown as\n%s", out)
	}

	data := t.TempDir()
	set := importFixtureSet(t, data, "qshow", 1)
	write := func(questionnaires string) string {
		p := filepath.Join(t.TempDir(), "params.csv")
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		w := csv.NewWriter(f)
		w.WriteAll([][]string{
			{"condition", "param", "value"},
			{"1", "entity_sets", `[{"entity_set":"` + set.name + `"}]`},
			{"1", "questionnaires", questionnaires},
			{"1", "forms", `["my_crt","final"]`},
		})
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		return p
	}
	q["name"] = "my_crt"
	mine, _ := json.Marshal([]any{q})
	created, _ := mustCLI(t, "", "study", "create", "--from", write(string(mine)), "--data", data)
	if !experimentIDPattern.MatchString(lastLine(created)) {
		t.Fatalf("study create printed %q", created)
	}

	// Unchanged, it keeps the built-in's name, which is refused, naming the questionnaire;
	// nothing is created.
	before := studyCount(t, data)
	as, _ := json.Marshal([]any{json.RawMessage(out)})
	_, _, err := cli(t, "", "study", "create", "--from", write(string(as)), "--data", data)
	if err == nil || !strings.Contains(err.Error(), `questionnaires: questionnaire "crt": the name is a built-in questionnaire's`) {
		t.Errorf("the built-in's own name: %v", err)
	}
	if studyCount(t, data) != before {
		t.Error("a refused study was created")
	}

	for _, bad := range [][]string{{"questionnaire", "show", "nope"}, {"questionnaire", "show", "custom-msg"}, {"questionnaire", "show"}, {"questionnaire"}} {
		if _, _, err := cli(t, "", bad...); err == nil {
			t.Errorf("feedlab %s succeeded", strings.Join(bad, " "))
		}
	}
}

// `questionnaire show NAME --language TAG` prints feedlab's translation, as its file is
// written, for the language's participants (es-MX reads es); for a language without one it
// prints English and says so on stderr only; a tag that is none is refused.
func TestQuestionnaireShowInALanguage(t *testing.T) {
	t.Parallel()
	file, err := os.ReadFile("../questionnaire/builtins/es/final.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range []string{"es", "es-MX"} {
		out, errOut := mustCLI(t, "", "questionnaire", "show", "final", "--language", tag)
		if out != string(file) || errOut != "" {
			t.Errorf("--language %s printed\n%s\nstderr %q", tag, out, errOut)
		}
	}
	english, _ := mustCLI(t, "", "questionnaire", "show", "final")
	// Through main in a process of its own: stdout holds only the definition, exit 0.
	out, errOut, code := runMain(t, "", "questionnaire", "show", "--language", "he", "final")
	if code != 0 || out != english || !strings.Contains(errOut, "feedlab has no he translation of final: its participants read it in English") {
		t.Errorf("--language he exited %d, printed\n%s\nstderr %q", code, out, errOut)
	}
	if out, errOut := mustCLI(t, "", "questionnaire", "show", "final", "--language", "en-GB"); out != english || errOut != "" {
		t.Errorf("--language en-GB printed stderr %q", errOut)
	}
	if _, _, err := cli(t, "", "questionnaire", "show", "final", "--language", "not a tag"); err == nil || !strings.Contains(err.Error(), "is not a language tag") {
		t.Errorf("an invalid tag: %v", err)
	}
}
