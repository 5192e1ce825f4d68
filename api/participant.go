package api

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"feedlab/store"
	"feedlab/study"
)

// Limits on client-chosen identifiers: long enough for every platform's ids and for
// client-generated UUIDs, short enough to keep rows small.
const (
	maxUserID    = 128
	maxEventID   = 100
	maxFieldName = 200
	maxResponse  = 20000
)

// isID reports whether s is a non-empty run of letters, digits and the characters of
// extra, as ^[A-Za-z0-9<extra>]+$ would; a loop rather than a regexp because every
// event checks three ids.
func isID(s, extra string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte(extra, c) >= 0) {
			return false
		}
	}
	return true
}

// The extra characters of a user or experiment id, and of an event id.
const (
	idExtra      = "_.:@+-"
	eventIDExtra = "_.:-"
)

// participantRef is the part of every participant call that says who is writing.
type participantRef struct {
	UserID       text `json:"user_id"`
	ExperimentID text `json:"experiment_id"`
	Condition    text `json:"condition"` // informational: the stored condition is authoritative
}

func (p participantRef) check() *apiError {
	if p.UserID == "" {
		return badRequest("user_id is missing.")
	}
	if len(p.UserID) > maxUserID || !isID(string(p.UserID), idExtra) {
		return badRequest("user_id must be 1 to %d letters, digits or _.:@+- characters.", maxUserID)
	}
	if p.ExperimentID == "" {
		return badRequest("experiment_id is missing.")
	}
	if len(p.ExperimentID) > maxUserID || !isID(string(p.ExperimentID), idExtra) {
		return badRequest("experiment_id %q is not a valid experiment id.", truncate(string(p.ExperimentID), 40))
	}
	return nil
}

func checkEventID(id text) *apiError {
	if id == "" {
		return badRequest("event_id is missing: every event needs a client-generated id so a retry is not stored twice.")
	}
	if len(id) > maxEventID || !isID(string(id), eventIDExtra) {
		return badRequest("event_id must be 1 to %d letters, digits or _.:- characters.", maxEventID)
	}
	return nil
}

// event is a participant event's body. Every body embeds participantRef and has its
// client-generated event_id beside it (not in a nested struct: encoding/json would
// allocate once more per event for the deeper field path); header returns both. validate
// is the call's own checks and answers the card the event is about (0 for none); it is a
// method rather than a closure so that the ingestion path allocates nothing more for it.
type event interface {
	header() (participantRef, text)
	validate() (entityID int64, err *apiError)
}

// readEvent is the start every event call shares: it decodes the body into req, checks
// the participant reference and the event_id, runs the call's own checks, resolves the
// participant (and the card) and spends one request of the participant's rate. On false, the failure has been answered and the handler
// returns at once.
func (s *Server) readEvent(w http.ResponseWriter, r *http.Request, req event) (store.EventTarget, bool) {
	if err := decodeEvent(w, r, limitEvent, req); err != nil {
		s.fail(w, r, err)
		return store.EventTarget{}, false
	}
	ref, eventID := req.header()
	if err := ref.check(); err != nil {
		s.fail(w, r, err)
		return store.EventTarget{}, false
	}
	if err := checkEventID(eventID); err != nil {
		s.fail(w, r, err)
		return store.EventTarget{}, false
	}
	entityID, aerr := req.validate()
	if aerr != nil {
		s.fail(w, r, aerr)
		return store.EventTarget{}, false
	}
	target, err := s.resolve(r.Context(), ref, entityID)
	if err != nil {
		s.fail(w, r, err)
		return store.EventTarget{}, false
	}
	if err := s.pace(r, ref, target); err != nil {
		s.fail(w, r, err)
		return store.EventTarget{}, false
	}
	return target, true
}

