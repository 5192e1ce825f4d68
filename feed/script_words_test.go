package feed

import (
	"errors"
	"testing"
)

func TestScriptCompileErrorsGiveLineAndColumnInPlainWords(t *testing.T) {
	tests := []struct {
		name, src string
		line, col int
		msg       string
	}{
		{"a misspelt name", "def rank(cards, participant):\n    return card\n", 2, 12, "undefined name 'card' (did you mean 'cards'?)"},
		{"an unknown name", "def rank(cards, participant):\n    return sorted(cards, key = lambda c: c[nope])\n", 2, 44, "undefined name 'nope'"},
		{"a missing colon", "def rank(cards, participant)\n    return cards\n", 1, 29, "expected ':' here, found the end of the line"},
		{"an unfinished line", "def rank(cards, participant):\n    return cards +\n", 2, 19, "expected a value here, found the end of the line"},
		{"Python's import", "def rank(cards, participant):\n    import os\n    return cards\n", 2, 5, "'import' is Python, not Starlark: ranking scripts cannot use it"},
		{"an open quote", "def rank(cards, participant):\n    x = 'abc\n    return cards\n", 2, 9, "a text in quotes is not closed on its line"},
		{"one parameter", "def rank(cards):\n    return cards\n", 1, 1, "rank takes 1 parameters; it must take two: rank(cards, participant)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var se *ScriptError
			if err := CheckScript(tt.src); !errors.As(err, &se) {
				t.Fatalf("CheckScript: %v, want a ScriptError", err)
			}
			if se.Line != tt.line || se.Column != tt.col || se.Msg != tt.msg {
				t.Fatalf("got line %d, column %d: %q; want line %d, column %d: %q", se.Line, se.Column, se.Msg, tt.line, tt.col, tt.msg)
			}
		})
	}
}

func TestUnknownStarlarkMessagesAreKept(t *testing.T) {
	if got := plainScriptMessage("something new"); got != "something new" {
		t.Fatalf("got %q", got)
	}
}
