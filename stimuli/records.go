package stimuli

import (
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"
)

// FromRecords builds a set from the rows of the web upload payload
// (entity_set_settings.covariates): one map of column name to value per
// stimulus. Every record must have the same columns, including the required
// ones. Maps have no order, so Columns lists the required columns, then
// headline when present, then the covariates sorted by name.
//
// The headline arrives URL-encoded (encodeURIComponent) and is decoded by
// decodeHeadline; every other value is taken as plain text. Values obey the
// same rules as in ParseTSV. Row.Line is the 1-based record number, and
// errors name the record.
func FromRecords(records []map[string]string) (Set, error) {
	if len(records) == 0 {
		return Set{}, invalidf("no stimuli: the upload has no rows")
	}
	if len(records) > MaxRows {
		return Set{}, invalidf("%d stimuli; the limit is %d", len(records), MaxRows)
	}

	// Trimmed name -> key as sent, for the first record; the others must
	// have the same set of trimmed names.
	first, err := trimmedKeys(records[0], 1)
	if err != nil {
		return Set{}, err
	}
	// Missing required columns are left out here for newLayout to report.
	known := slices.Concat(RequiredColumns, []string{ColHeadline})
	names := make([]string, 0, len(first))
	for _, n := range known {
		if _, ok := first[n]; ok {
			names = append(names, n)
		}
	}
	extra := make([]string, 0, len(first))
	for n := range first {
		if !slices.Contains(known, n) {
			extra = append(extra, n)
		}
	}
	slices.Sort(extra)
	names = append(names, extra...)
	cols, err := newLayout(names, "record 1")
	if err != nil {
		return Set{}, err
	}

	set := Set{Columns: cols.names, Rows: make([]Row, 0, len(records))}
	rows := &rowChecker{}
	for i, rec := range records {
		n := i + 1
		keys := first
		if i > 0 {
			if keys, err = trimmedKeys(rec, n); err != nil {
				return Set{}, err
			}
			if err := sameColumns(keys, first, n); err != nil {
				return Set{}, err
			}
		}
		values := make([]string, len(cols.names))
		for j, name := range cols.names {
			values[j] = rec[keys[name]]
		}
		if cols.headline >= 0 {
			h, msg := decodeHeadline(values[cols.headline])
			if msg != "" {
				if err := rows.check(invalidf("record %d: headline: %s", n, msg)); err != nil {
					return Set{}, err
				}
				continue
			}
			values[cols.headline] = h
		}
		row, err := cols.row(values, n, "record")
		if err := rows.check(err); err != nil {
			return Set{}, err
		}
		if err == nil {
			set.Rows = append(set.Rows, row)
		}
	}
	if err := rows.err(); err != nil {
		return Set{}, err
	}
	return set, nil
}

// trimmedKeys maps each trimmed column name of rec to the key as sent,
// refusing names that collide once trimmed.
func trimmedKeys(rec map[string]string, n int) (map[string]string, error) {
	if len(rec) > MaxColumns {
		return nil, invalidf("record %d: %d columns; the limit is %d", n, len(rec), MaxColumns)
	}
	keys := make(map[string]string, len(rec))
	for k := range rec {
		t := strings.TrimSpace(k)
		if t == "" {
			return nil, invalidf("record %d: a column has no name", n)
		}
		if msg := checkValue(t); msg != "" {
			return nil, invalidf("record %d: column name %q %s", n, t, msg)
		}
		if prev, dup := keys[t]; dup {
			return nil, invalidf("record %d: duplicate column %q (sent as %q and %q)", n, t, prev, k)
		}
		keys[t] = k
	}
	return keys, nil
}

// sameColumns reports how the columns of record n differ from record 1's.
func sameColumns(keys, first map[string]string, n int) error {
	var missing, unexpected []string
	for k := range first {
		if _, ok := keys[k]; !ok {
			missing = append(missing, k)
		}
	}
	for k := range keys {
		if _, ok := first[k]; !ok {
			unexpected = append(unexpected, k)
		}
	}
	if len(missing) == 0 && len(unexpected) == 0 {
		return nil
	}
	slices.Sort(missing)
	slices.Sort(unexpected)
	var parts []string
	if len(missing) > 0 {
		parts = append(parts, "missing "+strings.Join(missing, ", "))
	}
	if len(unexpected) > 0 {
		parts = append(parts, "unexpected "+strings.Join(unexpected, ", "))
	}
	return invalidf("record %d: columns differ from record 1: %s", n, strings.Join(parts, "; "))
}

// decodeHeadline decodes a headline sent URL-encoded by the browser
// (encodeURIComponent): a '+' stays a plus sign, as encodeURIComponent writes a space as
// %20. It returns the decoded headline, or why it cannot be decoded (a malformed escape,
// escapes that do not form valid UTF-8).
func decodeHeadline(s string) (string, string) {
	d, err := url.PathUnescape(s)
	if err != nil {
		return "", err.Error()
	}
	if !utf8.ValidString(d) {
		return "", "escapes do not decode to valid UTF-8"
	}
	return d, ""
}
