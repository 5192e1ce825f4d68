package stimuli

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

const header = "source_url\tfilename\tretrieve_date\tentity_type"

// lines joins lines with LF, without a final line break.
func lines(ls ...string) string { return strings.Join(ls, "\n") }

func TestParseTSV(t *testing.T) {
	full := "headline\tsource_url\tpartisan\tfilename\tretrieve_date\tentity_type\tage"
	fullCols := []string{"headline", "source_url", "partisan", "filename", "retrieve_date", "entity_type", "age"}
	basicRow := func(line int) Row {
		return Row{Line: line, SourceURL: "https://x.test/a.png", Filename: "a.png", RetrieveDate: "2024-01-02",
			EntityType: "image", Headline: "Dogs & cats 100%", Extra: []Field{{"partisan", "left"}, {"age", "3"}}}
	}
	basicLine := "Dogs & cats 100%\thttps://x.test/a.png\tleft\ta.png\t2024-01-02\timage\t3"
	long := strings.Repeat("é", MaxFieldBytes/2) // exactly MaxFieldBytes bytes

	tests := []struct {
		name    string
		in      string
		cols    []string
		rows    []Row
		wantErr string // substring; "" means success
	}{
		{
			name: "header order kept, covariates in header order",
			in:   lines(full, basicLine, "H2\thttps://x.test/b.mp4\tright\tb.mp4\t2024-01-03\tvideo\t"),
			cols: fullCols,
			rows: []Row{basicRow(2), {Line: 3, SourceURL: "https://x.test/b.mp4", Filename: "b.mp4", RetrieveDate: "2024-01-03",
				EntityType: "video", Headline: "H2", Extra: []Field{{"partisan", "right"}, {"age", ""}}}},
		},
		{
			name: "CRLF line endings and final CRLF",
			in:   full + "\r\n" + basicLine + "\r\n",
			cols: fullCols,
			rows: []Row{basicRow(2)},
		},
		{
			name: "UTF-8 byte order mark",
			in:   "\uFEFF" + lines(full, basicLine),
			cols: fullCols,
			rows: []Row{basicRow(2)},
		},
		{
			name: "trailing blank lines",
			in:   lines(full, basicLine, "", "   ", "\r", "") + "\n\n",
			cols: fullCols,
			rows: []Row{basicRow(2)},
		},
		{
			name: "blank lines before header and between rows keep physical line numbers",
			in:   lines("", "  ", full, "", basicLine),
			cols: fullCols,
			rows: []Row{basicRow(5)},
		},
		{
			name: "header names and values trimmed",
			in: lines(" source_url \tfilename\t retrieve_date\tentity_type  \t note ",
				"  https://u \t f\td \t t\t  hello world "),
			cols: []string{"source_url", "filename", "retrieve_date", "entity_type", "note"},
			rows: []Row{{Line: 2, SourceURL: "https://u", Filename: "f", RetrieveDate: "d", EntityType: "t",
				Extra: []Field{{"note", "hello world"}}}},
		},
		{
			name: "no headline column, no covariates",
			in:   lines(header, "https://u\tf\td\tt"),
			cols: []string{"source_url", "filename", "retrieve_date", "entity_type"},
			rows: []Row{{Line: 2, SourceURL: "https://u", Filename: "f", RetrieveDate: "d", EntityType: "t"}},
		},
		{
			name: "headline is plain text, not URL-decoded",
			in:   lines(header+"\theadline", "https://u\tf\td\tt\ta%20b+c"),
			cols: []string{"source_url", "filename", "retrieve_date", "entity_type", "headline"},
			rows: []Row{{Line: 2, SourceURL: "https://u", Filename: "f", RetrieveDate: "d", EntityType: "t", Headline: "a%20b+c"}},
		},
		{
			name: "field of exactly the maximum length",
			in:   lines(header+"\theadline", "https://u\tf\td\tt\t"+long),
			cols: []string{"source_url", "filename", "retrieve_date", "entity_type", "headline"},
			rows: []Row{{Line: 2, SourceURL: "https://u", Filename: "f", RetrieveDate: "d", EntityType: "t", Headline: long}},
		},

		{name: "empty file", in: "", wantErr: "stimuli: no stimuli: the file is empty"},
		{name: "only blank lines", in: "\n  \r\n\n", wantErr: "stimuli: no stimuli: the file is empty"},
		{name: "only a byte order mark", in: "\uFEFF", wantErr: "stimuli: no stimuli: the file is empty"},
		{name: "header only", in: header, wantErr: "stimuli: no stimuli: the file has a header but no rows"},
		{name: "header and blank lines", in: header + "\r\n\r\n\n", wantErr: "stimuli: no stimuli: the file has a header but no rows"},
		{name: "two required columns missing", in: lines("source_url\tretrieve_date\theadline", "a\tb\tc"),
			wantErr: "stimuli: missing required column(s): filename, entity_type"},
		{name: "all required columns missing", in: lines("headline", "x"),
			wantErr: "stimuli: missing required column(s): source_url, filename, retrieve_date, entity_type"},
		{name: "required names are case-sensitive", in: lines("Source_URL\tfilename\tretrieve_date\tentity_type", "a\tb\tc\td"),
			wantErr: "stimuli: missing required column(s): source_url"},
		{name: "duplicate column after trimming", in: lines(header+"\tage\t age ", "https://u\tf\td\tt\t1\t2"),
			wantErr: `stimuli: header (line 1): duplicate column "age" (columns 5 and 6)`},
		{name: "duplicate required column", in: lines(header+"\tfilename", "https://u\tf\td\tt\tg"),
			wantErr: `duplicate column "filename" (columns 2 and 5)`},
		{name: "unnamed column from a trailing tab", in: lines(header+"\t", "https://u\tf\td\tt\t"),
			wantErr: "stimuli: header (line 1): column 5 has no name"},
		{name: "too few fields", in: lines(header, "https://u\tf\td\tt", "https://u\tf\td"),
			wantErr: "stimuli: line 3: 3 fields, but the header has 4 columns"},
		{name: "too many fields", in: lines(header, "https://u\tf\td\tt\tx"),
			wantErr: "stimuli: line 2: 5 fields, but the header has 4 columns"},
		{name: "row of tabs only", in: lines(header, "\t\t\t"),
			wantErr: "stimuli: line 2: column source_url is empty"},
		{name: "required value blank", in: lines(header, "https://u\t  \td\tt"),
			wantErr: "stimuli: line 2: column filename is empty"},
		{name: "invalid UTF-8 in a row", in: lines(header, "https://u\tf\td\tt", "https://u\tf\xff\td\tt"),
			wantErr: "stimuli: line 3: invalid UTF-8"},
		{name: "UTF-16 text", in: "\xff\xfes\x00o\x00\n\x00",
			wantErr: "stimuli: line 1: the text is UTF-16; save it as UTF-8"},
		{name: "invalid UTF-8 in the header", in: lines("source_url\xc3\tfilename", "x"),
			wantErr: "stimuli: line 1: invalid UTF-8"},
		{name: "carriage return inside a line", in: lines(header, "https://u\tf\rg\td\tt"),
			wantErr: "stimuli: line 2: carriage return inside the line"},
		{name: "old Mac line endings", in: header + "\ru\tf\td\tt\r",
			wantErr: "stimuli: line 1: carriage return inside the line"},
		{name: "field too long", in: lines(header+"\theadline", "https://u\tf\td\tt\t"+long+"x"),
			wantErr: "stimuli: line 2: column headline is 10001 bytes long; the limit is 10000"},
		{name: "column name too long", in: lines(header+"\t"+long+"x", "https://u\tf\td\tt\tv"),
			wantErr: "stimuli: header (line 1): column 5 name is 10001 bytes long"},
		{name: "too many columns", in: lines(header+strings.Repeat("\tc", MaxColumns-3), "u"),
			wantErr: "stimuli: header (line 1): 257 columns; the limit is 256"},
		{name: "line too long", in: lines(header, strings.Repeat("x", maxLineBytes+1)),
			wantErr: fmt.Sprintf("stimuli: line 2: longer than %d bytes", maxLineBytes)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseTSV(strings.NewReader(tt.in))
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

func TestParseTSVMissingColumnsExactMessage(t *testing.T) {
	_, err := ParseTSV(strings.NewReader("source_url\tretrieve_date\nx\ty\n"))
	const want = "stimuli: missing required column(s): filename, entity_type"
	if err == nil || err.Error() != want {
		t.Fatalf("error = %v, want %q", err, want)
	}
}

func TestParseTSVRowLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString(header + "\n")
	for range MaxRows {
		b.WriteString("https://u\tf\td\tt\n")
	}
	set, err := ParseTSV(strings.NewReader(b.String()))
	if err != nil {
		t.Fatalf("MaxRows rows: %v", err)
	}
	if len(set.Rows) != MaxRows {
		t.Fatalf("got %d rows, want %d", len(set.Rows), MaxRows)
	}
	b.WriteString("https://u\tf\td\tt\n")
	_, err = ParseTSV(strings.NewReader(b.String()))
	want := fmt.Sprintf("stimuli: line %d: more than %d stimuli", MaxRows+2, MaxRows)
	if err == nil || err.Error() != want || !errors.Is(err, ErrInvalid) {
		t.Fatalf("MaxRows+1 rows: error = %v, want %q", err, want)
	}
}

// rowsReader yields a header and then wide rows forever.
type rowsReader struct {
	pending []byte
	row     []byte
}

func (r *rowsReader) Read(p []byte) (int, error) {
	if len(r.pending) == 0 {
		r.pending = r.row
	}
	n := copy(p, r.pending)
	r.pending = r.pending[n:]
	return n, nil
}

func TestParseTSVInputLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 64 MiB")
	}
	row := []byte("https://u\tf\td\tt\t" + strings.Repeat("v", 2000) + "\n")
	r := &rowsReader{pending: []byte(header + "\tnote\n"), row: row}
	_, err := ParseTSV(r)
	if err == nil || !strings.Contains(err.Error(), "larger than 64 MiB") || !errors.Is(err, ErrInvalid) {
		t.Fatalf("error = %v, want the input limit", err)
	}
}

