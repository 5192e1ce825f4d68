package params

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// urlEncoded are the parameters whose values the wizard URL-encodes before sending, and
// that ExperimentParameters encodes for the participant's browser (spec §5, create study).
// The wizard and the participant's page read this list from the generated
// frontend/src/generated/registry.ts (tools/genregistry).
var urlEncoded = []string{"platform", "redirect-url", "completion-code", "consent", "custom-msg", "instruct", "intervention-text"}

// URLEncoded are the parameters whose values travel URL-encoded between the server and
// the browser; a copy.
func URLEncoded() []string { return slices.Clone(urlEncoded) }

// FromWizard undoes the wizard's URL-encoding (decodeURIComponent: %XX only, '+' stays)
// of platform, redirect-url, completion-code, consent, custom-msg and instruct, so that
// the rows hold plain values like a params.csv. Rows without a Line get their 1-based
// position in the list. A malformed encoding is a Problem naming the row; all are reported.
func FromWizard(rows []Row) ([]Row, error) {
	out := make([]Row, len(rows))
	var problems Problems
	for i, r := range rows {
		if r.Line == 0 {
			r.Line = i + 1
		}
		if slices.Contains(urlEncoded, r.Param) {
			dec, err := url.PathUnescape(r.Value)
			if err != nil || !utf8.ValidString(dec) {
				problems = append(problems, Problem{Line: r.Line, Condition: r.Condition, Param: r.Param,
					Message: "the value is not valid URL encoding (encodeURIComponent): " + quote(r.Value)})
			}
			r.Value = dec
		}
		out[i] = r
	}
	if len(problems) > 0 {
		return nil, problems
	}
	return out, nil
}

// UnmarshalJSON reads a wizard row leniently, as browsers send numbers and strings
// interchangeably: condition may be a number or a numeric string; value may be a string,
// null (empty), a number or boolean (its JSON text), or a list or object (compact JSON
// text, so entity_sets and forms may also arrive not stringified).
func (r *Row) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var raw struct {
		Condition json.RawMessage `json:"condition"`
		Param     json.RawMessage `json:"param"`
		Value     json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return fmt.Errorf("params: row must be an object {condition, param, value}: %w", err)
	}
	row := Row{}
	if len(raw.Condition) > 0 && string(raw.Condition) != "null" {
		text := string(raw.Condition)
		if raw.Condition[0] == '"' {
			if err := json.Unmarshal(raw.Condition, &text); err != nil {
				return fmt.Errorf("params: condition: %w", err)
			}
		}
		n, err := strconv.Atoi(strings.TrimSpace(text))
		if err != nil {
			return fmt.Errorf("params: condition %s is not a whole number", quote(text))
		}
		row.Condition = n
	}
	if len(raw.Param) > 0 && string(raw.Param) != "null" {
		if err := json.Unmarshal(raw.Param, &row.Param); err != nil {
			return fmt.Errorf("params: param must be a string: %w", err)
		}
	}
	switch {
	case len(raw.Value) == 0 || string(raw.Value) == "null":
	case raw.Value[0] == '"':
		if err := json.Unmarshal(raw.Value, &row.Value); err != nil {
			return fmt.Errorf("params: value: %w", err)
		}
	default:
		var b bytes.Buffer
		if err := json.Compact(&b, raw.Value); err != nil {
			return fmt.Errorf("params: value: %w", err)
		}
		row.Value = b.String()
	}
	*r = row
	return nil
}