// resolve finds the participant an event belongs to and, for entityID > 0, checks the card
// was in their feed, so a typo never stores an event against the wrong card.
func (s *Server) resolve(ctx context.Context, p participantRef, entityID int64) (store.EventTarget, error) {
	t, err := s.store.ResolveEvent(ctx, string(p.ExperimentID), string(p.UserID), entityID)
	if errors.Is(err, store.ErrNotFound) {
		if _, serr := s.store.Study(ctx, string(p.ExperimentID)); errors.Is(serr, store.ErrNotFound) {
			return t, unknownExperiment(string(p.ExperimentID))
		}
		return t, unknownParticipant(p)
	}
	if err != nil {
		return t, err
	}
	if entityID > 0 && !t.InFeed {
		return t, &apiError{http.StatusNotFound, codeUnknownEntity, fmt.Sprintf("Entity %d is not in this participant's feed.", entityID)}
	}
	return t, nil
}

func unknownExperiment(id string) *apiError {
	return &apiError{http.StatusNotFound, codeUnknownExperiment, fmt.Sprintf("There is no experiment %q. Check the experiment_id in the study link.", truncate(id, 60))}
}

// entityNumber parses an entity_id sent as a number or a string.
func entityNumber(t text) (int64, *apiError) {
	if t == "" {
		return 0, badRequest("entity_id is missing.")
	}
	n, err := strconv.ParseInt(string(t), 10, 64)
	if err != nil || n <= 0 {
		return 0, badRequest("entity_id %q is not a valid entity id.", truncate(string(t), 40))
	}
	return n, nil
}

// record stores a participant's event within their budgets and answers once it is
// committed.
func (s *Server) record(w http.ResponseWriter, r *http.Request, ref participantRef, target store.EventTarget, ev store.Event) {
	stored, err := s.recordEvent(r, ref, target, ev)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	okStored(w, stored)
}

// okStored answers ok(w, {"stored": n}) without encoding/json: every event's
// acknowledgement is one (TestStoredAnswersAreOk keeps it equal to ok's).
func okStored(w http.ResponseWriter, n int) {
	var buf [64]byte
	b := append(buf[:0], okOpen+`{"stored":`...)
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, '}')
	b = append(b, okClose...)
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	w.Write(b)
}

// storeEvent stores an event, outside any budget (recordEvent charges a participant's); an
// event_id the participant already used for another event is logged (a buggy or hostile
// client: the stored row is kept) and answered 409 conflict.
func (s *Server) storeEvent(r *http.Request, ev store.Event) (int, error) {
	stored, err := s.store.RecordEvent(r.Context(), ev)
	if errors.Is(err, store.ErrEventConflict) {
		s.log.Warn("event refused: event_id reused for a different event", "path", r.URL.Path, "err", err)
		return 0, &apiError{http.StatusConflict, codeConflict, "This event_id was already used for a different event of this participant; send a new event_id."}
	}
	return stored, err
}

// userAgent is the id of the request's User-Agent (the participant's browser), recorded at
// arrival and with each event batch for the export's user_agent column. A failure to store
// it is logged and the event goes on without it: a browser name is never worth an event.
func (s *Server) userAgent(r *http.Request) sql.NullInt64 {
	// Not tied to the request: a client that goes away (a beacon) still gets its browser
	// recorded with the event, which is committed whatever the client does.
	id, err := s.store.UserAgentID(context.WithoutCancel(r.Context()), r.UserAgent())
	if err != nil {
		s.log.Warn("user agent not recorded", "err", err)
		return sql.NullInt64{}
	}
	return id
}

// participantIn loads the study and the participant a participant call names (load_block,
// write_exit): an unknown study or participant answers as an event for them would.
func (s *Server) participantIn(ctx context.Context, ref participantRef) (*study.Definition, store.Participant, error) {
	def, err := s.studyDefinition(ctx, string(ref.ExperimentID))
	if err != nil {
		return nil, store.Participant{}, err
	}
	p, err := s.store.Participant(ctx, string(ref.ExperimentID), string(ref.UserID))
	if errors.Is(err, store.ErrNotFound) {
		return nil, p, unknownParticipant(ref)
	}
	return def, p, err
}

func unknownParticipant(ref participantRef) error {
	return &apiError{http.StatusNotFound, codeUnknownParticipant, fmt.Sprintf("Participant %q has not loaded experiment %q; call load_experiment first.", ref.UserID, ref.ExperimentID)}
}
