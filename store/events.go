package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"feedlab/store/db"
)

// ErrClosed is returned for events submitted after the store began shutting down.
var ErrClosed = errors.New("store: closed")

// ErrEventConflict is returned for an event whose id this participant already used for a
// different body: the stored row is kept and the new one refused, never silently dropped.
var ErrEventConflict = errors.New("event_id already used for a different event")

// ServerEventPrefix starts every event id the server writes itself (arrival rows, the
// completion code). Client ids are made of [A-Za-z0-9_.:-] (and the ids the API derives
// from them start with one), so no client can claim a server row's id.
const ServerEventPrefix = "#"

// CompletionEventID is the id of a participant's completion_code row (one per participant).
const CompletionEventID = ServerEventPrefix + "completion"

// arrivalEventID is the id of a participant's arrival row for field (condition, URLParams-*).
func arrivalEventID(field string) string { return ServerEventPrefix + "arrival/" + field }

// Engagement is one engagement row: a click, a video event or one dwell.
type Engagement struct {
	EventID       string
	ParticipantID int64
	// EntityID is the card; 0 for a row about no card (a participant's own post), stored
	// as NULL (migration 0029) and read back as 0.
	EntityID          int64
	Type              string
	Response          string
	TimeContentViewed sql.NullInt64
	TimeEngagement    sql.NullInt64
	Likes             sql.NullInt64
	ReadLater         sql.NullInt64
	Shares            sql.NullInt64
	AccuracyScore     sql.NullInt64
	// UserAgentID is the browser that sent the event (from Store.UserAgentID). It is not
	// part of the event's identity: a retry from the same client may come through another
	// path (a beacon) and still be the same event.
	UserAgentID sql.NullInt64
	// Text is what a participant wrote (comment, reply, post) or a reaction showed;
	// TargetID what it is about within the card (docs/social.md). Both '' otherwise.
	Text     string
	TargetID string
}

// Answer kinds, as stored in answers.kind.
const (
	AnswerKindAnswer     = "answer"
	AnswerKindCheckpoint = "checkpoint"
	AnswerKindArrival    = "arrival" // URLParams-* and condition, written at registration
)

// Answer is one row of the long user_form shape: a questionnaire answer, a checkpoint or
// an arrival value.
type Answer struct {
	EventID       string
	ParticipantID int64
	Kind          string
	Field         string
	Response      string
	ClientTime    sql.NullInt64
	// EntityID, Lure and Position are set for an answer about a feed card (a custom
	// questionnaire's cards item): the card, 1 when it was a lure, its place from 1.
	EntityID sql.NullInt64
	Lure     sql.NullInt64
	Position sql.NullInt64
}

// Event is what one client call records: all its rows are stored together or not at all.
type Event struct {
	Engagements []Engagement
	Answers     []Answer
}

// RecordEvent stores the event's rows and returns once they are committed (durable on
// disk). Event ids are unique per participant. Rows whose event_id the participant already
// stored with the same content are skipped, so a client may retry freely; stored is the
// number of rows that were new. A row whose id is stored with a different content fails
// the whole event with ErrEventConflict (nothing of it is stored).
func (s *Store) RecordEvent(ctx context.Context, ev Event) (stored int, err error) {
	return s.events.submit(ctx, ev)
}

// maxGroup bounds how many client events share one commit; large enough to amortize the
// fsync at thousands of events per second, small enough to keep each commit short.
const maxGroup = 1024

// groupWait and busyGroup: when a group held at least busyGroup events, the next one waits
// up to groupWait for more (see run).
const (
	groupWait = time.Millisecond
	busyGroup = 16
)

// eventRequest is one client event or, when arrival is set, one new participant's
// registration (arrival_commit.go).
type eventRequest struct {
	ev      Event
	arrival *arrivalJob
	result  chan eventResult
	queued  time.Time // when submitted, for the writer's clocks (writer_clock.go)
}

