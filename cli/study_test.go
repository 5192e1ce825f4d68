package cli

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"feedlab/store"
)

var experimentIDPattern = regexp.MustCompile(`^fl-[a-z2-9]{8}$`)

func studyCount(t *testing.T, data string) int64 {
	t.Helper()
	st, err := store.Open(t.Context(), data)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	n, _, err := st.Analytics(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestStudyCreateAndPreregistrationRoundTrip(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	set := importFixtureSet(t, data, "prereg", 1)

	out, errOut := mustCLI(t, "", "study", "create", "--from", fixtureParams(t, set.name), "--data", data)
	id := lastLine(out)
	if !experimentIDPattern.MatchString(id) {
		t.Fatalf("last stdout line %q is not an experiment_id", id)
	}
	if !strings.Contains(errOut, "2 condition(s)") {
		t.Errorf("stderr %q does not say how many conditions", errOut)
	}
	st := openStore(t, data)
	study, err := st.Study(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if study.NConditions != 2 || study.Builtin != 0 {
		t.Errorf("study %+v", study)
	}
	ps, err := st.StudyParams(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	got := map[[2]string]string{}
	for _, p := range ps {
		got[[2]string{string(rune('0' + p.Condition)), p.Param}] = p.Value
	}
	for k, want := range map[[2]string]string{
		{"1", "n-conditions"}:         "2",
		{"1", "feed-button-like"}:     "lognormal",
		{"1", "instruct"}:             "# Read this\n\nScroll, then decide: share it, or \"not\"?",
		{"1", "consent"}:              "default",
		{"1", "redirect-url"}:         "https://app.prolific.com/submissions/complete?cc=C1A2B3",
		{"2", "intervention-perc"}:    "40",
		{"2", "completion-code"}:      "FL-2026",
		{"2", "feed-button-bookmark"}: "yes",
		{"2", "entity_sets"}:          `[{"entity_set":"` + set.name + `","number_to_show":2,"randomize_between_subjects":"no"}]`,
	} {
		if got[k] != want {
			t.Errorf("condition %s %s = %q, want %q", k[0], k[1], got[k], want)
		}
	}

	// The preregistration promise: the exported parameters recreate an equal study.
	exported, _ := mustCLI(t, "", "export", "--study", id, "--type", "experiment_parameters", "--data", data)
	if !strings.HasPrefix(exported, "condition,param,value\r\n") {
		t.Fatalf("experiment_parameters export does not start with the params.csv header:\n%s", exported)
	}
	_, rows := parseCSV(t, exported)
	if len(rows) != len(ps) {
		t.Errorf("the export has %d rows, the study %d", len(rows), len(ps))
	}
	for i := range min(len(rows), len(ps)) {
		if r, p := rows[i], ps[i]; r["condition"] != strconv.Itoa(p.Condition) || r["param"] != p.Param || r["value"] != p.Value {
			t.Errorf("export row %d is %v, the study has %+v", i+1, r, p)
		}
	}
	file := filepath.Join(t.TempDir(), "prereg.csv")
	if err := os.WriteFile(file, []byte(exported), 0o644); err != nil {
		t.Fatal(err)
	}
	out2, _ := mustCLI(t, "", "study", "create", "--from", file, "--data", data)
	id2 := lastLine(out2)
	if id2 == id || !experimentIDPattern.MatchString(id2) {
		t.Fatalf("recreated study id %q (first %q)", id2, id)
	}
	ps2, err := st.StudyParams(t.Context(), id2)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ps, ps2) {
		t.Errorf("the recreated study differs:\nfirst:  %v\nsecond: %v", ps, ps2)
	}
	study2, _ := st.Study(t.Context(), id2)
	if study2.NConditions != study.NConditions {
		t.Errorf("recreated study has %d conditions, want %d", study2.NConditions, study.NConditions)
	}
	exported2, _ := mustCLI(t, "", "export", "--study", id2, "--type", "experiment_parameters", "--data", data)
	if exported2 != exported {
		t.Errorf("exports differ:\n%s\n---\n%s", exported, exported2)
	}
	if n := studyCount(t, data); n != 2 {
		t.Errorf("%d studies, want 2", n)
	}
}

func TestStudyCreateRefusesInvalidFilesAndCreatesNothing(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	set := importFixtureSet(t, data, "invalid", 2)
	// base is a valid two-condition study; each case changes or adds lines (line 1 is the header).
	base := []string{
		"condition,param,value",
		"1,n-conditions,2",
		`1,entity_sets,"[{""entity_set"":""` + set.name + `""}]"`,
		"1,feed-button-like,yes",
		`2,entity_sets,"[{""entity_set"":""` + set.name + `"",""number_to_show"":2}]"`,
		"2,intervention-type,default-modal",
		"2,intervention-perc,40",
	}
	tests := []struct {
		name    string
		line    int    // line to replace (1-based); 0 appends
		text    string // the new line
		wantErr []string
	}{
		{name: "unknown param", line: 4, text: "1,feed-buton-like,yes", wantErr: []string{"line 4", `unknown parameter "feed-buton-like"`, "feed-button-like"}},
		{name: "unknown set", line: 5, text: `2,entity_sets,"[{""entity_set"":""20200101_nosuchset""}]"`, wantErr: []string{"line 5", "entity_sets", `unknown stimulus set "20200101_nosuchset"`}},
		{name: "intervention-perc above 100", line: 7, text: "2,intervention-perc,140", wantErr: []string{"line 7", "intervention-perc", `"140"`, "1 to 100"}},
		{name: "intervention-perc zero", line: 7, text: "2,intervention-perc,0", wantErr: []string{"line 7", "intervention-perc"}},
		{name: "bad JSON in entity_sets", line: 3, text: `1,entity_sets,"[{entity_set: news}"`, wantErr: []string{"line 3", "entity_sets", "JSON list"}},
		{name: "number_to_show beyond the set", line: 5, text: `2,entity_sets,"[{""entity_set"":""` + set.name + `"",""number_to_show"":4}]"`, wantErr: []string{"line 5", "outside 1 to 3"}},
		{name: "n-conditions disagrees", line: 2, text: "1,n-conditions,3", wantErr: []string{"line 2", "n-conditions"}},
		{name: "condition not a number", line: 0, text: "two,feed,scroll", wantErr: []string{"line 8", "not a whole number"}},
		{name: "wrong field count", line: 0, text: "2,feed", wantErr: []string{"line 8", "3"}},
		{name: "given twice", line: 0, text: "1,feed-button-like,no", wantErr: []string{"line 8", "more than once", "line 4"}},
		{name: "bad header", line: 1, text: "cond,param,value", wantErr: []string{"line 1", "header"}},
		{name: "unknown form", line: 0, text: `1,forms,"[""crtt""]"`, wantErr: []string{"line 8", `unknown questionnaire "crtt"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lines := append([]string(nil), base...)
			if tc.line == 0 {
				lines = append(lines, tc.text)
			} else {
				lines[tc.line-1] = tc.text
			}
			file := filepath.Join(t.TempDir(), "params.csv")
			if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			out, _, err := cli(t, "", "study", "create", "--from", file, "--data", data)
			wantErr(t, err, slices.Concat(tc.wantErr, []string{"params.csv"})...)
			if out != "" {
				t.Errorf("stdout on error: %q", out)
			}
			if n := studyCount(t, data); n != 0 {
				t.Errorf("%d studies exist after a refused file", n)
			}
		})
	}
	// The base itself is valid, so each refusal above is due to its one change.
	file := filepath.Join(t.TempDir(), "params.csv")
	os.WriteFile(file, []byte(strings.Join(base, "\n")+"\n"), 0o644)
	mustCLI(t, "", "study", "create", "--from", file, "--data", data)
	if n := studyCount(t, data); n != 1 {
		t.Errorf("%d studies after the valid base, want 1", n)
	}
}

func TestStudyCreateFileProblems(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	empty := filepath.Join(t.TempDir(), "empty.csv")
	os.WriteFile(empty, nil, 0o644)
	headerOnly := filepath.Join(t.TempDir(), "header.csv")
	os.WriteFile(headerOnly, []byte("condition,param,value\n"), 0o644)

	_, _, err := cli(t, "", "study", "create", "--data", data)
	if !errors.Is(err, errUsage) {
		t.Errorf("no --from: %v, want a usage error", err)
	}
	_, _, err = cli(t, "", "study", "create", "--from", filepath.Join(t.TempDir(), "missing.csv"), "--data", data)
	wantErr(t, err, "missing.csv")
	_, _, err = cli(t, "", "study", "create", "--from", empty, "--data", data)
	wantErr(t, err, "empty.csv", "empty")
	_, _, err = cli(t, "", "study", "create", "--from", headerOnly, "--data", data)
	wantErr(t, err, "no rows")
	if n := studyCount(t, data); n != 0 {
		t.Errorf("%d studies", n)
	}
}

// FuzzStudyCreateCSV: whatever the file holds, study create either prints a new
// experiment_id and stores exactly that study, or fails and stores nothing; it never
// panics.
func FuzzStudyCreateCSV(f *testing.F) {
	data := f.TempDir()
	ctx := f.Context()
	// A set with a fixed name, so seeds can name it.
	st, err := store.Open(ctx, data)
	if err != nil {
		f.Fatal(err)
	}
	err = st.CreateEntitySet(ctx, store.NewSet{Name: "fz", Category: "news", Columns: []string{"source_url", "filename", "retrieve_date", "entity_type"},
		Entities: []store.NewEntity{{EntityURL: "https://a", SourceURL: "https://a", Filename: "a.png", RetrieveDate: "2026", EntityType: "image"}}}, nil)
	st.Close()
	if err != nil {
		f.Fatal(err)
	}
	f.Add("condition,param,value\n1,entity_sets,\"[{\"\"entity_set\"\":\"\"fz\"\"}]\"\n")
	f.Add("condition,param,value\n1,n-conditions,2\n1,entity_sets,\"[{\"\"entity_set\"\":\"\"fz\"\"}]\"\n2,entity_sets,\"[{\"\"entity_set\"\":\"\"fz\"\",\"\"number_to_show\"\":1}]\"\n2,intervention-type,accprompt-modal\n")
	f.Add("condition,param,value\n1,entity_sets,[]\n")
	// A value a spreadsheet would run: the parameters export is raw, so it round-trips.
	f.Add("condition,param,value\n1,title,=1+1\n1,entity_sets,\"[{\"\"entity_set\"\":\"\"fz\"\"}]\"\n")
	f.Add("condition,param,value\n1,instruct,\"a\r\nb\"\n1,entity_sets,\"[{\"\"entity_set\"\":\"\"fz\"\"}]\"\n")
	f.Add("\uFEFFcondition,param,value\n0,feed,scroll\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, content string) {
		file := filepath.Join(t.TempDir(), "params.csv")
		if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		before := studyCount(t, data)
		out, _, err := cli(t, "", "study", "create", "--from", file, "--data", data)
		after := studyCount(t, data)
		if err != nil {
			if out != "" || after != before {
				t.Fatalf("failed (%v) but printed %q and studies went %d→%d", err, out, before, after)
			}
			return
		}
		id := lastLine(out)
		if !experimentIDPattern.MatchString(id) || after != before+1 {
			t.Fatalf("succeeded with %q and studies %d→%d", out, before, after)
		}
		// Whatever was accepted can be preregistered: its export recreates an equal study.
		exported, _ := mustCLI(t, "", "export", "--study", id, "--type", "experiment_parameters", "--data", data)
		again := filepath.Join(t.TempDir(), "again.csv")
		os.WriteFile(again, []byte(exported), 0o644)
		out2, _ := mustCLI(t, "", "study", "create", "--from", again, "--data", data)
		st, err := store.Open(t.Context(), data)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		ps1, _ := st.StudyParams(t.Context(), id)
		ps2, _ := st.StudyParams(t.Context(), lastLine(out2))
		if !reflect.DeepEqual(ps1, ps2) {
			t.Fatalf("recreated study differs:\n%v\n%v", ps1, ps2)
		}
	})
}
