package params

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxCSVBytes is the largest params.csv ParseCSV reads. The largest valid study
// (50 conditions of three 20,000-character texts) is about 3 MB.
const MaxCSVBytes = 10 << 20

var csvHeader = []string{"condition", "param", "value"}

const headerText = "condition,param,value"

var errTooLarge = errors.New("params: csv too large")

// limitReader fails once more than n bytes have been read.
type limitReader struct {
	r io.Reader
	n int64
}

func (l *limitReader) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	l.n -= int64(n)
	if l.n < 0 {
		return n, errTooLarge
	}
	return n, err
}

// ParseCSV reads a params.csv: a header condition,param,value (any case, spaces and a
// byte-order mark allowed), then one row per parameter with plain values. Condition and
// param cells are trimmed; values are kept exactly as written. Content errors come back
// as Problems naming their lines; a failing reader gives a wrapped error.
func ParseCSV(r io.Reader) ([]Row, error) {
	br := bufio.NewReader(&limitReader{r: r, n: MaxCSVBytes})
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, []byte("\uFEFF")) {
		br.Discard(3)
	}
	cr := csv.NewReader(br)
	cr.FieldsPerRecord = -1 // field counts are checked below, with a better message

	var problems Problems
	fail := func(line int, param, format string, args ...any) {
		problems = append(problems, Problem{Line: line, Param: param, Message: fmt.Sprintf(format, args...)})
	}
	// readErr turns a reading error into a problem, or an error to return as is.
	readErr := func(err error) error {
		var pe *csv.ParseError
		switch {
		case errors.Is(err, errTooLarge):
			fail(0, "", "the file is larger than %d MB", MaxCSVBytes>>20)
		case errors.As(err, &pe):
			msg := pe.Err.Error()
			switch {
			case errors.Is(pe.Err, csv.ErrBareQuote):
				msg = `a " appears inside a value that does not start with "; put the whole value in double quotes and write each " inside it as ""`
			case errors.Is(pe.Err, csv.ErrQuote):
				msg = `a quoted value is not closed, or text follows its closing "`
			}
			if pe.StartLine != pe.Line {
				msg += fmt.Sprintf(" (in the row that starts on line %d)", pe.StartLine)
			}
			fail(pe.Line, "", "%s", msg)
		default:
			return fmt.Errorf("params: read csv: %w", err)
		}
		return problems
	}

	header, err := cr.Read()
	if err == io.EOF {
		fail(1, "", "the file is empty; the first line must be the header %s", headerText)
		return nil, problems
	}
	if err != nil {
		return nil, readErr(err)
	}
	headerLine, _ := cr.FieldPos(0)
	if !isHeader(header) {
		fail(headerLine, "", "the first line must be the header %s, not %s", headerText, quote(strings.Join(header, ",")))
		return nil, problems
	}

	var rows []Row
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, readErr(err)
		}
		line, _ := cr.FieldPos(0)
		if len(rec) != 3 {
			fail(line, "", "found %d fields, expected 3 (%s); put values that contain commas in double quotes", len(rec), headerText)
			continue
		}
		param := strings.TrimSpace(rec[1])
		if !validUTF8(rec) {
			fail(line, "", "the row is not valid UTF-8 text; save the file as UTF-8")
			continue
		}
		cond, err := strconv.Atoi(strings.TrimSpace(rec[0]))
		if err != nil {
			known := ""
			if slices.Contains(allParams, param) {
				known = param
			}
			fail(line, known, "condition %s is not a whole number", quote(rec[0]))
			continue
		}
		rows = append(rows, Row{Condition: cond, Param: param, Value: rec[2], Line: line})
	}
	if len(problems) > 0 {
		return nil, problems
	}
	if len(rows) == 0 {
		fail(headerLine+1, "", "no rows after the header")
		return nil, problems
	}
	return rows, nil
}

func isHeader(rec []string) bool {
	if len(rec) != len(csvHeader) {
		return false
	}
	for i, h := range csvHeader {
		if !strings.EqualFold(strings.TrimSpace(rec[i]), h) {
			return false
		}
	}
	return true
}

func validUTF8(rec []string) bool {
	for _, f := range rec {
		if !utf8.ValidString(f) {
			return false
		}
	}
	return true
}

// WriteCSV writes rows as a params.csv (header and RFC 4180 lines, CRLF) that ParseCSV
// reads back. Line breaks inside values ("\r\n", "\r" or "\n") are written as CRLF and
// read back as "\n", as Validate normalises them.
func WriteCSV(w io.Writer, rows []Row) error {
	cw := csv.NewWriter(w)
	if err := WriteRows(cw, rows); err != nil {
		return err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("params: write csv: %w", err)
	}
	return nil
}

// WriteRows writes the params.csv header and rows to cw: the one encoding of study rows as
// CSV, used by WriteCSV and by the experiment_parameters export, so that "Verify
// parameters", a study's parameters.csv and the export are the same bytes. It sets CRLF
// line endings (RFC 4180); the caller flushes.
func WriteRows(cw *csv.Writer, rows []Row) error {
	cw.UseCRLF = true
	if err := cw.Write(csvHeader); err != nil {
		return fmt.Errorf("params: write csv: %w", err)
	}
	for _, r := range rows {
		if err := cw.Write([]string{strconv.Itoa(r.Condition), newlines(r.Param), newlines(r.Value)}); err != nil {
			return fmt.Errorf("params: write csv: %w", err)
		}
	}
	return nil
}

// newlines turns every line break ("\r\n", "\r", "\n") into "\n". csv.Writer would drop
// a lone "\r", and csv.Reader reads "\r\n" back as "\n".
func newlines(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}