type eventResult struct {
	stored int
	err    error
}

// eventWriter groups concurrent events into shared transactions ("group commit"): while one
// commit is being synced to disk, new events queue up and all go into the next one. Each
// caller is answered only after the commit that holds its rows.
type eventWriter struct {
	s      *Store
	stats  writerStats
	queue  chan eventRequest
	mu     sync.RWMutex // guards closed against sends on a closed queue
	closed bool
	done   chan struct{}
	// known is the participants of recent groups (known_participants.go).
	known knownParticipants
}

func newEventWriter(s *Store) *eventWriter {
	w := &eventWriter{s: s, queue: make(chan eventRequest, maxGroup), done: make(chan struct{})}
	w.known.m = map[int64]knownParticipant{}
	go w.run()
	return w
}

func (w *eventWriter) submit(ctx context.Context, ev Event) (int, error) {
	res := w.enqueue(ctx, eventRequest{ev: ev})
	return res.stored, res.err
}

// enqueue queues req for the next group and answers once the commit that holds it is done.
func (w *eventWriter) enqueue(ctx context.Context, req eventRequest) eventResult {
	req.result, req.queued = make(chan eventResult, 1), time.Now()
	w.mu.RLock()
	if w.closed {
		w.mu.RUnlock()
		return eventResult{err: ErrClosed}
	}
	select {
	case w.queue <- req:
		w.mu.RUnlock()
	case <-ctx.Done():
		w.mu.RUnlock()
		return eventResult{err: ctx.Err()}
	}
	// Once queued the event will be committed even if the caller goes away; we still wait
	// so the answer means "on disk".
	return <-req.result
}

// close stops accepting events and returns after every queued event is committed.
func (w *eventWriter) close() {
	w.mu.Lock()
	if !w.closed {
		w.closed = true
		close(w.queue)
	}
	w.mu.Unlock()
	<-w.done
}

func (w *eventWriter) run() {
	defer close(w.done)
	group := make([]eventRequest, 0, maxGroup)
	wait := time.NewTimer(0)
	<-wait.C
	busy := false
	for req := range w.queue {
		group = append(group[:0], req)
		open := w.drain(&group)
		if busy && open && len(group) < maxGroup {
			// Under load, wait a moment for the events other handlers are about to send:
			// a commit costs about as much as 15 events (its fsync, WAL header and
			// counters), so fuller groups cost less CPU per event. Only when the last
			// group was busy, so a lone participant's event never waits.
			wait.Reset(groupWait)
		gather:
			for len(group) < maxGroup {
				select {
				case r, ok := <-w.queue:
					if !ok {
						open = false
						break gather
					}
					group = append(group, r)
				case <-wait.C:
					break gather
				}
			}
			if !wait.Stop() {
				select {
				case <-wait.C:
				default:
				}
			}
		}
		busy = len(group) >= busyGroup
		w.commit(group)
	}
}

// drain moves every queued event into group (up to maxGroup); it answers false when the
// queue is closed.
func (w *eventWriter) drain(group *[]eventRequest) bool {
	for len(*group) < maxGroup {
		select {
		case r, ok := <-w.queue:
			if !ok {
				return false
			}
			*group = append(*group, r)
		default:
			return true
		}
	}
	return true
}

// commit writes a group in one transaction. Nearly always every event is valid (the
// handlers checked them), so the group is first written whole; if an event fails, the
// transaction is rolled back and the group is written again with each event in its own
// savepoint, so the bad one fails alone and the others still commit.
func (w *eventWriter) commit(group []eventRequest) {
	w.stats.commits.Add(1)
	for _, req := range group {
		if req.arrival == nil {
			w.stats.events.Add(1)
		}
	}
	// Dwell batches' multi-row inserts are prepared before the transaction
	// (multirow_stmts.go); if that fails, the transaction parses them instead.
	for _, req := range group {
		if n := len(req.ev.Engagements); n > 1 {
			_ = w.s.engagementStmts.ensure(context.Background(), w.s.write, engagementsStatement, chunkCounts(n, engagementChunk)...)
		}
	}
	results, err := w.write(group, false)
	if errors.Is(err, errEventFailed) {
		results, err = w.write(group, true)
	}
	for i, req := range group {
		res := results[i]
		if err != nil {
			res = eventResult{err: fmt.Errorf("store: commit events: %w", err)}
		}
		req.result <- res
	}
}

