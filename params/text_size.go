package params

import "slices"

// The participant's text size (issue 24, accessibility): a per-condition parameter that
// raises the root font size of the participant's pages (the feed's text is in rem) without
// changing the cards, the blocks or what is measured. docs/accessibility.md, "Larger text".

const paramTextSize = "text-size"

// The values of text-size.
const (
	TextSizeNormal = "normal"
	TextSizeLarge  = "large"
	// TextSizeOffer shows the participant a "Larger text" switch; their choice is recorded
	// as the checkpoint CheckpointTextSize and written in the participants export.
	TextSizeOffer = "offer"
)

// CheckpointTextSize is the checkpoint a participant's browser sends with the text size
// they chose under offer (value normal or large).
const CheckpointTextSize = "text-size"

// textSizes are the values of text-size, the default first.
var textSizes = []Choice{
	{TextSizeNormal, "Normal"},
	{TextSizeLarge, "Large (every participant reads larger text)"},
	{TextSizeOffer, "Offer a \u201cLarger text\u201d switch (each participant chooses; recorded)"},
}

// TextSizes are the values of text-size, the default first.
func TextSizes() []Choice { return slices.Clone(textSizes) }

// textSize checks a condition's text-size: "" for the default (normal), so a condition
// without it compares equal to one from before the parameter existed.
func textSize(f field) string {
	v := f.oneOf(TextSizeNormal, values(textSizes)...)
	if v == TextSizeNormal {
		return ""
	}
	return v
}

// TextSizeValue is the condition's text-size (TextSizeNormal when it sets none).
func (c Condition) TextSizeValue() string {
	if c.TextSize == "" {
		return TextSizeNormal
	}
	return c.TextSize
}

// UsesTextSize reports whether some condition sets a text size other than normal: then
// the study's rows carry text-size on every condition and the participants export ends
// with text_size (a study without it keeps its files byte for byte).
func (s Study) UsesTextSize() bool {
	return slices.ContainsFunc(s.Conditions, func(c Condition) bool { return c.TextSize != "" })
}
