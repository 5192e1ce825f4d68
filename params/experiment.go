package params

import (
	"slices"
	"strconv"
	"strings"
)

// Param is one experiment parameter as the participant's browser receives it.
type Param struct {
	Param string `json:"param"`
	Value string `json:"value"`
}

// ExperimentParameters is what the participant's browser receives for condition c: the
// condition number, then every parameter in the order of Study.Rows. platform,
// redirect-url, completion-code, consent, custom-msg and instruct are URL-encoded as
// encodeURIComponent does (the feed decodes them); entity_sets and forms are JSON text;
// forms-before follows forms when a condition has any; the other values are plain tokens, numbers or a /media/ path.
func (c Condition) ExperimentParameters() []Param {
	out := make([]Param, 0, 1+len(paramOrder))
	out = append(out, Param{Param: "condition", Value: strconv.Itoa(c.Number)})
	for _, p := range paramOrder {
		v := c.value(p)
		if slices.Contains(urlEncoded, p) {
			v = encodeURIComponent(v)
		}
		out = append(out, Param{Param: p, Value: v})
		if p == "forms" && len(c.FormsBefore) > 0 {
			// Only when set, so a study without it sends what it sent before.
			out = append(out, Param{Param: paramFormsBefore, Value: jsonText(c.FormsBefore)})
		}
	}
	// The family's parameters only where they differ from the default, so the browser of
	// a condition without them receives the list it always did.
	if c.familyDiffers() {
		for _, p := range familyParams {
			v := c.familyValue(p)
			if slices.Contains(urlEncoded, p) {
				v = encodeURIComponent(v)
			}
			out = append(out, Param{Param: p, Value: v})
		}
	}
	// Comments only where shown, likewise.
	if c.socialDiffers() {
		for _, p := range socialParams {
			out = append(out, Param{Param: p, Value: c.socialValue(p)})
		}
	}
	if c.speakDiffers() {
		for _, p := range speakParams {
			out = append(out, Param{Param: p, Value: c.speakValue(p)})
		}
	}
	// The language only where it is not English, likewise.
	if c.Language != "" {
		out = append(out, Param{Param: paramLanguage, Value: c.Language})
	}
	// The text size only where it is not normal, likewise.
	if c.TextSize != "" {
		out = append(out, Param{Param: paramTextSize, Value: c.TextSize})
	}
	return out
}

// encodeURIComponent escapes s as JavaScript's encodeURIComponent does: every UTF-8 byte
// except A–Z a–z 0–9 - _ . ! ~ * ' ( ) becomes %XX.
func encodeURIComponent(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}
