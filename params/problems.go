package params

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Problem is one thing wrong with a study definition, tied as closely as possible to the
// row that causes it so that a researcher can find it.
type Problem struct {
	Line      int    // source line (CSV) or 1-based item number (wizard); 0 when no single row is to blame
	Condition int    // 0 when the problem is not about one condition
	Param     string // a known parameter name, or "" when the problem is not about one
	Message   string
	// Script places a problem inside a ranking script (algorithm-script), whose own lines
	// are not the CSV's: the wizard shows it beside the script box. Nil for other problems.
	Script *ScriptAt
}

// ScriptAt is where in a ranking script a problem is: the script's line and column (from
// 1; 0 when unknown) and what is wrong there, in plain words.
type ScriptAt struct {
	Line    int
	Column  int
	Message string
}

// String renders the problem as "line L: condition C: param: message", leaving out the
// parts that are not known.
func (p Problem) String() string {
	var b strings.Builder
	if p.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", p.Line)
	}
	if p.Condition > 0 {
		fmt.Fprintf(&b, "condition %d: ", p.Condition)
	}
	if p.Param != "" {
		b.WriteString(p.Param)
		b.WriteString(": ")
	}
	b.WriteString(p.Message)
	return b.String()
}

// Problems is every problem found in one input. ParseCSV, FromWizard and Validate return
// it as their error, so a researcher sees all mistakes at once rather than one per try.
type Problems []Problem

// maxListed bounds the message of a Problems error; the slice itself keeps everything.
const maxListed = 100

// Error lists the problems one per line.
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

// sortProblems orders problems by line, with the ones tied to no line last, by condition.
func sortProblems(ps Problems) {
	slices.SortStableFunc(ps, func(a, b Problem) int {
		if (a.Line == 0) != (b.Line == 0) {
			if a.Line == 0 {
				return 1
			}
			return -1
		}
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Condition, b.Condition))
	})
}

// quote shows a value inside a message: quoted, and shortened when long, so that a
// pasted essay in the wrong column does not drown the other problems.
func quote(s string) string {
	const max = 60
	if utf8.RuneCountInString(s) > max {
		r := []rune(s)
		return fmt.Sprintf("%q…", string(r[:max]))
	}
	return fmt.Sprintf("%q", s)
}

// closest returns the candidate that name was probably meant to be, or "".
func closest(name string, candidates []string) string {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" || len(name) > 64 {
		return ""
	}
	best, bestDist := "", 3 // at most two edits away
	for _, c := range candidates {
		if c == "feed-button-"+name || c == "feed-"+name {
			return c
		}
		if d := editDistance(name, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between two short strings, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
