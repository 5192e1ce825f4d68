package api

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"unicode/utf8"

	"feedlab/feed"
	"feedlab/store"
)

// Body size limits. A participant event fits a beacon (under 64 KiB); a dwell batch of a
// long feed may be larger when sent with fetch; an uploaded stimulus set can be large.
const (
	limitEvent = 256 << 10
	limitSet   = 16 << 20
)

// Error codes carried in error.code, so a client can act on them without parsing text.
const (
	codeBadRequest         = "bad_request"
	codeInvalidJSON        = "invalid_json"
	codeTooLarge           = "body_too_large"
	codeUnsupportedMedia   = "unsupported_media_type"
	codeUnknownExperiment  = "unknown_experiment"
	codeUnknownParticipant = "unknown_participant"
	codeUnknownEntity      = "unknown_entity"
	codeUnknownSet         = "unknown_entity_set"
	codeNotFound           = "not_found"
	codeUnauthorized       = "unauthorized"
	codeForbidden          = "forbidden"
	codeConflict           = "conflict"
	codeRateLimited        = "rate_limited"
	codeUnavailable        = "unavailable"
	codeInternal           = "internal"
	// The stimulus library (hosted upload, sets).
	codeHashMismatch = "hash_mismatch"
	codeMediaMissing = "media_missing"
	codeInUse        = "in_use"
)

// apiError is a failure answered to the client: an HTTP status, a code and a message
// written for the person reading it.
type apiError struct {
	status  int
	code    string
	message string
}

func (e *apiError) Error() string { return e.message }

