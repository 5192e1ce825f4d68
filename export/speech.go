package export

import (
	"slices"

	"feedlab/store"
)

// speechParams are the parameters that let a study's participants speak (params/speak.go).
var speechParams = []string{"feed-button-comment", "comment-like", "feed-compose"}

// letsSpeak reports whether some condition of the study lets its participants comment,
// like a comment or post: only then does the engagement export end with SpeechColumns.
func letsSpeak(ps []store.Param) bool {
	return slices.ContainsFunc(ps, func(p store.Param) bool {
		return slices.Contains(speechParams, p.Param) && p.Value == "yes"
	})
}
