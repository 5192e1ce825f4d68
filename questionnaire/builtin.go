package questionnaire

import (
	"embed"
	"fmt"
	"slices"
	"sync"
)

// The built-in questionnaires are definitions in the custom format, one file each in
// builtins/ (NAME.json, written as `feedlab questionnaire show NAME` prints it). They are
// the one source of the built-ins' questions: the participant receives them from the
// server as it receives a study's own questionnaires and renders them with the same
// code, the codebooks read them and the wizard starts from them. What a built-in needs
// beyond a researcher's usual questionnaire is part of the format (heading, group,
// reverse_options, save, unmarked, min_exclusive, invalid, unit; docs/questionnaires.md).

// The folder whole: builtins/<tag>/ holds the translations (translations.go).
//
//go:embed builtins
var builtinFiles embed.FS

// BuiltinOrder is the built-ins' order in the wizard and in /viewforms: the spec's page
// order (params.Questionnaires lists the same names with the end message page; a test
// holds the two together).
var BuiltinOrder = []string{"form", "crt", "ses", "socialmediause", "lean", "imp", "ac", "aot", "ccn", "def", "exp", "ftg", "final"}

var builtins = sync.OnceValue(func() []Questionnaire {
	out := make([]Questionnaire, 0, len(BuiltinOrder))
	for _, name := range BuiltinOrder {
		q, err := readBuiltin(name)
		if err != nil {
			panic(err.Error()) // embedded files; TestBuiltinsAreValidDefinitions reads each
		}
		out = append(out, q)
	}
	return out
})

// readBuiltin parses builtins/NAME.json with the custom questionnaires' own parser (no
// name reserved: these are the names others may not take).
func readBuiltin(name string) (Questionnaire, error) {
	data, err := builtinFiles.ReadFile("builtins/" + name + ".json")
	if err != nil {
		return Questionnaire{}, fmt.Errorf("questionnaire: built-in %s: %w", name, err)
	}
	q, err := parseOne(data, nil)
	if err != nil {
		return Questionnaire{}, fmt.Errorf("questionnaire: built-in %s: %w", name, err)
	}
	if q.Name != name {
		return Questionnaire{}, fmt.Errorf("questionnaire: builtins/%s.json is called %q", name, q.Name)
	}
	return q, nil
}

// Builtins are the built-in questionnaires with questions, in the wizard's order, in the
// custom format (the end message page asks nothing and is not among them).
func Builtins() []Questionnaire { return slices.Clone(builtins()) }

// Builtin returns the built-in questionnaire called name in the custom format.
func Builtin(name string) (Questionnaire, bool) {
	i := slices.IndexFunc(builtins(), func(q Questionnaire) bool { return q.Name == name })
	if i < 0 {
		return Questionnaire{}, false
	}
	return builtins()[i], true
}