func badRequest(format string, args ...any) *apiError {
	return &apiError{http.StatusBadRequest, codeBadRequest, fmt.Sprintf(format, args...)}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// ok answers success: "true" (a string, as the original clients expect) plus data.
func ok(w http.ResponseWriter, data any) {
	body := map[string]any{"success": "true"}
	if data != nil {
		body["data"] = data
	}
	writeJSON(w, http.StatusOK, body)
}

// okOpen and okClose surround the data of an answer written by hand (okCompressed,
// okStored): the same bytes ok writes (TestStoredAnswersAreOk).
const (
	okOpen  = `{"data":`
	okClose = `,"success":"true"}` + "\n"
)

// okCompressed is ok for the one large answer a participant waits for (load_experiment,
// about 12 KB for 24 cards): gzipped when the browser accepts it, which on a slow phone
// connection saves a few hundred milliseconds before the first card. Small answers (every
// event's acknowledgement) stay uncompressed: compressing them would cost more than it saves.
//
// raw are fields of data already encoded as JSON (by encoding/json, once per study or by
// a type that encodes itself), appended as they are: encoding/json would check and compact
// them again byte by byte, which on an arrival cost more than encoding the feed did.
func okCompressed(w http.ResponseWriter, r *http.Request, data map[string]any, raw ...rawField) {
	if data == nil {
		data = map[string]any{} // an object, whose closing brace the raw fields go before
	}
	fields, err := json.Marshal(data)
	if err != nil {
		panic(err.Error()) // plain data: cannot fail
	}
	body := make([]byte, 0, len(fields)+rawSize(raw)+64)
	body = append(body, okOpen...)
	body = append(body, fields[:len(fields)-1]...)
	for i, f := range raw {
		if i > 0 || len(data) > 0 {
			body = append(body, ',')
		}
		body = append(body, '"')
		body = append(body, f.key...)
		body = append(body, `":`...)
		if len(f.value) == 0 {
			body = append(body, "null"...)
		}
		body = append(body, f.value...)
	}
	body = append(body, '}')
	body = append(body, okClose...)
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	if !acceptsEncoding(r.Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(http.StatusOK)
		w.Write(body)
		return
	}
	h.Set("Content-Encoding", "gzip")
	h.Add("Vary", "Accept-Encoding")
	w.WriteHeader(http.StatusOK)
	zw, _ := gzip.NewWriterLevel(w, gzip.BestSpeed) // a valid level: cannot fail
	zw.Write(body)
	zw.Close()
}

// rawField is a field of an answer already encoded as JSON; key needs no escaping.
type rawField struct {
	key   string
	value []byte
}

func rawSize(raw []rawField) int {
	n := 0
	for _, f := range raw {
		n += len(f.key) + len(f.value) + 4
	}
	return n
}

// fail answers success: "false" with error {code, message}. Unexpected errors are logged
// and answered as 500 without their details.
// alerted are the error codes whose logging is the alert board's (once a minute per
// study, counted on the study page), so a flood of them never logs a line per request.
var alerted = map[string]bool{codeRankingFailed: true, codeStudyFull: true, codeDiskLow: true}

func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	var ae *apiError
	if errors.Is(err, store.ErrClosed) {
		// Shutting down: every queued event is being committed; the outbox retries this one.
		ae = &apiError{http.StatusServiceUnavailable, codeUnavailable, "The server is shutting down; retry shortly."}
	} else if errors.Is(err, context.Canceled) {
		// The participant's page went away mid-request (unload); the outbox resends the
		// event later, so this is not a server error.
		s.log.Info("client went away", "method", r.Method, "path", r.URL.Path)
		ae = &apiError{http.StatusServiceUnavailable, codeUnavailable, "The request was cancelled; retry."}
	} else if reason := storageProblem(err); reason != "" && !errors.As(err, &ae) {
		if ok, missed := s.storageErrors.allow(s.now()); ok {
			s.log.Error("cannot store data", "reason", reason, "err", err, "similar_errors_not_logged", missed)
		}
		ae = &apiError{http.StatusServiceUnavailable, codeUnavailable, reason}
	} else if !errors.As(err, &ae) && errors.Is(err, store.ErrStudyChanged) {
		// The study was edited twice while this participant arrived: nothing was
		// registered, and the page's retry will find the study settled.
		ae = &apiError{http.StatusServiceUnavailable, codeUnavailable, "The study changed just as you arrived; retry."}
	} else if !errors.As(err, &ae) && errors.Is(err, feed.ErrRankingFailed) {
		// A script check (check_parameters, spawn_experiment, an import) that found no free
		// ranking worker: the appliance is busy, not broken, and trying again may work.
		s.log.Warn("ranking script could not run", "method", r.Method, "path", r.URL.Path, "err", err)
		ae = &apiError{http.StatusServiceUnavailable, codeRankingFailed, "The appliance could not run the ranking script just now (its script workers are busy or could not start). Try again in a moment."}
	} else if !errors.As(err, &ae) {
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		ae = &apiError{http.StatusInternalServerError, codeInternal, "Something went wrong on the server; the error was logged."}
	} else if ae.status >= 500 && !alerted[ae.code] {
		s.log.Warn("request failed", "method", r.Method, "path", r.URL.Path, "code", ae.code, "err", ae.message)
	}
	body := map[string]any{"code": ae.code, "message": ae.message}
	var de *detailedError
	if errors.As(err, &de) && de.err == ae {
		for k, v := range de.fields {
			body[k] = v
		}
	}
	if ae.status == http.StatusTooManyRequests {
		retry := 60
		if secs, ok := body["retry_after"].(int); ok {
			retry = secs
		}
		w.Header().Set("Retry-After", strconv.Itoa(retry))
	}
	writeJSON(w, ae.status, map[string]any{"success": "false", "error": body})
}

// decode reads a JSON body into v. Beacons (navigator.sendBeacon) can only send text/plain
// without a preflight, so text/plain bodies are read as JSON too. Oversized, malformed or
// mistyped bodies give a 4xx that names the problem.
func decode(w http.ResponseWriter, r *http.Request, limit int64, v any) error {
	if err := checkContentType(r); err != nil {
		return err
	}
	return decodeJSON(http.MaxBytesReader(w, r.Body, limit), limit, v)
}

// checkContentType accepts no Content-Type, application/json and text/plain (beacons).
func checkContentType(r *http.Request) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && mt != "text/plain") {
			return &apiError{http.StatusUnsupportedMediaType, codeUnsupportedMedia, "Send the body as application/json (or text/plain holding JSON)."}
		}
	}
	return nil
}

// decodeJSON is decode's reading of the body: exactly one JSON value into v.
func decodeJSON(body io.Reader, limit int64, v any) error {
	dec := json.NewDecoder(body)
	if err := dec.Decode(v); err != nil {
		return jsonError(err, limit)
	}
	if _, err := dec.Token(); err != io.EOF {
		return &apiError{http.StatusBadRequest, codeInvalidJSON, "The body must hold exactly one JSON object."}
	}
	return nil
}

