package reconcile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// The list is read as CSV (RFC 4180, as encoding/csv reads it with FieldsPerRecord -1)
// by a reader of our own that checks every limit while it reads: encoding/csv reads a
// whole record before anyone can count its columns, so one 8 MB line of commas became 8
// million fields (890 MB) before the column limit was looked at. Here a line longer than
// the read buffer, a field, a record, a column count, the row count or the byte count over
// its limit stops the reading at once; memory is the buffer plus the rows within limits.
// FuzzReaderMatchesEncodingCSV holds it to encoding/csv's fields and line numbers.

// recordReader reads one record at a time from a bounded source.
type recordReader struct {
	br    *bufio.Reader
	comma byte
	line  int   // physical lines read so far
	read  int64 // bytes taken from br so far
	buf   []byte
	ends  []int
}

func newRecordReader(src io.Reader) *recordReader {
	// The source is cut one byte past the limit, so a larger list is seen as larger without
	// reading it all.
	lim := &io.LimitedReader{R: src, N: MaxBytes + 1}
	return &recordReader{br: bufio.NewReaderSize(lim, MaxLineBytes), comma: ','}
}

// start looks at the first bytes: UTF-16 is refused, a UTF-8 byte order mark skipped, and
// a first line with tabs and no commas makes the list tab-separated.
func (rr *recordReader) start() error {
	head, _ := rr.br.Peek(3)
	if bytes.HasPrefix(head, []byte("\xff\xfe")) || bytes.HasPrefix(head, []byte("\xfe\xff")) {
		return inputErr("The file is UTF-16 text; save it as CSV UTF-8 and try again.")
	}
	if bytes.HasPrefix(head, []byte("\xef\xbb\xbf")) {
		rr.br.Discard(3)
		rr.read += 3
	}
	first, _ := rr.br.Peek(MaxLineBytes)
	if i := bytes.IndexByte(first, '\n'); i >= 0 {
		first = first[:i]
	}
	if bytes.IndexByte(first, '\t') >= 0 && bytes.IndexByte(first, ',') < 0 {
		rr.comma = '\t'
	}
	return nil
}

// readLine returns the next physical line with "\r\n" made "\n" (and a "\r" before the end
// of the text dropped), as encoding/csv does. The slice is valid until the next call.
func (rr *recordReader) readLine() ([]byte, error) {
	line, err := rr.br.ReadSlice('\n')
	rr.read += int64(len(line))
	if rr.read > MaxBytes {
		return nil, limitErr("The list is larger than %d MB; split it and reconcile each part.", MaxBytes>>20)
	}
	if errors.Is(err, bufio.ErrBufferFull) {
		n := rr.line + 1
		if bytes.Count(line, []byte{rr.comma}) >= MaxColumns {
			return nil, limitErr("Line %d has more than %d columns; at most %d are read.", n, MaxColumns, MaxColumns)
		}
		return nil, limitErr("Line %d is longer than %d KB; is this the platform's export?", n, MaxLineBytes>>10)
	}
	if len(line) > 0 && errors.Is(err, io.EOF) {
		err = nil
		if line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, inputErr("The list could not be read: %v.", err)
	}
	if n := len(line); n >= 2 && line[n-2] == '\r' && line[n-1] == '\n' {
		line[n-2] = '\n'
		line = line[:n-1]
	}
	if len(line) > 0 {
		rr.line++
	}
	return line, err
}

// nl is the length of line's newline: 1 when it ends in "\n", else 0.
func nl(line []byte) int {
	if len(line) > 0 && line[len(line)-1] == '\n' {
		return 1
	}
	return 0
}

// endField closes the field that started at start in rr.buf, checking its length, the
// record's length and the column count.
func (rr *recordReader) endField(start, recLine int) error {
	if len(rr.buf)-start > MaxFieldBytes {
		return limitErr("Line %d has a field longer than %d KB; is this the platform's export?", recLine, MaxFieldBytes>>10)
	}
	if len(rr.ends) >= MaxColumns {
		return limitErr("Line %d has more than %d columns; at most %d are read.", recLine, MaxColumns, MaxColumns)
	}
	rr.ends = append(rr.ends, len(rr.buf))
	return nil
}

