package export

import (
	"feedlab/params"
	"feedlab/store"
)

// The participants export's text_size column (issue 24, larger text): the text size each
// participant read, last, only in a study that sets text-size (params.Study.UsesTextSize
// writes it on every condition of such a study and on none of another), so every other
// study's file stays as it was, byte for byte.

// textSizeColumn is the participants export's last column in a study that uses text-size.
const textSizeColumn = "text_size"

func init() {
	commonDocs[textSizeColumn] = ColumnDoc{tText, "", "the condition, or the participant's choice (checkpoint " + params.CheckpointTextSize + ")",
		"The text size the participant read: normal or large. In a condition with text-size large or normal, the condition's; under offer, the participant's last choice of the \u201cLarger text\u201d switch (the checkpoint " + params.CheckpointTextSize + "), normal when they never made one. The cards, their order and what is measured are the same at either size (docs/accessibility.md)."}
}

// studyTextSizes is each condition's text-size, nil when the study sets none.
func studyTextSizes(ps []store.Param) map[int]string {
	var m map[int]string
	for _, p := range ps {
		if p.Param != "text-size" {
			continue
		}
		if m == nil {
			m = map[int]string{}
		}
		m[p.Condition] = p.Value
	}
	return m
}

// participantTextSize is what text_size says for a participant of condition with the
// given text-size, who chose chosen under offer ("" when they never did).
func participantTextSize(condition, chosen string) string {
	switch condition {
	case params.TextSizeOffer:
		if chosen == params.TextSizeLarge {
			return params.TextSizeLarge
		}
		return params.TextSizeNormal
	case params.TextSizeLarge:
		return params.TextSizeLarge
	}
	return params.TextSizeNormal
}
