package params

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"slices"
	"testing"
)

// checkProblems fails unless err is a non-empty Problems whose every entry says something.
func checkProblems(t *testing.T, err error) {
	t.Helper()
	var ps Problems
	if !errors.As(err, &ps) || len(ps) == 0 {
		t.Fatalf("error is not a non-empty Problems: %T %v", err, err)
	}
	for _, p := range ps {
		if p.Message == "" {
			t.Fatalf("problem without a message: %+v", p)
		}
	}
	if err.Error() == "" {
		t.Fatal("empty error message")
	}
}

// checkRoundTrip fails unless an accepted study survives every way out and back in:
// Rows, params.csv, and the participant's experiment parameters decoded as the wizard's.
func checkRoundTrip(t *testing.T, s Study) {
	t.Helper()
	again, err := Validate(s.Rows(), lookup)
	if err != nil {
		t.Fatalf("Rows rejected: %v\nrows %+v", err, s.Rows())
	}
	if !reflect.DeepEqual(again, s) {
		t.Fatalf("Rows round trip:\n got %#v\nwant %#v", again, s)
	}

	var buf bytes.Buffer
	if err := WriteCSV(&buf, s.Rows()); err != nil {
		t.Fatal(err)
	}
	rows, err := ParseCSV(&buf)
	if err != nil {
		t.Fatalf("written params.csv rejected: %v", err)
	}
	again, err = Validate(rows, lookup)
	if err != nil {
		t.Fatalf("written params.csv invalid: %v", err)
	}
	if !reflect.DeepEqual(again, s) {
		t.Fatalf("params.csv round trip:\n got %#v\nwant %#v", again, s)
	}

	var wizard []Row
	for _, c := range s.Conditions {
		for _, p := range c.ExperimentParameters() {
			if p.Param != "condition" {
				wizard = append(wizard, Row{Condition: c.Number, Param: p.Param, Value: p.Value})
			}
		}
	}
	// The algorithm's settings are not sent to participants (they could reveal the
	// manipulation); the wizard sends them as they are.
	for _, r := range s.Rows() {
		// The custom questionnaires are study-wide; the wizard sends them as they are.
		if slices.Contains(rankingParams, r.Param) || r.Param == paramQuestionnaires {
			wizard = append(wizard, r)
		}
	}
	decoded, err := FromWizard(wizard)
	if err != nil {
		t.Fatalf("experiment parameters do not decode: %v", err)
	}
	again, err = Validate(decoded, lookup)
	if err != nil || !reflect.DeepEqual(again, s) {
		t.Fatalf("experiment parameters round trip: %v\n got %#v\nwant %#v", err, again, s)
	}
}

func FuzzParseCSV(f *testing.F) {
	study, err := os.ReadFile("testdata/study.csv")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(study)
	f.Add([]byte("\uFEFFcondition,param,value\r\n1,entity_sets,\"[{\"\"entity_set\"\":\"\"news_b\"\"}]\"\r\n"))
	f.Add([]byte("condition,param,value\n1,consent,\"a\r\nb\rc\"\n1,entity_sets,[{\"entity_set\":\"news_a\"}]\n"))
	f.Add([]byte("condition,param,value\n1,feed\n"))
	f.Add([]byte("condition,param,value\n1,consent,\"abc\n"))
	f.Add([]byte("condition,param,value\n1,a\"b,c\n"))
	f.Add([]byte("condition,param,value\n99999999999999999999,feed,x\n"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		rows, err := ParseCSV(bytes.NewReader(data))
		if err != nil {
			checkProblems(t, err)
			return
		}
		if len(rows) == 0 {
			t.Fatal("accepted a file without rows")
		}
		// Whatever ParseCSV accepts, WriteCSV writes so that ParseCSV reads the same rows.
		var buf bytes.Buffer
		if err := WriteCSV(&buf, rows); err != nil {
			t.Fatal(err)
		}
		back, err := ParseCSV(&buf)
		if err != nil {
			t.Fatalf("rewritten file rejected: %v", err)
		}
		if len(back) != len(rows) {
			t.Fatalf("%d rows became %d", len(rows), len(back))
		}
		for i := range rows {
			want := rows[i]
			want.Param, want.Value = newlines(want.Param), newlines(want.Value)
			got := back[i]
			if got.Condition != want.Condition || got.Param != want.Param || got.Value != want.Value {
				t.Fatalf("row %d: %#v became %#v", i, rows[i], back[i])
			}
		}

		s, err := Validate(rows, lookup)
		if err != nil {
			checkProblems(t, err)
			return
		}
		checkRoundTrip(t, s)
		// Warnings never panic and, like problems, name a known parameter.
		for _, w := range Warnings(rows) {
			if w.Param == "" || w.Message == "" {
				t.Fatalf("warning without a parameter or message: %+v", w)
			}
		}
	})
}

