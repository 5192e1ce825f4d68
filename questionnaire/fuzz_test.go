package questionnaire

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"testing"
)

// FuzzParseQuestionnaires: whatever a researcher pastes, Parse neither panics nor accepts
// something it cannot read back: an accepted list, written as JSON, parses to the same
// definitions, and a refused one comes with problems that each say something.
func FuzzParseQuestionnaires(f *testing.F) {
	if data, err := os.ReadFile("testdata/every_type.json"); err == nil {
		f.Add(data)
	}
	f.Add([]byte(one(`{"id":"a","type":"single","text":"T",` + yesNo + `},{"id":"b","type":"text","text":"T","show_if":{"item":"a","in":["yes"]}}`)))
	f.Add([]byte(one(`{"id":"p","type":"cards","lures":2,"items":[{"id":"s","type":"likert","text":"T","points":5}]}`)))
	f.Add([]byte(one(`{"id":"m","type":"matrix","text":"T","points":3,"statements":[{"id":"a","text":"A"}]}`)))
	f.Add([]byte(`[{"name":"q","title":"Q","pages":[{"items":[{"id":"s","type":"slider","text":"T","min":0,"max":1,"step":0.1,"default":0.5}]}]}]`))
	f.Add([]byte(`[null, {}, []]`))
	// The keys the built-ins use (questionnaire/builtins/).
	f.Add([]byte(`[{"name":"q","title":"Q","heading":"H","pages":[{"items":[{"id":"a","type":"single","text":"T","group":"G","save":false,"reverse_options":true,` + yesNo + `},{"id":"b","type":"multi","text":"T","required":false,"unmarked":true,"group":"G",` + yesNo + `},{"id":"n","type":"number","text":"T","min":0,"min_exclusive":true,"integer":true,"invalid":"Enter a whole number"},{"id":"s","type":"slider","text":"T","min":0,"max":100,"unit":"%"}],"randomize_items":true}]}]`))
	if data, err := os.ReadFile("builtins/imp.json"); err == nil {
		f.Add([]byte("[" + string(data) + "]"))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		qs, err := Parse(data, reservedNames)
		if err != nil {
			var ps Problems
			if !errors.As(err, &ps) || len(ps) == 0 || qs != nil {
				t.Fatalf("error is not a non-empty Problems: %v", err)
			}
			for _, p := range ps {
				if p.Message == "" {
					t.Fatalf("problem without a message: %+v", p)
				}
			}
			return
		}
		out, err := json.Marshal(qs)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Parse(out, reservedNames)
		if err != nil {
			t.Fatalf("accepted %q but not its written form %s: %v", data, out, err)
		}
		if len(qs) == 0 {
			qs = nil
		}
		if !reflect.DeepEqual(again, qs) {
			t.Fatalf("round trip differs:\n in %q\nout %s", data, out)
		}
	})
}
