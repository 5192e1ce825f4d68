package params

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"feedlab/feed"
)

// The ranking algorithm of a condition (the algorithm parameter) and its settings, the
// algorithm-* parameters. Each algorithm takes only the settings it reads; a setting
// given for an algorithm that does not read it is a problem, so a study never carries a
// value that silently does nothing.

const (
	paramCovariate     = "algorithm-covariate"
	paramValue         = "algorithm-value"
	paramMode          = "algorithm-mode"
	paramAttitudeParam = "algorithm-attitude-param"
	paramPositions     = "algorithm-positions"
	paramScript        = "algorithm-script"
)

// rankingParams are the algorithm settings, in the order Rows writes them (after algorithm).
var rankingParams = []string{paramCovariate, paramValue, paramMode, paramAttitudeParam, paramPositions, paramScript}

// PriorityAlias is the general name of will_smith_priority_treatment; a study may use
// either, and its canonical rows keep the spec's name (docs/decisions.md).
const PriorityAlias = "priority"

// Setting describes one setting of an algorithm, for the wizard (the capabilities call).
type Setting struct {
	Param    string   `json:"param"`
	Label    string   `json:"label"`
	Help     string   `json:"help"`
	Kind     string   `json:"kind"` // text, choice, script
	Choices  []string `json:"choices,omitempty"`
	Default  string   `json:"default,omitempty"`
	Required bool     `json:"required"`
}

// algorithmSettings are the settings each algorithm reads.
var algorithmSettings = map[string][]Setting{
	feed.Random: nil,
	feed.Chronological: {
		{Param: paramCovariate, Label: "Date column", Help: "The column with each card's date; newest first, ties in upload order.", Kind: "text", Default: feed.DefaultDateCovariate},
	},
	feed.Engagement: {
		{Param: paramMode, Label: "Popularity signal", Help: "shown: the likes and shares the participant is shown; observed: likes and shares per impression in this condition so far.", Kind: "choice", Choices: feed.EngagementSignals, Default: feed.SignalShown},
	},
	feed.AttitudeFeed: {
		{Param: paramCovariate, Label: "Lean covariate", Help: "A numeric column of the sets, centred at 0: below 0 one side, above 0 the other.", Kind: "text", Required: true},
		{Param: paramMode, Label: "Attitude mode", Help: "congruent: only the participant's side; congruent-first; cross-cutting: the other side first; balanced: alternating.", Kind: "choice", Choices: feed.AttitudeModes, Default: feed.CongruentFirst},
		{Param: paramAttitudeParam, Label: "Attitude URL parameter or answer", Help: "The arrival URL parameter holding the participant's attitude, on the same scale as the lean; or answer:<questionnaire>.<item>, an answer of a questionnaire in forms-before (a likert is centred at its middle point).", Kind: "text", Default: feed.DefaultAttitudeParam},
	},
	feed.Priority: {
		{Param: paramCovariate, Label: "Priority covariate", Help: "The column compared with the value.", Kind: "text", Required: true},
		{Param: paramValue, Label: "Priority value", Help: "Cards whose covariate equals this value are placed first; the rest in random order.", Kind: "text", Required: true},
		{Param: paramPositions, Label: "Positions", Help: "Optional feed positions (from 1) for the prioritised cards, such as 1,5,10; empty places them first.", Kind: "text"},
	},
	feed.Thompson: nil,
	feed.Preference: {
		{Param: paramCovariate, Label: "Preference covariate", Help: "The column each next block is matched on; empty matches every covariate.", Kind: "text"},
	},
	feed.Custom: {
		{Param: paramScript, Label: "Ranking script", Help: "Starlark: define rank(cards, participant) returning the cards or their entity_ids in order. Checked on the study's sets when you verify.", Kind: "script", Required: true},
	},
}

// AlgorithmSettings are the settings of an algorithm, for the wizard; nil for none.
func AlgorithmSettings(algorithm string) []Setting {
	return slices.Clone(algorithmSettings[algorithm])
}

func algorithm(f field) string {
	w := f.word()
	switch {
	case w == "":
		return feed.Random
	case w == PriorityAlias:
		return feed.Priority
	case slices.Contains(feed.Algorithms, w):
		return w
	}
	msg := "unknown algorithm " + quote(f.text())
	if c := closest(w, feed.Algorithms); c != "" {
		msg += " (did you mean " + c + "?)"
	}
	f.fail("%s; available: %s", msg, strings.Join(feed.Algorithms, ", "))
	return feed.Random
}

