package questionnaire

import (
	"encoding/json"
	"reflect"
	"testing"
)

// Every built-in, printed as `questionnaire show` prints it, is a valid custom definition
// (once renamed: its own name is reserved) that reads back as the same questionnaire,
// with every answer field of the participant page under the same name.
func TestBuiltinsAreValidDefinitions(t *testing.T) {
	t.Parallel()
	qs := Builtins()
	if len(qs) != 13 {
		t.Fatalf("%d built-ins with questions, want 13", len(qs))
	}
	for _, q := range qs {
		out, err := json.Marshal(q)
		if err != nil {
			t.Fatal(err)
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
	if it := age.Pages[0].Items[0]; it.ID != "age" || it.Type != Number || !it.Integer || *it.Min != 1 || *it.Max != 99 {
		t.Errorf("form's age %+v", it)
	}
	smu, _ := Builtin("socialmediause")
	for _, it := range smu.Pages[0].Items {
		if it.Type == Slider && (it.Default == nil || *it.Default != 50 || len(it.Labels) != 2) {
			t.Errorf("slider %+v", it)
		}
	}
	if _, ok := Builtin("custom-msg"); ok {
		t.Error("the end message page is not a questionnaire")
	}
}