// grow appends p to the record, refusing a record or a field over its limit as it grows.
func (rr *recordReader) grow(p []byte, start, recLine int) error {
	if len(rr.buf)+len(p) > MaxRecordBytes {
		return limitErr("Line %d starts a record longer than %d KB (a quote left open?); is this the platform's export?", recLine, MaxRecordBytes>>10)
	}
	rr.buf = append(rr.buf, p...)
	if len(rr.buf)-start > MaxFieldBytes {
		return limitErr("Line %d has a field longer than %d KB; is this the platform's export?", recLine, MaxFieldBytes>>10)
	}
	return nil
}

func quoteErr(line int, what string) error {
	return inputErr("Line %d could not be read as CSV (%s); check its quotes.", line, what)
}

// next reads the next record that is not a blank line: its fields and the line it starts
// on. It answers io.EOF after the last one.
func (rr *recordReader) next() ([]string, int, error) {
	var line []byte
	var err error
	for {
		line, err = rr.readLine()
		if err != nil {
			return nil, 0, err
		}
		if len(line) > nl(line) {
			break
		}
	}
	recLine := rr.line
	rr.buf, rr.ends = rr.buf[:0], rr.ends[:0]
	atEOF := false
fields:
	for {
		start := len(rr.buf)
		if len(line) == 0 || line[0] != '"' {
			i := bytes.IndexByte(line, rr.comma)
			field := line
			if i >= 0 {
				field = line[:i]
			} else {
				field = line[:len(line)-nl(line)]
			}
			if bytes.IndexByte(field, '"') >= 0 {
				return nil, 0, quoteErr(recLine, `bare " in non-quoted-field`)
			}
			if err := rr.grow(field, start, recLine); err != nil {
				return nil, 0, err
			}
			if err := rr.endField(start, recLine); err != nil {
				return nil, 0, err
			}
			if i < 0 {
				break fields
			}
			line = line[i+1:]
			continue
		}
		line = line[1:]
		for {
			i := bytes.IndexByte(line, '"')
			switch {
			case i >= 0:
				if err := rr.grow(line[:i], start, recLine); err != nil {
					return nil, 0, err
				}
				line = line[i+1:]
				switch {
				case len(line) > 0 && line[0] == '"':
					if err := rr.grow(line[:1], start, recLine); err != nil {
						return nil, 0, err
					}
					line = line[1:]
				case len(line) > 0 && line[0] == rr.comma:
					if err := rr.endField(start, recLine); err != nil {
						return nil, 0, err
					}
					line = line[1:]
					continue fields
				case len(line) == nl(line):
					if err := rr.endField(start, recLine); err != nil {
						return nil, 0, err
					}
					break fields
				default:
					return nil, 0, quoteErr(recLine, `extraneous or missing " in quoted-field`)
				}
			case len(line) > 0 && !atEOF:
				// The field goes on over the next line.
				if err := rr.grow(line, start, recLine); err != nil {
					return nil, 0, err
				}
				line, err = rr.readLine()
				if errors.Is(err, io.EOF) {
					atEOF = true
				} else if err != nil {
					return nil, 0, err
				}
			default:
				return nil, 0, quoteErr(recLine, `extraneous or missing " in quoted-field`)
			}
		}
	}
	if !utf8.Valid(rr.buf) {
		return nil, 0, inputErr("The list is not UTF-8 text (line %d); save it as CSV UTF-8 and try again.", recLine)
	}
	// One string for the record, its fields slices of it: two allocations a record.
	all := string(rr.buf)
	rec := make([]string, len(rr.ends))
	from := 0
	for i, end := range rr.ends {
		rec[i] = all[from:end]
		from = end
	}
	return rec, recLine, nil
}

// readRecords reads the list's non-blank records, refusing it at the first limit passed.
func readRecords(src io.Reader) ([]Row, error) {
	rr := newRecordReader(src)
	if err := rr.start(); err != nil {
		return nil, err
	}
	var out []Row
	for {
		rec, line, err := rr.next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if blank(rec) {
			continue
		}
		if len(out) >= MaxRows {
			return nil, limitErr("The list has more than %d lines; split it and reconcile each part.", MaxRows)
		}
		out = append(out, Row{Line: line, Fields: rec})
	}
}

// limitErr is an InputError for a list over one of the limits (413 over HTTP).
func limitErr(format string, a ...any) error {
	return &InputError{Message: fmt.Sprintf(format, a...), TooLarge: true}
}
