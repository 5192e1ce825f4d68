package questionnaire

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
)

// Every built-in is a valid custom definition stored as `questionnaire show` prints it
// (the canonical JSON, so a file and its printout never differ), that reads back as the
// same questionnaire and is refused under its own, reserved name.
func TestBuiltinsAreValidDefinitions(t *testing.T) {
	t.Parallel()
	qs := Builtins()
	if len(qs) != 13 {
		t.Fatalf("%d built-ins with questions, want 13", len(qs))
	}
	files, _ := filepath.Glob("builtins/*.json")
	if len(files) != len(BuiltinOrder) {
		t.Errorf("%d files in builtins/, %d names in BuiltinOrder", len(files), len(BuiltinOrder))
	}
	for _, q := range qs {
		out, err := json.MarshalIndent(q, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		file, err := os.ReadFile(filepath.Join("builtins", q.Name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		if string(file) != string(out)+"\n" {
			t.Errorf("builtins/%s.json is not written as the format writes it; write it as:\n%s", q.Name, out)
		}
		again, err := parseOne(out, nil)
		if err != nil {
			t.Errorf("%s does not parse as a custom definition: %v", q.Name, err)
			continue
		}
		if !reflect.DeepEqual(again, q) {
			t.Errorf("%s changes when read back:\n%s", q.Name, out)
		}
		if _, err := parseOne(out, []string{q.Name}); err == nil {
			t.Errorf("%s accepted under its reserved name", q.Name)
		}
	}
	age, _ := Builtin("form")
	if it := age.Pages[0].Items[0]; it.ID != "age" || it.Type != Number || !it.Integer || *it.Min != 0 || !it.MinExclusive || *it.Max != 99 || it.Invalid != "Enter a valid number" {
		t.Errorf("form's age %+v", it)
	}
	smu, _ := Builtin("socialmediause")
	for _, it := range smu.Pages[0].Items {
		if it.Type == Slider && (it.Default == nil || *it.Default != 50 || len(it.Labels) != 2 || it.Unit != "%") {
			t.Errorf("slider %+v", it)
		}
	}
	ac, _ := Builtin("ac")
	if f := ac.Fields(); !slices.Equal(f, []string{"attentioncheck1"}) {
		t.Errorf("ac stores %v, want only its attention check", f)
	}
	if _, ok := Builtin("custom-msg"); ok {
		t.Error("the end message page is not a questionnaire")
	}
}
