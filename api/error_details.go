package api

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"time"

	"feedlab/params"
)

// codeInvalidParameters marks study parameters that fail validation; error.problems lists
// each problem so the wizard can show it beside the field at fault.
const codeInvalidParameters = "invalid_parameters"

// detailedError is an apiError with extra fields beside code and message in the error
// object (problems, retry_after). fail finds the apiError through Unwrap.
type detailedError struct {
	err    *apiError
	fields map[string]any
}

func (e *detailedError) Error() string { return e.err.message }
func (e *detailedError) Unwrap() error { return e.err }

// problem is one params.Problem as the researcher API answers it.
type problem struct {
	Line      int    `json:"line"`
	Condition int    `json:"condition"`
	Param     string `json:"param"`
	Message   string `json:"message"`
	// Script is where in a ranking script the problem is (absent for other problems).
	Script *scriptAt `json:"script,omitempty"`
}

// scriptAt is params.ScriptAt as the researcher API answers it.
type scriptAt struct {
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

// problemList is params.Problems as the researcher API answers them (problems, warnings).
func problemList(ps params.Problems) []problem {
	list := make([]problem, len(ps))
	for i, p := range ps {
		list[i] = problem{Line: p.Line, Condition: p.Condition, Param: p.Param, Message: p.Message}
		if p.Script != nil {
			list[i].Script = &scriptAt{Line: p.Script.Line, Column: p.Script.Column, Message: p.Script.Message}
		}
	}
	return list
}

// invalidParameters turns a validation failure into 400 invalid_parameters: the message
// is the whole text (one line per problem), problems the same as a list. Other errors are
// returned as they are.
func invalidParameters(err error) error {
	var ps params.Problems
	if !errors.As(err, &ps) {
		return err
	}
	return &detailedError{
		err:    &apiError{http.StatusBadRequest, codeInvalidParameters, ps.Error()},
		fields: map[string]any{"problems": problemList(ps)},
	}
}

// rateLimited is 429 rate_limited saying how long to wait, in the message (minutes), the
// Retry-After header and error.retry_after (seconds).
func rateLimited(what string, wait time.Duration) error {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	mins := (secs + 59) / 60
	unit := "minutes"
	if mins == 1 {
		unit = "minute"
	}
	return &detailedError{
		err:    &apiError{http.StatusTooManyRequests, codeRateLimited, fmt.Sprintf("Too many failed %s; wait %d %s and try again.", what, mins, unit)},
		fields: map[string]any{"retry_after": secs},
	}
}

// tooMany is a 429 for an anonymous write limit (arrivals, sign-ups): what was limited and
// when to retry, in seconds and in retry_after.
func tooMany(what string, wait time.Duration) error {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	return &detailedError{
		err:    &apiError{http.StatusTooManyRequests, codeRateLimited, fmt.Sprintf("%s; try again in %d seconds.", what, secs)},
		fields: map[string]any{"retry_after": secs},
	}
}
