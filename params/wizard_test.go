package params

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestFromWizard(t *testing.T) {
	in := []Row{
		{1, "consent", "I%20agree%20%26%20consent%20%E2%9C%93%0A%2Bmore", 0},
		{1, "redirect-url", "https%3A%2F%2Fapp.prolific.com%2Fsubmissions%2Fcomplete%3Fcc%3DABC", 0},
		{1, "platform", "prolific", 0},
		{1, "completion-code", "a+b", 0},
		{1, "custom-msg", "100%25", 0},
		{1, "instruct", "", 0},
		{1, "feed", "100%25", 0}, // not an encoded parameter: left alone
		{1, "entity_sets", `[{"entity_set":"news%20a"}]`, 7},
	}
	got, err := FromWizard(in)
	if err != nil {
		t.Fatal(err)
	}
	want := []Row{
		{1, "consent", "I agree & consent ✓\n+more", 1},
		{1, "redirect-url", "https://app.prolific.com/submissions/complete?cc=ABC", 2},
		{1, "platform", "prolific", 3},
		{1, "completion-code", "a+b", 4}, // decodeURIComponent keeps '+'
		{1, "custom-msg", "100%", 5},
		{1, "instruct", "", 6},
		{1, "feed", "100%25", 7},
		{1, "entity_sets", `[{"entity_set":"news%20a"}]`, 7},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %#v\nwant %#v", got, want)
	}
	if in[0].Value != "I%20agree%20%26%20consent%20%E2%9C%93%0A%2Bmore" || in[0].Line != 0 {
		t.Error("FromWizard changed its input")
	}
}

func TestFromWizardErrors(t *testing.T) {
	in := []Row{
		{1, "consent", "100%", 0},
		{1, "feed", "scroll", 0},
		{2, "instruct", "%zz", 0},
		{2, "custom-msg", "%FF", 0},
	}
	_, err := FromWizard(in)
	want := strings.Join([]string{
		`line 1: condition 1: consent: the value is not valid URL encoding (encodeURIComponent): "100%"`,
		`line 3: condition 2: instruct: the value is not valid URL encoding (encodeURIComponent): "%zz"`,
		`line 4: condition 2: custom-msg: the value is not valid URL encoding (encodeURIComponent): "%FF"`,
	}, "\n")
	if err == nil || err.Error() != want {
		t.Fatalf("got\n%v\nwant\n%s", err, want)
	}
}

// TestWizardToStudy runs the wizard's path end to end: JSON body → rows → decode → study.
func TestWizardToStudy(t *testing.T) {
	body := `{"condition_settings":[
		{"condition":1,"param":"n-conditions","value":"2"},
		{"condition":1,"param":"entity_sets","value":"[{\"entity_set\":\"news_a\",\"number_to_show\":5,\"randomize_between_subjects\":\"yes\"}]"},
		{"condition":"2","param":"entity_sets","value":[{"entity_set":"news_b","number_to_show":"3"}]},
		{"condition":1,"param":"intervention-type","value":"default-modal"},
		{"condition":1,"param":"intervention-perc","value":40},
		{"condition":2,"param":"intervention-type","value":""},
		{"condition":2,"param":"intervention-perc","value":50},
		{"condition":1,"param":"forms","value":"[\"crt\",\"final\"]"},
		{"condition":2,"param":"forms","value":null},
		{"condition":1,"param":"feed-button-like","value":"undefined"},
		{"condition":1,"param":"consent","value":"Participation%20is%20voluntary%20%26%20anonymous."},
		{"condition":1,"param":"platform","value":"custom"},
		{"condition":1,"param":"redirect-url","value":"https%3A%2F%2Flab.example.edu%2Fthanks%3Fs%3D1"}
	]}`
	var req struct {
		ConditionSettings []Row `json:"condition_settings"`
	}
	if err := json.Unmarshal([]byte(body), &req); err != nil {
		t.Fatal(err)
	}
	rows, err := FromWizard(req.ConditionSettings)
	if err != nil {
		t.Fatal(err)
	}
	s := mustValidate(t, rows)
	c1, c2 := s.Conditions[0], s.Conditions[1]
	if c1.InterventionPerc != 40 || c2.InterventionPerc != 0 || c2.InterventionType != "" {
		t.Errorf("intervention: %+v / %+v", c1, c2)
	}
	if c1.Consent != "Participation is voluntary & anonymous." || c1.RedirectURL != "https://lab.example.edu/thanks?s=1" {
		t.Errorf("decoding: %q %q", c1.Consent, c1.RedirectURL)
	}
	if !reflect.DeepEqual(c2.EntitySets, []EntitySetChoice{{"news_b", 3, "yes"}}) || c1.EntitySets[0].NumberToShow != 5 {
		t.Errorf("entity sets: %+v / %+v", c1.EntitySets, c2.EntitySets)
	}
	if c1.Buttons["like"] != "no" || !reflect.DeepEqual(c1.Forms, []string{"crt", "final"}) || c2.Forms != nil {
		t.Errorf("buttons/forms: %+v %+v", c1.Buttons, c1.Forms)
	}
}

func TestRowJSON(t *testing.T) {
	tests := []struct {
		in      string
		want    Row
		wantErr string
	}{
		{`{"condition":3,"param":"feed","value":"swipe"}`, Row{Condition: 3, Param: "feed", Value: "swipe"}, ""},
		{`{"condition":" 2 ","param":"feed","value":null}`, Row{Condition: 2, Param: "feed"}, ""},
		{`{"condition":1,"param":"intervention-perc","value":50}`, Row{Condition: 1, Param: "intervention-perc", Value: "50"}, ""},
		{`{"condition":1,"param":"forms","value":[ "crt" , "ses" ]}`, Row{Condition: 1, Param: "forms", Value: `["crt","ses"]`}, ""},
		{`{"condition":1,"param":"x","value":true}`, Row{Condition: 1, Param: "x", Value: "true"}, ""},
		{`{"param":"feed"}`, Row{Param: "feed"}, ""},
		{`null`, Row{}, ""},
		{`{"condition":1.5,"param":"feed"}`, Row{}, `params: condition "1.5" is not a whole number`},
		{`{"condition":"one","param":"feed"}`, Row{}, `params: condition "one" is not a whole number`},
		{`{"condition":1,"param":7}`, Row{}, `params: param must be a string: json: cannot unmarshal number into Go value of type string`},
		{`[1,"feed","x"]`, Row{}, "params: row must be an object {condition, param, value}"},
	}
	for _, tt := range tests {
		var r Row
		err := json.Unmarshal([]byte(tt.in), &r)
		if tt.wantErr != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr) {
				t.Errorf("%s: got error %v, want %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || r != tt.want {
			t.Errorf("%s: got %#v, %v", tt.in, r, err)
		}
	}
	out, err := json.Marshal(Row{Condition: 2, Param: "feed", Value: "scroll", Line: 9})
	if err != nil || string(out) != `{"condition":2,"param":"feed","value":"scroll"}` {
		t.Errorf("marshal: %s %v", out, err)
	}
}