// writerStats counts the writer's work for the profiler's page (serve --pprof): the
// events per commit say how well the group commit amortizes its fsync.
type writerStats struct{ commits, events atomic.Int64 }

// WriterStats is what the event writer did since the store opened.
type WriterStats struct {
	Commits int64 `json:"commits"` // group commits
	Events  int64 `json:"events"`  // client events they held
}

// WriterStats answers the event writer's counts since the store opened.
func (s *Store) WriterStats() WriterStats {
	return WriterStats{Commits: s.events.stats.commits.Load(), Events: s.events.stats.events.Load()}
}

var errEventFailed = errors.New("an event of the group failed")

func (w *eventWriter) write(group []eventRequest, isolate bool) ([]eventResult, error) {
	results := make([]eventResult, len(group))
	c := &w.s.clocks.events
	tx, began, err := w.s.beginTimed(context.Background(), c)
	if err != nil {
		return results, err
	}
	if !isolate {
		for _, req := range group {
			if req.arrival != nil {
				w.s.clocks.arrivalWait.add(began.Sub(req.queued))
			} else {
				w.s.clocks.eventWait.add(began.Sub(req.queued))
			}
		}
	}
	var touched []knownRow // the group's participants as it leaves them
	err = func() error {
		q := w.s.wq.WithTx(tx)
		now := w.s.millis()
		// What the group tells of its participants (stage, last activity, dashboard
		// counters), written once per participant after the events.
		if err := w.known.check(context.Background(), tx); err != nil {
			return err
		}
		touches := map[int64]*touch{}
		for i, req := range group {
			if req.arrival != nil {
				// Always in a savepoint: an arrival may fail on its own (the study changed).
				aerr, err := w.writeArrival(tx, q, req.arrival)
				if err != nil {
					return err
				}
				results[i].err = aerr
				continue
			}
			if !isolate {
				n, err := insertEvent(tx, q, &w.s.engagementStmts, req.ev, now)
				if err != nil {
					return errEventFailed
				}
				results[i].stored = n
				noteEvent(touches, req.ev, n)
				continue
			}
			if _, err := tx.Exec("SAVEPOINT event"); err != nil {
				return err
			}
			n, err := insertEvent(tx, q, &w.s.engagementStmts, req.ev, now)
			if err != nil {
				results[i].err = fmt.Errorf("store: record event: %w", err)
				if _, err := tx.Exec("ROLLBACK TO event"); err != nil {
					return err
				}
			}
			results[i].stored = n
			if results[i].err == nil {
				noteEvent(touches, req.ev, n)
			}
			if _, err := tx.Exec("RELEASE event"); err != nil {
				return err
			}
		}
		touched, err = touchParticipants(context.Background(), q, &w.known, touches, now)
		return err
	}()
	if err != nil {
		rollbackTimed(tx, c, began)
		return results, err
	}
	if err := w.commitGroup(tx, began, group, results); err != nil {
		return results, err
	}
	w.known.remember(touched)
	return results, nil
}

