package feed

import (
	"fmt"
	"regexp"
	"strings"
)

// Starlark's compiler speaks to people who write parsers ("got newline, want primary
// expression"); a researcher who writes a ranking script reads the plain words below.
// Messages not recognised here are kept as Starlark wrote them.

var (
	undefinedName = regexp.MustCompile(`^undefined: (\S+)(?: \(did you mean (\S+)\?\))?$`)
	gotWant       = regexp.MustCompile(`^got (.+), want (.+)$`)
)

// tokenWords names Starlark's tokens as a reader sees them.
var tokenWords = map[string]string{
	"newline":            "the end of the line",
	"EOF":                "the end of the script",
	"indent":             "an indented line",
	"outdent":            "a line with less indentation",
	"identifier":         "a name",
	"primary expression": "a value",
	"string":             "a text in quotes",
	"int":                "a number",
	"float":              "a number",
}

// notStarlark are Python words Starlark does not have.
var notStarlark = map[string]bool{
	"import": true, "class": true, "try": true, "except": true, "finally": true, "raise": true,
	"with": true, "yield": true, "global": true, "nonlocal": true, "is": true, "del": true, "assert": true,
}

func tokenWord(t string) string {
	if w, ok := tokenWords[t]; ok {
		return w
	}
	if strings.HasPrefix(t, "'") {
		return t
	}
	return "'" + t + "'"
}

// plainScriptMessage rewords a Starlark compile error for a researcher.
func plainScriptMessage(msg string) string {
	if m := undefinedName.FindStringSubmatch(msg); m != nil {
		if m[2] != "" {
			return fmt.Sprintf("undefined name '%s' (did you mean '%s'?)", m[1], m[2])
		}
		return fmt.Sprintf("undefined name '%s'", m[1])
	}
	if msg == "unexpected newline in string" {
		return "a text in quotes is not closed on its line"
	}
	if m := gotWant.FindStringSubmatch(msg); m != nil {
		if notStarlark[m[1]] {
			return fmt.Sprintf("'%s' is Python, not Starlark: ranking scripts cannot use it", m[1])
		}
		return fmt.Sprintf("expected %s here, found %s", tokenWord(m[2]), tokenWord(m[1]))
	}
	return msg
}
