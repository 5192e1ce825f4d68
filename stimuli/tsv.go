package stimuli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// maxLineBytes is the longest line a set within the limits can have.
const maxLineBytes = MaxColumns * (MaxFieldBytes + 1)

// ParseTSV reads a stimulus set from tab-separated text whose first line is
// the header. Columns keeps the header names, trimmed, in the order given.
//
// TSV has no quoting: a tab always separates fields and a line break always
// ends a row, so a value can contain neither. Spreadsheets export cells that
// contain them in quotes, which would be read here as part of the value or
// break the row; such cells have to be cleaned before upload.
//
// Lines may end in LF or CRLF; a carriage return anywhere else is refused,
// which catches files saved with old Mac line endings. A leading UTF-8 byte
// order mark is dropped. Blank lines (empty or only spaces) are skipped
// wherever they are, so a paste that starts or ends with empty lines works;
// line numbers in errors and in Row.Line still count them.
//
// A set holds at most MaxRows rows and MaxColumns columns, each value at most
// MaxFieldBytes, and the text at most MaxInputBytes.
//
// Errors that describe the input match ErrInvalid and name the line; every row's
// problems are reported together (Problem.Rows), any other problem as soon as it is
// found. Errors from r are returned wrapped.
func ParseTSV(r io.Reader) (Set, error) {
	lr := &io.LimitedReader{R: r, N: MaxInputBytes + 1}
	sc := bufio.NewScanner(lr)
	sc.Buffer(nil, maxLineBytes)

	var (
		set        Set
		cols       layout
		haveHeader bool
		line       int
		rows       = &rowChecker{}
	)
	tooLarge := func() error {
		return invalidf("the text is larger than %d MiB", MaxInputBytes>>20)
	}
	for sc.Scan() {
		if lr.N == 0 {
			return Set{}, tooLarge()
		}
		line++
		text := sc.Text() // the scanner already dropped a CR before the LF
		if line == 1 {
			if strings.HasPrefix(text, "\xff\xfe") || strings.HasPrefix(text, "\xfe\xff") {
				// What Excel's "Unicode Text" export writes.
				return Set{}, invalidf("line 1: the text is UTF-16; save it as UTF-8")
			}
			text = strings.TrimPrefix(text, "\uFEFF")
		}
		if !utf8.ValidString(text) {
			return Set{}, invalidf("line %d: invalid UTF-8", line)
		}
		if strings.Contains(text, "\r") {
			return Set{}, invalidf("line %d: carriage return inside the line (only LF or CRLF line endings are supported)", line)
		}
		if isBlank(text) {
			continue
		}
		fields := strings.Split(text, "\t")
		if !haveHeader {
			for i := range fields {
				fields[i] = strings.TrimSpace(fields[i])
			}
			l, err := newLayout(fields, fmt.Sprintf("header (line %d)", line))
			if err != nil {
				return Set{}, err
			}
			cols, set.Columns, haveHeader = l, fields, true
			continue
		}
		if len(fields) != len(cols.names) {
			return Set{}, invalidf("line %d: %d fields, but the header has %d columns (a value cannot contain a tab or line break)",
				line, len(fields), len(cols.names))
		}
		if len(set.Rows) == MaxRows {
			return Set{}, invalidf("line %d: more than %d stimuli", line, MaxRows)
		}
		row, err := cols.row(fields, line, "line")
		if err := rows.check(err); err != nil {
			return Set{}, err
		}
		if err == nil {
			set.Rows = append(set.Rows, row)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			if lr.N == 0 {
				return Set{}, tooLarge()
			}
			return Set{}, invalidf("line %d: longer than %d bytes", line+1, maxLineBytes)
		}
		return Set{}, fmt.Errorf("stimuli: read: %w", err)
	}
	if lr.N == 0 {
		return Set{}, tooLarge()
	}
	if !haveHeader {
		return Set{}, invalidf("no stimuli: the file is empty")
	}
	if err := rows.err(); err != nil {
		return Set{}, err
	}
	if len(set.Rows) == 0 {
		return Set{}, invalidf("no stimuli: the file has a header but no rows")
	}
	return set, nil
}

// isBlank reports whether a line holds no fields at all. A line of tabs is
// not blank: it is a row of empty values and gets a proper error.
func isBlank(line string) bool {
	return !strings.Contains(line, "\t") && strings.TrimSpace(line) == ""
}
