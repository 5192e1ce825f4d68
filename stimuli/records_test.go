package stimuli

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func record(extra ...string) map[string]string {
	m := map[string]string{"source_url": "https://u", "filename": "f", "retrieve_date": "d", "entity_type": "t"}
	for i := 0; i+1 < len(extra); i += 2 {
		m[extra[i]] = extra[i+1]
	}
	return m
}

func TestFromRecords(t *testing.T) {
	tests := []struct {
		name    string
		in      []map[string]string
		cols    []string
		rows    []Row
		wantErr string
	}{
		{
			name: "required, headline, covariates sorted; headline decoded",
			in: []map[string]string{
				record("zeta", "1", "headline", "Hello%20World!%2B+%E2%9C%93", "entity_url", "/media/u.png", "alpha", "a"),
				record("alpha", "b", "zeta", "2", "entity_url", "/media/u.png", "headline", ""),
			},
			cols: []string{"source_url", "filename", "retrieve_date", "entity_type", "headline", "alpha", "entity_url", "zeta"},
			rows: []Row{
				{Line: 1, SourceURL: "https://u", Filename: "f", RetrieveDate: "d", EntityType: "t", Headline: "Hello World!++✓",
					Extra: []Field{{"alpha", "a"}, {"entity_url", "/media/u.png"}, {"zeta", "1"}}},
				{Line: 2, SourceURL: "https://u", Filename: "f", RetrieveDate: "d", EntityType: "t",
					Extra: []Field{{"alpha", "b"}, {"entity_url", "/media/u.png"}, {"zeta", "2"}}},
			},
		},
		{
			name: "no headline, names and values trimmed",
			in:   []map[string]string{{" source_url": " https://u ", "filename ": "f", "retrieve_date": "d", "entity_type": "t", " x ": " 1 "}},
			cols: []string{"source_url", "filename", "retrieve_date", "entity_type", "x"},
			rows: []Row{{Line: 1, SourceURL: "https://u", Filename: "f", RetrieveDate: "d", EntityType: "t", Extra: []Field{{"x", "1"}}}},
		},

		{name: "nil", in: nil, wantErr: "stimuli: no stimuli: the upload has no rows"},
		{name: "empty", in: []map[string]string{}, wantErr: "stimuli: no stimuli: the upload has no rows"},
		{name: "missing required", in: []map[string]string{{"source_url": "https://u", "retrieve_date": "d", "headline": "h"}},
			wantErr: "stimuli: missing required column(s): filename, entity_type"},
		{name: "later record missing a column", in: []map[string]string{record("a", "1", "b", "2"), record("b", "2", "c", "3")},
			wantErr: "stimuli: record 2: columns differ from record 1: missing a; unexpected c"},
		{name: "later record missing a required column", in: []map[string]string{record(), {"source_url": "https://u", "filename": "f", "retrieve_date": "d"}},
			wantErr: "stimuli: record 2: columns differ from record 1: missing entity_type"},
		{name: "bad escape", in: []map[string]string{record("headline", "ok"), record("headline", "100%zz")},
			wantErr: `stimuli: record 2: headline: invalid URL escape "%zz"`},
		{name: "escape decodes to invalid UTF-8", in: []map[string]string{record("headline", "%FF")},
			wantErr: "stimuli: record 1: headline: escapes do not decode to valid UTF-8"},
		{name: "decoded headline with a line break", in: []map[string]string{record("headline", "a%0Ab")},
			wantErr: "stimuli: record 1: column headline contains a tab or line break"},
		{name: "covariate with a tab", in: []map[string]string{record("x", "a\tb")},
			wantErr: "stimuli: record 1: column x contains a tab or line break"},
		{name: "empty required value", in: []map[string]string{record("filename", " ")},
			wantErr: "stimuli: record 1: column filename is empty"},
		{name: "value too long", in: []map[string]string{record("x", strings.Repeat("a", MaxFieldBytes+1))},
			wantErr: "stimuli: record 1: column x is 10001 bytes long"},
		{name: "invalid UTF-8 value", in: []map[string]string{record("x", "\xff")},
			wantErr: "stimuli: record 1: column x is not valid UTF-8"},
		{name: "names collide once trimmed", in: []map[string]string{record("x", "1", " x", "2")},
			wantErr: `stimuli: record 1: duplicate column "x"`},
		{name: "empty column name", in: []map[string]string{record(" ", "1")},
			wantErr: "stimuli: record 1: a column has no name"},
		{name: "too many records", in: make([]map[string]string, MaxRows+1),
			wantErr: "stimuli: 100001 stimuli; the limit is 100000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FromRecords(tt.in)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error = %v, want it to contain %q", err, tt.wantErr)
				}
				if !errors.Is(err, ErrInvalid) {
					t.Errorf("error %v does not match ErrInvalid", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if !reflect.DeepEqual(got.Columns, tt.cols) {
				t.Errorf("Columns = %q, want %q", got.Columns, tt.cols)
			}
			if !reflect.DeepEqual(got.Rows, tt.rows) {
				t.Errorf("Rows =\n%#v\nwant\n%#v", got.Rows, tt.rows)
			}
		})
	}
}

