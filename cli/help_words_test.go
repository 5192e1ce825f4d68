package cli

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var flagName = regexp.MustCompile(`--([a-z][a-z0-9-]*)`)

// serveFlags are the --flags in the serve part of a usage text: from its "feedlab serve"
// line to the next command's line.
func serveFlags(t *testing.T, text, prefix string) []string {
	t.Helper()
	var out []string
	in := false
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(strings.TrimPrefix(line, prefix))
		if strings.HasPrefix(trimmed, "feedlab ") {
			in = strings.HasPrefix(trimmed, "feedlab serve")
		}
		if !in {
			continue
		}
		for _, m := range flagName.FindAllStringSubmatch(line, -1) {
			if !slices.Contains(out, m[1]) {
				out = append(out, m[1])
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no serve flags found")
	}
	return out
}

// feedlab help lists every serve flag the README lists and every flag serve takes, so
// the three cannot drift apart.
func TestHelpListsEveryServeFlag(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(readme), "## Command line\n\n```\n")
	if !ok {
		t.Fatal("README has no Command line block")
	}
	block, _, _ = strings.Cut(block, "```")
	help, _ := mustCLI(t, "", "help")
	inHelp := serveFlags(t, help, "")
	for _, f := range serveFlags(t, block, "") {
		if !slices.Contains(inHelp, f) {
			t.Errorf("README lists serve --%s; feedlab help does not", f)
		}
	}
	// Every flag serve really takes (its own --help, the flag package's list).
	_, defaults, _ := cli(t, "", "serve", "--help")
	real := regexp.MustCompile(`(?m)^  -([a-z][a-z0-9-]*)`).FindAllStringSubmatch(defaults, -1)
	if len(real) < 10 {
		t.Fatalf("serve --help listed %d flags:\n%s", len(real), defaults)
	}
	for _, m := range real {
		if !slices.Contains(inHelp, m[1]) {
			t.Errorf("serve takes --%s; feedlab help does not list it", m[1])
		}
	}
}