func TestParseTSVReaderError(t *testing.T) {
	boom := errors.New("boom")
	_, err := ParseTSV(io.MultiReader(strings.NewReader(header+"\n"), iotest.ErrReader(boom)))
	if !errors.Is(err, boom) || errors.Is(err, ErrInvalid) {
		t.Fatalf("error = %v, want the reader's error and not ErrInvalid", err)
	}
	if !strings.HasPrefix(err.Error(), "stimuli: read: ") {
		t.Errorf("error %q lacks the package context", err)
	}
}

func TestRowValue(t *testing.T) {
	set, err := ParseTSV(strings.NewReader(lines(header+"\tage", "https://u\tf\td\tt\t42")))
	if err != nil {
		t.Fatal(err)
	}
	r := set.Rows[0]
	for _, tt := range []struct {
		col, want string
		ok        bool
	}{
		{"source_url", "https://u", true}, {"filename", "f", true}, {"retrieve_date", "d", true},
		{"entity_type", "t", true}, {"headline", "", true}, {"age", "42", true}, {"nope", "", false},
	} {
		if got, ok := r.Value(tt.col); got != tt.want || ok != tt.ok {
			t.Errorf("Value(%q) = %q, %v; want %q, %v", tt.col, got, ok, tt.want, tt.ok)
		}
	}
}

