package stimuli

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func FuzzParseTSV(f *testing.F) {
	for _, s := range []string{
		"",
		header,
		lines(header, "https://u\tf\td\tt"),
		"\uFEFF" + header + "\theadline\tage\r\nhttps://u\tf\td\tt\th\t1\r\n\r\n",
		lines("headline\tsource_url\tx\tfilename\tretrieve_date\tentity_type", "h\thttps://u\t\tf\td\tt", "", " \t https://u\t\tf\td\tt"),
		lines(header+"\tx\tx", "https://u\tf\td\tt\t1\t2"),
		lines(header, "https://u\tf\xff\td\tt"),
		header + "\ru\tf\td\tt",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		set, err := ParseTSV(strings.NewReader(in))
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("input error does not match ErrInvalid: %v", err)
			}
			return
		}
		checkSet(t, set)
		back, err := ParseTSV(strings.NewReader(formatTSV(set)))
		if err != nil {
			t.Fatalf("accepted set does not parse back: %v", err)
		}
		if !sameSet(set, back) {
			t.Fatalf("round trip changed the set:\n%#v\n%#v", set, back)
		}
	})
}

// checkSet asserts what every accepted set promises.
func checkSet(t *testing.T, set Set) {
	t.Helper()
	if len(set.Rows) == 0 || len(set.Rows) > MaxRows {
		t.Fatalf("%d rows", len(set.Rows))
	}
	if len(set.Columns) > MaxColumns {
		t.Fatalf("%d columns", len(set.Columns))
	}
	var extra []string
	seen := map[string]bool{}
	for _, c := range set.Columns {
		if c == "" || c != strings.TrimSpace(c) || seen[c] || !validValue(c) {
			t.Fatalf("bad or duplicate column name %q in %q", c, set.Columns)
		}
		seen[c] = true
		if c != ColHeadline && !slices.Contains(RequiredColumns, c) {
			extra = append(extra, c)
		}
	}
	for _, req := range RequiredColumns {
		if !seen[req] {
			t.Fatalf("required column %s missing from %q", req, set.Columns)
		}
	}
	prevLine := 0
	for _, r := range set.Rows {
		if r.Line <= prevLine {
			t.Fatalf("line %d after line %d", r.Line, prevLine)
		}
		prevLine = r.Line
		for _, v := range []string{r.SourceURL, r.Filename, r.RetrieveDate, r.EntityType} {
			if v == "" || !validValue(v) {
				t.Fatalf("line %d: bad required value %q", r.Line, v)
			}
		}
		if !validValue(r.Headline) || (!seen[ColHeadline] && r.Headline != "") {
			t.Fatalf("line %d: bad headline %q", r.Line, r.Headline)
		}
		if len(r.Extra) != len(extra) {
			t.Fatalf("line %d: %d extra fields, want %d", r.Line, len(r.Extra), len(extra))
		}
		for i, fld := range r.Extra {
			if fld.Name != extra[i] || !validValue(fld.Value) {
				t.Fatalf("line %d: extra field %d is %q=%q, want column %q", r.Line, i, fld.Name, fld.Value, extra[i])
			}
		}
	}
}

func validValue(v string) bool {
	return utf8.ValidString(v) && len(v) <= MaxFieldBytes && v == strings.TrimSpace(v) &&
		!strings.ContainsAny(v, "\t\r\n")
}

var (
	setNameRE = regexp.MustCompile(`^[0-9]{8}_[a-z0-9_]{1,15}$`)
	droppedRE = regexp.MustCompile(`[^A-Za-z0-9_]`)
)

func FuzzSetName(f *testing.F) {
	for _, s := range []string{"My News!", "", "___", "abcdefghijklmnopqrstuvwxyz", "Über", "\u212A", "\xff\xfeA"} {
		f.Add(s, int64(1795305600))
	}
	f.Fuzz(func(t *testing.T, ident string, sec int64) {
		// Keep to four-digit years, which the YYYYMMDD prefix assumes.
		now := time.Unix(sec%253402300800, 0)
		if now.Year() < 1000 {
			now = now.AddDate(2000, 0, 0)
		}
		want := strings.ToLower(droppedRE.ReplaceAllString(ident, ""))
		if len(want) > MaxSetIdentLen {
			want = want[:MaxSetIdentLen]
		}
		got, err := SetName(now, ident)
		if want == "" {
			if err == nil || !errors.Is(err, ErrInvalid) {
				t.Fatalf("SetName(%q) = %q, %v; want an error", ident, got, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("SetName(%q): %v", ident, err)
		}
		if !setNameRE.MatchString(got) {
			t.Fatalf("SetName(%q) = %q, not of the form YYYYMMDD_ident", ident, got)
		}
		if got != now.UTC().Format("20060102")+"_"+want {
			t.Fatalf("SetName(%q) = %q, want identifier %q", ident, got, want)
		}
		// Cleaning is idempotent.
		if again, err := SetName(now, got[9:]); err != nil || again != got {
			t.Fatalf("SetName of its own identifier %q = %q, %v", got[9:], again, err)
		}
	})
}