func insertEvent(tx *sql.Tx, q *db.Queries, stmts *multiRowStmts, ev Event, now int64) (int, error) {
	ctx := context.Background()
	stored := 0
	if len(ev.Engagements) > 1 {
		n, err := insertEngagements(ctx, tx, q, stmts, ev.Engagements, now)
		if err != nil {
			return 0, err
		}
		stored, ev.Engagements = n, nil
	}
	for _, e := range ev.Engagements {
		n, err := q.InsertEngagement(ctx, db.InsertEngagementParams{
			EventID:           e.EventID,
			ParticipantID:     e.ParticipantID,
			EntityID:          cardOf(e.EntityID),
			EngagementType:    e.Type,
			Response:          e.Response,
			TimeContentViewed: e.TimeContentViewed,
			TimeEngagement:    e.TimeEngagement,
			Likes:             e.Likes,
			ReadLater:         e.ReadLater,
			Shares:            e.Shares,
			ReceivedAt:        now,
			AccuracyScore:     e.AccuracyScore,
			UserAgentID:       e.UserAgentID,
			Text:              e.Text,
			TargetID:          e.TargetID,
		})
		if err != nil {
			return 0, err
		}
		if n == 0 {
			if err := sameEngagement(q, e); err != nil {
				return 0, err
			}
		}
		stored += int(n)
	}
	for _, a := range ev.Answers {
		n, err := q.InsertAnswer(ctx, db.InsertAnswerParams{
			EventID:       a.EventID,
			ParticipantID: a.ParticipantID,
			Kind:          a.Kind,
			Field:         a.Field,
			Response:      a.Response,
			ClientTime:    a.ClientTime,
			ReceivedAt:    now,
			EntityID:      a.EntityID,
			Lure:          a.Lure,
			Position:      a.Position,
		})
		if err != nil {
			return 0, err
		}
		if n == 0 {
			if err := sameAnswer(q, a); err != nil {
				return 0, err
			}
		}
		stored += int(n)
	}
	return stored, nil
}

// cardOf is an engagement's entity_id as stored: NULL for 0 (about no card).
func cardOf(entityID int64) sql.NullInt64 {
	return sql.NullInt64{Int64: entityID, Valid: entityID != 0}
}

// sameEngagement checks that the stored row a repeated id points at is this engagement
// (a retry) and not another one sent under a reused id. It runs only for repeats, so the
// ingestion path of new events pays nothing for it.
func sameEngagement(q *db.Queries, e Engagement) error {
	got, err := q.GetEngagementByEvent(context.Background(), db.GetEngagementByEventParams{ParticipantID: e.ParticipantID, EventID: e.EventID})
	if err != nil {
		return err
	}
	if got.EntityID != e.EntityID || got.EngagementType != e.Type || got.Response != e.Response ||
		!sameNull(got.TimeContentViewed, e.TimeContentViewed) || !sameNull(got.TimeEngagement, e.TimeEngagement) ||
		!sameNull(got.Likes, e.Likes) || !sameNull(got.ReadLater, e.ReadLater) || !sameNull(got.Shares, e.Shares) ||
		!sameNull(got.AccuracyScore, e.AccuracyScore) || got.Text != e.Text || got.TargetID != e.TargetID {
		return fmt.Errorf("%w: participant %d, event_id %q", ErrEventConflict, e.ParticipantID, e.EventID)
	}
	return nil
}

// sameAnswer is sameEngagement for answer rows.
func sameAnswer(q *db.Queries, a Answer) error {
	got, err := q.GetAnswerByEvent(context.Background(), db.GetAnswerByEventParams{ParticipantID: a.ParticipantID, EventID: a.EventID})
	if err != nil {
		return err
	}
	if got.Kind != a.Kind || got.Field != a.Field || got.Response != a.Response || !sameNull(got.ClientTime, a.ClientTime) ||
		!sameNull(got.EntityID, a.EntityID) || !sameNull(got.Lure, a.Lure) || !sameNull(got.Position, a.Position) {
		return fmt.Errorf("%w: participant %d, event_id %q", ErrEventConflict, a.ParticipantID, a.EventID)
	}
	return nil
}

func sameNull(a, b sql.NullInt64) bool {
	return a.Valid == b.Valid && (!a.Valid || a.Int64 == b.Int64)
}