func FuzzValidate(f *testing.F) {
	file, err := os.Open("testdata/study.csv")
	if err != nil {
		f.Fatal(err)
	}
	base, err := ParseCSV(file)
	file.Close()
	if err != nil {
		f.Fatal(err)
	}
	seeds := []struct {
		c1     int
		p1, v1 string
		c2     int
		p2, v2 string
	}{
		{1, "feed", "swipe", 2, "feed", "null"},
		{1, "entity_sets", `[{"entity_set":"news_a","number_to_show":"30","randomize_between_subjects":"No"}]`, 3, "entity_sets", `[{"entity_set":"news_b"}]`},
		{1, "intervention-type", "none", 2, "intervention-perc", "100"},
		{1, "intervention-video", "/media/a/b.webm", 1, "custom-msg", "\r\n\r"},
		{1, "forms", `["custom-msg","FORM"]`, 2, "consent", "undefined"},
		{1, "platform", "custom", 1, "redirect-url", "https://x.org/%zz?a=<b>#frag"},
		{2, "completion-code", " ünïcode ", 2, "platform", "MTURK"},
		{1, "n-conditions", "3", 3, "entity_sets", `[{"entity_set":"news_a"}]`},
		{0, "feed", "x", 51, "algorithm", "preference"},
		{1, "instruct", "  # Hi\n\n", 2, "instruct", "a\x00b"},
		{1, "algorithm", "custom", 1, "algorithm-script", "def rank(cards, p):\n  return [c[\"entity_id\"] for c in cards]\n"},
		{1, "algorithm", "Priority", 1, "algorithm-positions", "3, 1"},
		{1, "algorithm", "attitude_filter_feed", 1, "algorithm-covariate", "lean"},
		{2, "algorithm", "engagement", 2, "algorithm-mode", "Observed"},
		{1, "source-line", "covariate: publisher", 2, "source-time", "Covariate:x"},
		{1, "source-line", "DOMAIN", 1, "redirect-url", "https://x.org"},
		{1, "questionnaires", `[{"name":"mine","title":"T","pages":[{"items":[{"id":"a","type":"likert","text":"Q","points":5}]}]}]`, 2, "forms-before", `["mine","crt"]`},
		{2, "questionnaires", `[{"name":"mine","title":"T","pages":[{"items":[{"id":"c","type":"cards","lures":1,"items":[{"id":"s","type":"text","text":"Q"}]}]}]}]`, 1, "forms", `["mine"]`},
	}
	for _, s := range seeds {
		f.Add(s.c1, s.p1, s.v1, s.c2, s.p2, s.v2)
	}
	f.Fuzz(func(t *testing.T, c1 int, p1, v1 string, c2 int, p2, v2 string) {
		// The fuzzed rows replace the base study's rows for the same condition and param,
		// so that the fuzzer explores valid values as well as broken ones.
		var rows []Row
		for _, r := range base {
			if (r.Condition == c1 && r.Param == p1) || (r.Condition == c2 && r.Param == p2) {
				continue
			}
			rows = append(rows, r)
		}
		rows = append(rows, Row{Condition: c1, Param: p1, Value: v1, Line: 100}, Row{Condition: c2, Param: p2, Value: v2, Line: 101})
		s, err := Validate(rows, lookup)
		if err != nil {
			checkProblems(t, err)
			return
		}
		checkRoundTrip(t, s)
		// Warnings never panic and, like problems, name a known parameter.
		for _, w := range Warnings(rows) {
			if w.Param == "" || w.Message == "" {
				t.Fatalf("warning without a parameter or message: %+v", w)
			}
		}
	})
}
