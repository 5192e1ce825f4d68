package api

import (
	"encoding/json"
	"regexp"
	"testing"
)

// FuzzTextMatchesEncodingJSON: a text field decodes every JSON string literal exactly as
// encoding/json decodes it into a string, through plainString's shortcut or not.
func FuzzTextMatchesEncodingJSON(f *testing.F) {
	for _, s := range []string{`"lg-f1-1"`, `"caf\u00e9"`, `"ça va"`, `"a\"b"`, `"\ud83d\ude00"`, "\"\xff\"", "\"tab\there\"", `""`, `"`, `"x`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, lit []byte) {
		var want string
		wantErr := json.Unmarshal(lit, &want)
		if wantErr != nil || len(lit) == 0 || lit[0] != '"' {
			return // not a string literal: text decodes those by other rules
		}
		var got text
		if err := got.UnmarshalJSON(lit); err != nil {
			t.Fatalf("%q: %v, encoding/json gives %q", lit, err, want)
		}
		if string(got) != want {
			t.Fatalf("%q: text %q, encoding/json %q", lit, got, want)
		}
	})
}

// FuzzIsIDMatchesThePatterns: isID accepts exactly what the documented patterns accept.
func FuzzIsIDMatchesThePatterns(f *testing.F) {
	id, eventID := regexp.MustCompile(`^[A-Za-z0-9_.:@+-]+$`), regexp.MustCompile(`^[A-Za-z0-9_.:-]+$`)
	for _, s := range []string{"", "PROLIFIC_5f3a", "a@b+c", "lg-f1-1", "#arrival/x", "é", "a b", "a\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if isID(s, idExtra) != id.MatchString(s) || isID(s, eventIDExtra) != eventID.MatchString(s) {
			t.Fatalf("%q: isID %v/%v, patterns %v/%v", s, isID(s, idExtra), isID(s, eventIDExtra), id.MatchString(s), eventID.MatchString(s))
		}
	})
}
