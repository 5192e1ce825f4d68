package reconcile

import (
	"encoding/csv"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"
)

// readWithEncodingCSV is what the reader must agree with: encoding/csv's non-blank records
// and the line each starts on.
func readWithEncodingCSV(text string) ([]Row, error) {
	text = strings.TrimPrefix(text, "\ufeff")
	first, _, _ := strings.Cut(text, "\n")
	r := csv.NewReader(strings.NewReader(text))
	if strings.Contains(first, "\t") && !strings.Contains(first, ",") {
		r.Comma = '\t'
	}
	r.FieldsPerRecord = -1
	var out []Row
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		line, _ := r.FieldPos(0)
		if !blank(rec) {
			out = append(out, Row{Line: line, Fields: rec})
		}
	}
}

// FuzzReaderMatchesEncodingCSV: on any UTF-8 text within the limits, the bounded reader
// reads the records and line numbers encoding/csv reads, and refuses what it refuses.
func FuzzReaderMatchesEncodingCSV(f *testing.F) {
	for _, s := range []string{
		"a,b\nc,d\n", "\"a\"\"b\",c\r\n\r\nd", "\"multi\nline\",x\ny\n", "a\tb\nc\td\n", "a,\"b\n",
		"a,b\"c\n", "\"a\"b,c\n", "\n\n,\n a , b \n", "x\r", "\"x\r\ny\",z\r\n", "\ufeffWorkerId\nW1\n", "\"\"\n\"\",\"\"",
		"a\r\rb\n", "\"a\"\n\"b", "a,b\n\"c\"\"\"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) || strings.HasPrefix(text, "\xff\xfe") || strings.HasPrefix(text, "\xfe\xff") {
			return
		}
		want, wantErr := readWithEncodingCSV(text)
		got, err := readRecords(strings.NewReader(text))
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("%q: reader %v, encoding/csv %v", text, err, wantErr)
		}
		if err != nil {
			if _, ok := err.(*InputError); !ok {
				t.Fatalf("%q: not an InputError: %v", text, err)
			}
			return
		}
		if len(got) != len(want) {
			t.Fatalf("%q: %d records, encoding/csv %d: %v vs %v", text, len(got), len(want), got, want)
		}
		for i := range got {
			if got[i].Line != want[i].Line || strings.Join(got[i].Fields, "\x00") != strings.Join(want[i].Fields, "\x00") || len(got[i].Fields) != len(want[i].Fields) {
				t.Fatalf("%q: record %d %d:%q, encoding/csv %d:%q", text, i, got[i].Line, got[i].Fields, want[i].Line, want[i].Fields)
			}
		}
	})
}

// TestReaderRefusesOversizedListsWhileReading: each limit is met while reading, with a
// message naming it, after reading no more than the limit and without growing the heap in
// proportion to what was sent (one 8 MB line of commas took 890 MB with encoding/csv).
func TestReaderRefusesOversizedListsWhileReading(t *testing.T) {
	big := 64 << 20
	for _, c := range []struct {
		name string
		src  func() io.Reader
		has  string
	}{
		{"a line of commas", func() io.Reader { return io.MultiReader(strings.NewReader("Participant id\n"), repeat(',', big)) }, "more than 500 columns"},
		{"one endless line", func() io.Reader { return io.MultiReader(strings.NewReader("Participant id\nP1,"), repeat('x', big)) }, "Line 2 is longer than 256 KB"},
		{"an endless quoted field", func() io.Reader {
			return io.MultiReader(strings.NewReader("Participant id,Note\nP1,\""), repeatLine("xxxxxxxxxxxxxxx\n", big))
		}, "Line 2 has a field longer than 64 KB"},
		{"a record of many quoted lines", func() io.Reader {
			return io.MultiReader(strings.NewReader("Participant id,Note\nP1"), repeatLine(",\""+strings.Repeat(strings.Repeat("x", 99)+"\n", 10)+"\"", big))
		}, "Line 2 starts a record longer than 256 KB"},
		{"too many bytes", func() io.Reader {
			return io.MultiReader(strings.NewReader("Participant id\n"), repeatLine("P"+strings.Repeat("1", 198)+"\n", big))
		}, "larger than 8 MB"},
		{"too many rows", func() io.Reader {
			return io.MultiReader(strings.NewReader("Participant id\n"), strings.NewReader(strings.Repeat("P\n", MaxRows+1)))
		}, "more than 100000 lines"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := &counting{r: c.src()}
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := Read(src, "", "")
			runtime.ReadMemStats(&after)
			var ie *InputError
			if !errors.As(err, &ie) || !ie.TooLarge || !strings.Contains(ie.Message, c.has) {
				t.Fatalf("err %v, want a size limit saying %q", err, c.has)
			}
			if src.n > MaxBytes+MaxLineBytes {
				t.Errorf("read %d bytes before refusing", src.n)
			}
			if c.name != "too many bytes" && c.name != "too many rows" && src.n > 2*MaxLineBytes {
				t.Errorf("read %d bytes before refusing a single line", src.n)
			}
			// The rows within the limit are kept until refused: at most the limit's bytes
			// (as strings), never a multiple of what was sent.
			if grew := after.TotalAlloc - before.TotalAlloc; grew > 4*MaxBytes {
				t.Errorf("allocated %d MB reading a refused list", grew>>20)
			}
		})
	}
}

type counting struct {
	r io.Reader
	n int
}

func (c *counting) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// repeat is n bytes of b, made as they are read.
func repeat(b byte, n int) io.Reader { return repeatLine(string(b), n) }

func repeatLine(s string, n int) io.Reader {
	return io.LimitReader(&cycle{s: s}, int64(n))
}

type cycle struct {
	s string
	i int
}

func (c *cycle) Read(p []byte) (int, error) {
	for k := range p {
		p[k] = c.s[c.i]
		c.i = (c.i + 1) % len(c.s)
	}
	return len(p), nil
}
