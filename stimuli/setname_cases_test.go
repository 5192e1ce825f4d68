package stimuli

import (
	"encoding/json"
	"os"
	"testing"
	"time"
)

// TestSetNameSharedCases runs the cases the upload page's test also runs
// (testdata/setname_cases.json), so the name shown before Submit is the name stored.
func TestSetNameSharedCases(t *testing.T) {
	data, err := os.ReadFile("testdata/setname_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct {
			Name  string  `json:"name"`
			Now   string  `json:"now"`
			Ident string  `json:"ident"`
			Want  *string `json:"want"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			now, err := time.Parse(time.RFC3339, c.Now)
			if err != nil {
				t.Fatal(err)
			}
			got, err := SetName(now, c.Ident)
			if c.Want == nil {
				if err == nil {
					t.Fatalf("SetName(%q) = %q; want an error", c.Ident, got)
				}
				return
			}
			if err != nil || got != *c.Want {
				t.Fatalf("SetName(%q) = %q, %v; want %q", c.Ident, got, err, *c.Want)
			}
		})
	}
}
