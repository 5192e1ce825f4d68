package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"feedlab/export"
)

// TestEveryOutputEndsWithANewline runs every subcommand that finishes by itself and checks
// that what it writes to stdout and stderr ends each line with a newline, so a shell prompt
// or a script reading lines never gets a half line (issue 14, item 7). serve is checked by
// its own tests (it runs until stopped).
func TestEveryOutputEndsWithANewline(t *testing.T) {
	data := t.TempDir()
	set := importFixtureSet(t, data, "lines", 3) // sets import, checked below by its output
	media := t.TempDir()
	for i := 1; i <= 3; i++ {
		writePNG(t, filepath.Join(media, fmt.Sprintf("card%d.png", i)), 90+i)
	}
	importOut, importErr := mustCLI(t, "", "sets", "import", "--name", "again", "--category", "news", "--media", media, filepath.Join("testdata", "stimuli.tsv"), "--data", data)
	for _, out := range []string{importOut, importErr} {
		if out != "" && !strings.HasSuffix(out, "\n") {
			t.Errorf("sets import: output ends without a newline: %q", tail(out))
		}
	}
	// A study with a setting that has no effect, so study create also writes a warning.
	params := filepath.Join(t.TempDir(), "params.csv")
	os.WriteFile(params, []byte("condition,param,value\n1,entity_sets,\"[{\"\"entity_set\"\":\"\""+set.name+"\"\"}]\"\n1,redirect-url,https://example.org/done\n"), 0o644)
	id := lastLine(mustOut(t, "", "study", "create", "--from", params, "--data", data))

	runs := [][]string{
		{"version"},
		{"help"},
		{"researcher", "add", "ada", "--password-stdin", "--data", data},
		{"researcher", "add", "bob", "--data", data}, // the interactive prompt, answered on stdin
		{"researcher", "list", "--data", data},
		{"study", "create", "--from", params, "--data", data},
		{"backup", "--out", filepath.Join(t.TempDir(), "b.db"), "--data", data},
	}
	for _, typ := range export.Types {
		target := id
		if typ == export.TypeStimulusSet {
			target = set.name
		}
		runs = append(runs, []string{"export", "--study", target, "--type", typ, "--data", data})
	}
	for _, args := range runs {
		stdout, stderr, err := cli(t, "a long enough password\n", args...)
		if err != nil {
			t.Errorf("feedlab %s: %v", strings.Join(args, " "), err)
			continue
		}
		for name, out := range map[string]string{"stdout": stdout, "stderr": stderr} {
			if out != "" && !strings.HasSuffix(out, "\n") {
				t.Errorf("feedlab %s: %s ends without a newline: %q", strings.Join(args, " "), name, tail(out))
			}
		}
		if args[0] == "study" && !strings.Contains(stderr, "warning: line 3: condition 1: redirect-url: has no effect") {
			t.Errorf("study create: stderr %q lacks the redirect-url warning", stderr)
		}
	}
}

// mustOut runs a command that must succeed and returns its stdout.
func mustOut(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	out, _ := mustCLI(t, stdin, args...)
	return out
}

func tail(s string) string {
	if len(s) > 80 {
		return "…" + s[len(s)-80:]
	}
	return s
}