// TestStimulusURLs: source_url and entity_url are http(s) URLs or the appliance's own
// /media/ paths (issue 13 item 11); the error names the line and the column.
func TestStimulusURLs(t *testing.T) {
	for _, ok := range []string{"http://example.org/a", "HTTPS://example.org/a?b=c#d", "/media/3f9a.png", "/media/builtin/x_1.webm", "/img/accprompt-1.svg", "/video/intervention-demo.webm"} {
		if !isStimulusURL(ok) {
			t.Errorf("%q refused", ok)
		}
	}
	for _, bad := range []string{"javascript:alert(1)", "data:image/png;base64,AAAA", "file:///etc/passwd", "//evil.example/x.png",
		"x.png", "/v1/dump_data", "/media/../v1/x", "/media/", "/img/", "/video/../v1/dump_data", "/assets/x.js", "ftp://example.org/x", "https:", "https:///x", "mailto:a@b.c", " https://x"} {
		if isStimulusURL(bad) {
			t.Errorf("%q accepted", bad)
		}
	}
	_, err := ParseTSV(strings.NewReader(lines(header+"\tentity_url", "https://a\tf\td\tt\t/media/a.png", "https://b\tf\td\tt\thttps://ok.example/b.png", "https://c\tf\td\tt\tjavascript:x")))
	if err == nil || !strings.Contains(err.Error(), `line 4: column entity_url must be an http:// or https:// URL or a path of this appliance (/media/, /img/, /video/), not "javascript:x"`) {
		t.Fatalf("error %v", err)
	}
}
