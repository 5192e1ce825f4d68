package stimuli

import (
	"slices"
	"strings"
	"time"
)

// MaxSetIdentLen is the longest identifier part of a set name.
const MaxSetIdentLen = 15

// SetName builds the stored name of a stimulus set from the identifier the
// researcher typed: the upload date as YYYYMMDD in UTC, an underscore, then
// the identifier cleaned. For example, on 2026-11-22 "My News!" becomes
// "20261122_mynews".
//
// Cleaning lower-cases ASCII letters and keeps only a-z, 0-9 and underscore,
// dropping everything else; it then truncates to MaxSetIdentLen characters.
// Only ASCII is lower-cased, so a non-ASCII letter is dropped rather than
// turned into a look-alike (the Kelvin sign would otherwise become "k"). The
// date prefix keeps names from different days apart and is not counted in
// the limit. An identifier with nothing left after cleaning is an error
// matching ErrInvalid.
func SetName(now time.Time, ident string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(ident) && b.Len() < MaxSetIdentLen; i++ {
		c := ident[i]
		switch {
		case 'A' <= c && c <= 'Z':
			b.WriteByte(c + ('a' - 'A'))
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '_':
			b.WriteByte(c)
		}
	}
	if b.Len() == 0 {
		return "", invalidf("set name %q has no letters, digits or underscores", ident)
	}
	return now.UTC().Format("20060102") + "_" + b.String(), nil
}

// Categories lists the stimulus-set categories, in the order offered to the
// researcher.
var Categories = []string{"news", "opinion", "sensational", "ads"}

// ValidCategory reports whether c is one of Categories (exactly, in lower
// case).
func ValidCategory(c string) bool {
	return slices.Contains(Categories, c)
}

// CheckCategory returns nil for a valid category and otherwise an error,
// matching ErrInvalid, that lists the valid ones.
func CheckCategory(c string) error {
	if ValidCategory(c) {
		return nil
	}
	return invalidf("unknown category %q (want one of: %s)", c, strings.Join(Categories, ", "))
}