// rankingSettings checks the algorithm-* parameters against what the algorithm reads.
func rankingSettings(algo string, get func(string) field) feed.Ranking {
	var r feed.Ranking
	uses := map[string]Setting{}
	for _, s := range algorithmSettings[algo] {
		uses[s.Param] = s
	}
	for _, p := range rankingParams {
		f := get(p)
		s, used := uses[p]
		if !used {
			if f.text() != "" {
				f.fail("is not a setting of algorithm %s; remove it or choose another algorithm", algo)
			}
			continue
		}
		if f.text() == "" && s.Required {
			f.fail("algorithm %s needs %s (%s)", algo, p, strings.ToLower(s.Label))
			continue
		}
		switch p {
		case paramCovariate:
			r.Covariate = columnName(f, s.Default)
		case paramValue:
			r.Value = f.text()
			if utf8.RuneCountInString(r.Value) > 200 {
				f.fail("the value is longer than 200 characters")
			}
		case paramMode:
			r.Mode = f.oneOf(s.Default, s.Choices...)
		case paramAttitudeParam:
			r.AttitudeParam = columnName(f, s.Default)
		case paramPositions:
			r.Positions = positions(f)
		case paramScript:
			r.Script = script(f)
		}
	}
	return r
}

// columnName checks a covariate or URL parameter name: one line, no spaces at its ends,
// at most 100 characters; empty gives def.
func columnName(f field, def string) string {
	t := f.text()
	switch {
	case t == "":
		return def
	case utf8.RuneCountInString(t) > 100:
		f.fail("the name is longer than 100 characters")
	case strings.IndexFunc(t, unicode.IsControl) >= 0:
		f.fail("%s contains control characters or line breaks", quote(t))
	default:
		return t
	}
	return def
}

// maxPosition bounds algorithm-positions (no feed is longer than the largest set allowed).
const maxPosition = 100_000

// positions reads "1,5,10": distinct whole numbers from 1, in any order (kept ascending).
func positions(f field) []int {
	t := f.text()
	if t == "" {
		return nil
	}
	var out []int
	for _, part := range strings.Split(t, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || n < 1 || n > maxPosition {
			f.fail("%s is not a list of feed positions from 1 to %d separated by commas, such as 1,5,10", quote(t), maxPosition)
			return nil
		}
		if slices.Contains(out, n) {
			f.fail("position %d is listed more than once", n)
			return nil
		}
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// script checks that a custom script compiles and defines rank(cards, participant),
// without running it; it is run, within the script bounds, on the study's real sets by
// study.Check.
func script(f field) string {
	src := newlines(f.raw)
	if err := feed.CheckScript(src); err != nil {
		var se *feed.ScriptError
		if errors.As(err, &se) {
			f.failAt(scriptAt(se), "the script %s", scriptMessage(se))
		} else {
			f.fail("the script cannot be loaded: %v", err)
		}
		return ""
	}
	return src
}

// scriptMessage words a script problem with its line and column.
func scriptMessage(se *feed.ScriptError) string {
	if se.Line > 0 {
		return "fails at " + se.Where() + ": " + se.Msg
	}
	return "is refused: " + se.Msg
}

// scriptAt is where a script problem is, for the field that shows the script.
func scriptAt(se *feed.ScriptError) *ScriptAt {
	return &ScriptAt{Line: se.Line, Column: se.Column, Message: se.Msg}
}

// ScriptProblem is the problem of a condition's script that failed on the study's sets.
func ScriptProblem(condition int, err error) Problem {
	p := Problem{Condition: condition, Param: paramScript}
	var se *feed.ScriptError
	if errors.As(err, &se) {
		p.Message = "the script " + scriptMessage(se) + " (run on the study's stimulus sets)"
		p.Script = scriptAt(se)
	} else {
		p.Message = "the script failed on the study's stimulus sets: " + err.Error()
	}
	return p
}

// rankingValue is the plain text of one algorithm setting of c; "" when not set.
func (c Condition) rankingValue(param string) string {
	r := c.Ranking
	switch param {
	case paramCovariate:
		return r.Covariate
	case paramValue:
		return r.Value
	case paramMode:
		return r.Mode
	case paramAttitudeParam:
		return r.AttitudeParam
	case paramPositions:
		parts := make([]string, len(r.Positions))
		for i, n := range r.Positions {
			parts[i] = strconv.Itoa(n)
		}
		return strings.Join(parts, ",")
	case paramScript:
		return r.Script
	}
	return ""
}