func jsonError(err error, limit int64) *apiError {
	var tooLarge *http.MaxBytesError
	var syntax *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &tooLarge):
		return &apiError{http.StatusRequestEntityTooLarge, codeTooLarge, fmt.Sprintf("The body is larger than the limit of %d bytes.", limit)}
	case errors.Is(err, io.EOF):
		return &apiError{http.StatusBadRequest, codeInvalidJSON, "The body is empty; send a JSON object."}
	case errors.As(err, &syntax):
		return &apiError{http.StatusBadRequest, codeInvalidJSON, fmt.Sprintf("The body is not valid JSON (at byte %d).", syntax.Offset)}
	case errors.As(err, &typeErr) && error(typeErr) == err:
		// Only the decoder's own type error: one wrapped by a field's decoder (a wizard
		// row's, say) carries a better message and is answered below.
		field := typeErr.Field
		if field == "" {
			return &apiError{http.StatusBadRequest, codeInvalidJSON, "The body must be a JSON object."}
		}
		return &apiError{http.StatusBadRequest, codeInvalidJSON, fmt.Sprintf("Field %q must be %s, not %s.", field, kindName(typeErr.Type.Kind().String()), typeErr.Value)}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &apiError{http.StatusBadRequest, codeInvalidJSON, "The body is not valid JSON (it ends too early)."}
	default:
		var ae *apiError
		if errors.As(err, &ae) {
			return ae
		}
		return &apiError{http.StatusBadRequest, codeInvalidJSON, "The body is not valid JSON: " + err.Error()}
	}
}

func kindName(k string) string {
	switch k {
	case "slice":
		return "a list"
	case "map", "struct":
		return "an object"
	case "int", "int64", "float64":
		return "a number"
	}
	return "a " + k
}

// text is a JSON value that may arrive as a string, a number or a boolean (the original
// clients send condition, entity_id and response either way); it keeps its text.
type text string

func (t *text) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case string(b) == "null":
		*t = ""
	case len(b) > 0 && b[0] == '"':
		if v, ok := plainString(b); ok {
			*t = text(v)
			return nil
		}
		var v string
		if err := json.Unmarshal(b, &v); err != nil {
			return err
		}
		*t = text(v)
	case string(b) == "true" || string(b) == "false":
		*t = text(b)
	case len(b) > 0 && (b[0] == '-' || (b[0] >= '0' && b[0] <= '9')):
		*t = text(b)
	default:
		return &apiError{http.StatusBadRequest, codeInvalidJSON, "expected a string or a number, got " + truncate(string(b), 20)}
	}
	return nil
}

// plainString reads a JSON string literal that needs no unescaping (no backslash, no
// control character, valid UTF-8): nearly every string an event carries. It answers what
// encoding/json would, without a second decoder per field; ok is false for any other
// literal, which is then decoded by encoding/json.
func plainString(lit []byte) (string, bool) {
	if len(lit) < 2 || lit[len(lit)-1] != '"' {
		return "", false
	}
	inner := lit[1 : len(lit)-1]
	ascii := true
	for _, c := range inner {
		if c < 0x20 || c == '"' || c == '\\' {
			return "", false
		}
		if c >= 0x80 {
			ascii = false
		}
	}
	if !ascii && !utf8.Valid(inner) {
		return "", false
	}
	return string(inner), true
}

// number is an integer that may arrive as a JSON number or a numeric string.
type number struct {
	value int64
	set   bool
}

func (n *number) UnmarshalJSON(b []byte) error {
	var t text
	if err := t.UnmarshalJSON(b); err != nil {
		return err
	}
	if t == "" {
		*n = number{}
		return nil
	}
	v, err := strconv.ParseFloat(string(t), 64)
	if err != nil || v != float64(int64(v)) {
		return &apiError{http.StatusBadRequest, codeInvalidJSON, fmt.Sprintf("expected a whole number, got %q", truncate(string(t), 20))}
	}
	*n = number{value: int64(v), set: true}
	return nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
