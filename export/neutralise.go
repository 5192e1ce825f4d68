package export

import (
	"encoding/csv"

	csvcell "feedlab/export/cell"
)

// The rule is package cell's (export/cell/cell.go), shared with the reconciliation files.

// Neutralise returns v as it is safe to show in a spreadsheet: with a leading apostrophe
// when it starts with a formula character and is not a plain number.
func Neutralise(v string) string { return csvcell.Neutralise(v) }

var formulaTrigger, plainNumber = csvcell.Trigger, csvcell.PlainNumber

// recordWriter is where an export writes its records: the CSV writer itself (raw) or
// safeWriter in front of it.
type recordWriter interface {
	Write(record []string) error
}

// safeWriter neutralises each cell before the CSV writer quotes it. Records without a cell
// to change (nearly all) are passed on as they are, without a copy.
type safeWriter struct {
	cw  *csv.Writer
	buf []string
}

func (s *safeWriter) Write(record []string) error {
	for i, v := range record {
		if v != "" && formulaTrigger(v[0]) && !plainNumber(v) {
			s.buf = append(s.buf[:0], record...)
			for j := i; j < len(s.buf); j++ {
				s.buf[j] = Neutralise(s.buf[j])
			}
			return s.cw.Write(s.buf)
		}
	}
	return s.cw.Write(record)
}
