package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"reflect"
	"strings"
	"testing"

	"feedlab/params"
	qdef "feedlab/questionnaire"
)

// A params.csv with the study's own questionnaires (every item type, cards and lures
// included) beside built-ins in forms and forms-before goes through Verify (the real
// check_parameters, as Start from a file and `study create --from` read it) and comes back
// as rows that, written as params.csv again, Verify answers identically: the file a study
// exports is the file that recreates it.
func TestParamsCSVWithQuestionnairesRoundTripsThroughVerify(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ada := e.researcher()
	every, err := os.ReadFile("../questionnaire/testdata/every_type.json")
	if err != nil {
		t.Fatal(err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, every); err != nil {
		t.Fatal(err)
	}
	attitude := `{"name":"attitude","title":"Your views","pages":[{"items":[{"id":"trust","type":"likert","text":"Do you *trust* the news?","points":7,"labels":["Not at all","Completely"]}]}]}`
	list := strings.Replace(compact.String(), "[", "["+attitude+",", 1)
	var file strings.Builder
	if err := params.WriteCSV(&file, []params.Row{
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"solarflare_demo"}]`},
		{Condition: 1, Param: "questionnaires", Value: list},
		{Condition: 1, Param: "forms-before", Value: `["attitude","ses"]`},
		{Condition: 1, Param: "forms", Value: `["news_items","final"]`},
		{Condition: 2, Param: "entity_sets", Value: `[{"entity_set":"solarflare_demo"}]`},
		{Condition: 2, Param: "forms", Value: `["crt"]`},
	}); err != nil {
		t.Fatal(err)
	}
	verify := func(csv string) (string, []params.Row) {
		r := e.call(ada, http.MethodPost, "/v1/check_parameters", map[string]any{"csv": csv}, "application/json")
		if r.status != 200 {
			t.Fatalf("Verify refused the file: %d %s", r.status, r.body)
		}
		raw, _ := json.Marshal(data(r)["rows"])
		var rows []params.Row
		if err := json.Unmarshal(raw, &rows); err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		if err := params.WriteCSV(&out, rows); err != nil {
			t.Fatal(err)
		}
		return out.String(), rows
	}
	first, rows := verify(file.String())
	second, _ := verify(first)
	if first != second {
		t.Errorf("params.csv changes on a second Verify:\n%s\nthen\n%s", first, second)
	}
	var got map[string]string
	for _, r := range rows {
		if r.Condition == 1 && (r.Param == "questionnaires" || r.Param == "forms-before" || r.Param == "forms") {
			if got == nil {
				got = map[string]string{}
			}
			got[r.Param] = r.Value
		}
	}
	sent, err := qdef.Parse([]byte(list), nil)
	if err != nil {
		t.Fatal(err)
	}
	back, err := qdef.Parse([]byte(got["questionnaires"]), nil)
	if err != nil || len(back) != 2 || !reflect.DeepEqual(back, sent) {
		t.Errorf("questionnaires came back as %q (%v)", got["questionnaires"], err)
	}
	if got["forms-before"] != `["attitude","ses"]` || got["forms"] != `["news_items","final"]` {
		t.Errorf("forms-before %q, forms %q", got["forms-before"], got["forms"])
	}
}