// A set built from records could have been pasted as TSV: writing it out and
// parsing it back gives the same set.
func TestFromRecordsRoundTripsThroughTSV(t *testing.T) {
	set, err := FromRecords([]map[string]string{
		record("headline", "Caf%C3%A9%20news", "b", "2", "a", ""),
		record("headline", "", "b", "x y", "a", "1"),
	})
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseTSV(strings.NewReader(formatTSV(set)))
	if err != nil {
		t.Fatalf("parse back: %v", err)
	}
	if !sameSet(set, back) {
		t.Fatalf("round trip changed the set:\n%#v\n%#v", set, back)
	}
}

// TestHeadlineDecoding: the upload's headline arrives as encodeURIComponent wrote it; '+'
// stays a plus sign, and malformed escapes or escapes that are not UTF-8 refuse the upload.
func TestHeadlineDecoding(t *testing.T) {
	tests := []struct {
		in, want, wantErr string
	}{
		{in: "", want: ""},
		{in: "Plain headline", want: "Plain headline"},
		{in: "a%20b", want: "a b"},
		{in: "a+b", want: "a+b"},
		{in: "a%2Bb%2bc", want: "a+b+c"},
		{in: "%E2%9C%93%20%C3%A9", want: "✓ é"},
		{in: "it's%20(not)%20*that*%20~bad!", want: "it's (not) *that* ~bad!"},
		{in: "100%", wantErr: `stimuli: record 1: headline: invalid URL escape "%"`},
		{in: "%zz", wantErr: `stimuli: record 1: headline: invalid URL escape "%zz"`},
		{in: "%4", wantErr: `invalid URL escape "%4"`},
		{in: "%E2%9C", wantErr: "stimuli: record 1: headline: escapes do not decode to valid UTF-8"},
		{in: "%C0%AF", wantErr: "escapes do not decode to valid UTF-8"},
	}
	for _, tt := range tests {
		set, err := FromRecords([]map[string]string{record("headline", tt.in)})
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.Is(err, ErrInvalid) {
				t.Errorf("headline %q: error = %v, want %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || len(set.Rows) != 1 || set.Rows[0].Headline != tt.want {
			t.Errorf("headline %q: %+v, %v; want %q", tt.in, set.Rows, err, tt.want)
		}
	}
}

// formatTSV writes a set as TSV text, the inverse of ParseTSV.
func formatTSV(s Set) string {
	var b strings.Builder
	b.WriteString(strings.Join(s.Columns, "\t") + "\n")
	for _, r := range s.Rows {
		vals := make([]string, len(s.Columns))
		for i, c := range s.Columns {
			vals[i], _ = r.Value(c)
		}
		b.WriteString(strings.Join(vals, "\t") + "\n")
	}
	return b.String()
}

// sameSet compares two sets, ignoring where the rows came from.
func sameSet(a, b Set) bool {
	if !reflect.DeepEqual(a.Columns, b.Columns) || len(a.Rows) != len(b.Rows) {
		return false
	}
	for i := range a.Rows {
		x, y := a.Rows[i], b.Rows[i]
		x.Line, y.Line = 0, 0
		if !reflect.DeepEqual(x, y) {
			return false
		}
	}
	return true
}
