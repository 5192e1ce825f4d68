package api

import (
	"bytes"
	"net/http"
	"reflect"
	"sync"
)

// flatEvent is an event body whose members are all scalars (engagements, checkpoints):
// decodeEvent reads such a body in one pass, without reflection, when it is a plain flat
// object, which is what the participant app sends. Every other body, and every body the
// shortcut is not sure of, goes through decode, so both paths answer the same struct and
// the same errors (FuzzDecodeEventMatchesDecode).
type flatEvent interface {
	event
	// member answers where the JSON member name goes (a *text, *number or *string), or nil
	// for a name the body does not have.
	member(name []byte) any
}

// refMember is member for the participant reference every event body embeds (not named
// member: the embedding bodies would then all pass for flatEvent).
func (p *participantRef) refMember(name []byte) any {
	switch string(name) {
	case "user_id":
		return &p.UserID
	case "experiment_id":
		return &p.ExperimentID
	case "condition":
		return &p.Condition
	}
	return nil
}

// eventBodies are read buffers for event bodies (a few hundred bytes each).
var eventBodies = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// decodeEvent is decode for an event body: a flatEvent in the plain shape is read by
// readFlat, anything else by decode.
func decodeEvent(w http.ResponseWriter, r *http.Request, limit int64, req event) error {
	flat, ok := req.(flatEvent)
	if !ok {
		return decode(w, r, limit, req)
	}
	if err := checkContentType(r); err != nil {
		return err
	}
	buf := eventBodies.Get().(*bytes.Buffer)
	defer eventBodies.Put(buf)
	buf.Reset()
	if _, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, limit)); err != nil {
		return jsonError(err, limit)
	}
	if readFlat(buf.Bytes(), flat) {
		return nil
	}
	// Not the plain shape: start again from a zero body and let encoding/json decide.
	reflect.ValueOf(req).Elem().SetZero()
	return decodeJSON(bytes.NewReader(buf.Bytes()), limit, req)
}

// readFlat decodes b into req when b is a JSON object of scalar members (strings without
// escapes, numbers, true, false, null), every member a field of req or a name no field
// matches in any case, each value one its field takes without error. It answers false,
// with req partly written, for anything else.
func readFlat(b []byte, req flatEvent) bool {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return skipSpace(b, i+1) == len(b)
	}
	for {
		key, next, ok := plainLiteral(b, i)
		if !ok {
			return false
		}
		i = skipSpace(b, next)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		i = skipSpace(b, i+1)
		end, ok := scalarEnd(b, i)
		if !ok || !setMember(req, key[1:len(key)-1], b[i:end]) {
			return false
		}
		i = skipSpace(b, end)
		if i >= len(b) {
			return false
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return skipSpace(b, i+1) == len(b)
		default:
			return false
		}
	}
}

// setMember stores one member's value as encoding/json would, or answers false when only
// encoding/json can say what happens (a name that matches a field in another case, a value
// its field refuses).
func setMember(req flatEvent, name, value []byte) bool {
	switch dst := req.member(name).(type) {
	case nil:
		// encoding/json also matches names case-insensitively (with Unicode folding): an
		// unknown name is ignored only when it is lower-case ASCII like every field's.
		for _, c := range name {
			if c >= 'A' && c <= 'Z' || c >= 0x80 {
				return false
			}
		}
		return true
	case *text:
		return dst.UnmarshalJSON(value) == nil
	case *number:
		return dst.UnmarshalJSON(value) == nil
	case *string:
		if string(value) == "null" {
			return true // encoding/json leaves a string unchanged for null
		}
		if value[0] != '"' {
			return false
		}
		s, ok := plainString(value)
		*dst = s
		return ok
	}
	return false
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// plainLiteral finds the string literal starting at b[i] when it has no escape and no
// control character; it answers the literal with its quotes and the index after it.
func plainLiteral(b []byte, i int) ([]byte, int, bool) {
	if i >= len(b) || b[i] != '"' {
		return nil, 0, false
	}
	for j := i + 1; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			return b[i : j+1], j + 1, true
		case c == '\\' || c < 0x20:
			return nil, 0, false
		}
	}
	return nil, 0, false
}

// scalarEnd answers where the scalar JSON value at b[i] ends: a plain string literal, a
// number in JSON's grammar, true, false or null.
func scalarEnd(b []byte, i int) (int, bool) {
	if i >= len(b) {
		return 0, false
	}
	switch c := b[i]; {
	case c == '"':
		_, end, ok := plainLiteral(b, i)
		return end, ok
	case c == 't':
		return keyword(b, i, "true")
	case c == 'f':
		return keyword(b, i, "false")
	case c == 'n':
		return keyword(b, i, "null")
	case c == '-' || c >= '0' && c <= '9':
		return numberEnd(b, i)
	}
	return 0, false
}

func keyword(b []byte, i int, word string) (int, bool) {
	if len(b)-i >= len(word) && string(b[i:i+len(word)]) == word {
		return i + len(word), true
	}
	return 0, false
}

// numberEnd follows JSON's number grammar: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
func numberEnd(b []byte, i int) (int, bool) {
	digits := func(i int) int {
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		return i
	}
	if b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		i = digits(i)
	default:
		return 0, false
	}
	if i < len(b) && b[i] == '.' {
		j := digits(i + 1)
		if j == i+1 {
			return 0, false
		}
		i = j
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digits(i)
		if j == i {
			return 0, false
		}
		i = j
	}
	return i, true
}
