package stimuli

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Every bad row is reported at once, by the numbering of each input: the text's line for
// TSV, the record's position for the upload payload.
func TestEveryRowProblemIsReportedAtOnce(t *testing.T) {
	_, err := ParseTSV(strings.NewReader(lines(
		"source_url\tfilename\tretrieve_date\tentity_type",
		"https://a\ta.png\td\timage",
		"javascript:alert(1)\tb.png\td\timage",
		"",
		"https://c\t\td\timage",
		"https://d\td.png\td\t",
	)))
	var p *Problem
	if !errors.As(err, &p) {
		t.Fatalf("ParseTSV: %v", err)
	}
	want := []string{
		`line 3: column source_url must be an http:// or https:// URL or a path of this appliance (/media/, /img/, /video/), not "javascript:alert(1)"`,
		"line 5: column filename is empty",
		"line 6: column entity_type is empty",
	}
	if !slices.Equal(p.Rows, want) || p.Message != strings.Join(want, "; ") {
		t.Errorf("rows %q\nmessage %q", p.Rows, p.Message)
	}

	recs := []map[string]string{
		{"source_url": "https://a", "filename": "", "retrieve_date": "d", "entity_type": "image"},
		{"source_url": "https://b", "filename": "b", "retrieve_date": "d", "entity_type": "image"},
		{"source_url": "ftp://c", "filename": "c", "retrieve_date": "d", "entity_type": "image"},
	}
	_, err = FromRecords(recs)
	if !errors.As(err, &p) || len(p.Rows) != 2 || !strings.HasPrefix(p.Rows[0], "record 1: column filename is empty") || !strings.HasPrefix(p.Rows[1], "record 3: column source_url") {
		t.Errorf("FromRecords: %v", err)
	}
}

// A file of nothing but bad rows gives a readable message, not one line per row.
func TestRowProblemsAreBounded(t *testing.T) {
	rows := []string{"source_url\tfilename\tretrieve_date\tentity_type"}
	for i := range maxRowProblems + 7 {
		rows = append(rows, fmt.Sprintf("https://a/%d\t\td\timage", i))
	}
	_, err := ParseTSV(strings.NewReader(lines(rows...)))
	var p *Problem
	if !errors.As(err, &p) || len(p.Rows) != maxRowProblems || p.More != 7 || !strings.HasSuffix(p.Message, "(and 7 more problems)") {
		t.Errorf("%d rows, %d more: %.200s", len(p.Rows), p.More, err)
	}
}
