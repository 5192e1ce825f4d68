package questionnaire

import (
	"fmt"
	"strings"
)

// Problem is one thing wrong with a definition, placed as exactly as the parser can: the
// questionnaire (its name, or its number in the list when it has no usable name), the page
// (from 1) and the item (its id, or its number on the page when it has none).
type Problem struct {
	Questionnaire string
	Page          int
	Item          string
	Message       string
}

// String reads `questionnaire "demo", page 2, item "q3": message`, leaving out what is unknown.
func (p Problem) String() string {
	var at []string
	if p.Questionnaire != "" {
		at = append(at, "questionnaire "+p.Questionnaire)
	}
	if p.Page > 0 {
		at = append(at, fmt.Sprintf("page %d", p.Page))
	}
	if p.Item != "" {
		at = append(at, "item "+p.Item)
	}
	if len(at) == 0 {
		return p.Message
	}
	return strings.Join(at, ", ") + ": " + p.Message
}

// Problems is every problem in one definition list; Parse returns it as its error so a
// researcher sees all mistakes at once.
type Problems []Problem

// maxListed bounds the error text; the slice keeps everything.
const maxListed = 100

func (ps Problems) Error() string {
	var b strings.Builder
	for i, p := range ps {
		if i == maxListed {
			fmt.Fprintf(&b, "\n… and %d more problems", len(ps)-maxListed)
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(p.String())
	}
	return b.String()
}
