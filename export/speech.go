package export

import (
	"slices"
	"strconv"

	"feedlab/store"
)

// speechParams are the parameters that let a study's participants speak (params/speak.go).
var speechParams = []string{"feed-button-comment", "comment-like", "feed-compose", "reactions"}

// letsSpeak reports whether some condition of the study lets its participants comment,
// like a comment or post, or has simulated others react: only then does the engagement
// export end with SpeechColumns.
func letsSpeak(ps []store.Param) bool {
	return slices.ContainsFunc(ps, func(p store.Param) bool {
		return slices.Contains(speechParams, p.Param) && (p.Value == "yes" || p.Param == "reactions" && p.Value != "" && p.Value != "[]")
	})
}

// cardText is an engagement's entity_id as the export writes it: empty for a row about no
// card (a participant's own post).
func cardText(entityID int64) string {
	if entityID == 0 {
		return ""
	}
	return strconv.FormatInt(entityID, 10)
}
