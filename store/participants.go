package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"feedlab/store/db"
)

// Registration describes a participant arriving at a study for the first time.
type Registration struct {
	ExperimentID string
	UserID       string
	NConditions  int
	PlatformIDs  map[string]string // PROLIFIC_PID, workerId, RID, ...
	QueryParams  map[string]string // every arrival URL parameter
	UserAgentID  sql.NullInt64     // the browser at arrival (from Store.UserAgentID)
	// IsTest registers a preview/pilot participant: in Condition (not balanced), whatever
	// the study's status, left out of balancing, the dashboard and exports.
	IsTest    bool
	Condition int
	// Assignment is the study's assignment rule and quotas; the zero value balances by
	// completed participants only, without quotas.
	Assignment Assignment
}

// ErrNotAccepting is returned when a new participant arrives at a paused or closed study.
var ErrNotAccepting = errors.New("study is not accepting participants")

// InventoryItem is one card of a participant's feed with the social counts it displays
// (Valid=false where that button shows no count cue).
type InventoryItem struct {
	EntityID                                   int64
	Shares, Likes, ReadLater, Upvote, Downvote sql.NullInt64
	// Why the card is at its position: the algorithm, its score (Valid=false when it
	// gives none), a reason in words and the inputs that produced it (JSON).
	Algorithm      string
	Score          sql.NullFloat64
	Reason, Inputs string
}

// EntityLookup returns the cards of a stimulus set in upload order.
type EntityLookup func(set string) ([]Entity, error)

// Composer builds the feed of a new participant from their condition and seed. It runs
// outside any transaction (it may run a researcher's ranking script) and must honour ctx.
type Composer func(ctx context.Context, condition int, seed uint64, entities EntityLookup) ([]InventoryItem, error)

// ErrAlreadyTookPart is returned when an arrival's platform person id (PROLIFIC_PID,
// workerId, …) names a participant of the study who completed or left it: one person is
// one participant, and nothing new is registered. The participant is returned with it.
var ErrAlreadyTookPart = errors.New("already took part in this study")

// Participant returns a registered participant, or ErrNotFound.
func (s *Store) Participant(ctx context.Context, experimentID, userID string) (Participant, error) {
	p, err := s.rq.GetParticipant(ctx, db.GetParticipantParams{ExperimentID: experimentID, UserID: userID})
	if err != nil {
		return Participant{}, fmt.Errorf("store: get participant: %w", notFound(err))
	}
	return Participant(p), nil
}

// maxArrivalAttempts bounds how often an arrival is planned again when its plan no longer
// holds at commit (its condition filled up meanwhile).
const maxArrivalAttempts = 3

// RegisterParticipant registers a participant: it assigns a condition (one with the fewest
// participants so far, ties broken at random, so conditions stay balanced), composes their
// feed, and stores both in one transaction. The feed is composed before that transaction,
// never while the single writer is held (a ranking script may take its whole time bound).
//
// A participant already registered under the user id (two tabs) is returned with
// created=false. So is the participant a platform person id of the arrival already names
// (the same PROLIFIC_PID from a second browser): the caller answers that participant's
// user id, and the browser continues their session; if they completed or left, the error
// is ErrAlreadyTookPart. Test participants are exempt from person ids.
func (s *Store) RegisterParticipant(ctx context.Context, reg Registration, compose Composer) (p Participant, created bool, err error) {
	p, created, err = s.registerParticipant(ctx, reg, compose)
	if err != nil {
		return p, false, fmt.Errorf("store: register participant: %w", err)
	}
	return p, created, nil
}

func (s *Store) registerParticipant(ctx context.Context, reg Registration, compose Composer) (Participant, bool, error) {
	var ids []string
	if !reg.IsTest {
		ids = identities(reg.PlatformIDs)
	}
	if p, found, err := s.existing(ctx, s.rq, reg, ids); found || err != nil {
		return p, false, err
	}
	for attempt := 1; ; attempt++ {
		plan, err := s.planArrival(ctx, reg)
		if errors.Is(err, ErrNotAccepting) || errors.Is(err, ErrOverQuota) {
			// The commit decides between the two (a study closed for its quota sends
			// arrivals to the over-quota exit) and closes a study whose quotas are met.
			return Participant{}, false, s.refuseArrival(ctx, reg)
		}
		if err != nil {
			return Participant{}, false, err
		}
		lookup, cardsSeen := s.recordingLookup(ctx)
		items, err := compose(ctx, plan.condition, plan.seed, lookup)
		if err != nil {
			s.release(reg, plan)
			return Participant{}, false, err
		}
		// The feed's insert is prepared before the transaction (multirow_stmts.go); if that
		// fails, the commit parses it instead.
		_ = s.inventoryStmts.ensure(ctx, s.write, inventoryStatement, chunkCounts(len(items), inventoryChunk)...)
		p, created, stale, err := s.commitArrival(ctx, reg, ids, &plan, items)
		s.release(reg, plan)
		if err == nil && created {
			s.rememberFeed(p, items)
			s.fresh.put(p.ParticipantID, feedCards(items, cardsSeen()))
		}
		if stale && attempt < maxArrivalAttempts {
			continue
		}
		if stale {
			return Participant{}, false, s.refuseArrival(ctx, reg)
		}
		return p, created, err
	}
}

// existing finds the participant an arrival already is: by user id, then by a platform
// person id (ErrAlreadyTookPart when that participant completed or left).
func (s *Store) existing(ctx context.Context, q *db.Queries, reg Registration, ids []string) (Participant, bool, error) {
	row, err := q.GetParticipant(ctx, db.GetParticipantParams{ExperimentID: reg.ExperimentID, UserID: reg.UserID})
	if err == nil {
		return Participant(row), true, nil
	} else if !errors.Is(notFound(err), ErrNotFound) {
		return Participant{}, false, err
	}
	row, found, err := byIdentity(ctx, q, reg.ExperimentID, ids)
	if err != nil || !found {
		return Participant{}, false, err
	}
	if row.CompletedAt.Valid || row.ExitState != "" {
		return Participant(row), true, ErrAlreadyTookPart
	}
	return Participant(row), true, nil
}

// refuseArrival answers an arrival that found no place: ErrOverQuota (after closing the
// study when its quotas are met by completed participants) or ErrNotAccepting, decided
// in a write transaction so it sees the latest completions.
func (s *Store) refuseArrival(ctx context.Context, reg Registration) error {
	refusal := ErrNotAccepting
	err := s.withTx(ctx, func(q *db.Queries) error {
		study, err := q.GetStudy(ctx, reg.ExperimentID)
		if err != nil {
			return notFound(err)
		}
		now := s.millis()
		l, err := loads(ctx, q, reg.ExperimentID, reg.NConditions, reg.Assignment, now)
		if err != nil {
			return err
		}
		switch {
		case study.Status == StatusDraft:
			refusal = ErrNotStarted // no one is registered before the launch (issue 22)
		case study.Status == StatusArchived:
			refusal = ErrArchived
		case study.Status == StatusOpen:
			refusal = ErrOverQuota
			if quotasReached(reg.NConditions, l, reg.Assignment) {
				_, err := closeForQuota(ctx, q, reg.ExperimentID, now)
				return err
			}
		case study.Status == StatusClosed && hasQuota(reg.Assignment) && quotasReached(reg.NConditions, l, reg.Assignment):
			// A study closed because its quotas are reached still sends arrivals to the
			// over-quota exit rather than a dead end.
			refusal = ErrOverQuota
		}
		return nil
	})
	if err != nil {
		return err
	}
	return refusal
}

// commitArrival stores a planned and composed arrival in one write transaction, after
// checking that it still holds: the participant did not register meanwhile (two tabs, or
// the same person id from two browsers at once), the study is open, and the planned
// condition is not full. stale is true when the plan no longer holds and the arrival must
// be planned again.
func (s *Store) commitArrival(ctx context.Context, reg Registration, ids []string, plan *arrivalPlan, items []InventoryItem) (p Participant, created, stale bool, err error) {
	platformIDs, _ := json.Marshal(nonNil(reg.PlatformIDs))
	queryParams, _ := json.Marshal(nonNil(reg.QueryParams))
	condition := plan.condition
	queued := ctx
	// The writes run in the writer's group transaction: a request cancelled meanwhile
	// must not interrupt them (arrival_commit.go).
	ctx = context.WithoutCancel(ctx)
	err = s.withReservedTx(queued, reg, plan, func(q *db.Queries, tx *sql.Tx) error {
		created, stale = false, false
		prior, found, err := s.existing(ctx, q, reg, ids)
		if found || err != nil {
			p = prior
			return err
		}
		study, err := q.GetStudy(ctx, reg.ExperimentID)
		if err != nil {
			return notFound(err)
		}
		if study.TextVersion != plan.version {
			return ErrStudyChanged
		}
		now := s.millis()
		if !reg.IsTest {
			if study.Status != StatusOpen {
				stale = true
				return nil
			}
			// Only a quota can fill a condition: without one, the count (a read of every
			// participant of the study) would decide nothing.
			if hasQuota(reg.Assignment) {
				l, err := loads(ctx, q, reg.ExperimentID, reg.NConditions, reg.Assignment, now)
				if err != nil {
					return err
				}
				if conditionFull(reg.NConditions, condition, l, reg.Assignment) {
					stale = true
					return nil
				}
			}
		}
		id, err := q.CreateParticipant(ctx, db.CreateParticipantParams{
			ExperimentID: reg.ExperimentID, UserID: reg.UserID, Condition: int64(condition),
			Seed: int64(plan.seed), PlatformIds: string(platformIDs), QueryParams: string(queryParams),
			StartedAt: now, IsTest: boolInt(reg.IsTest), LastSeenAt: sql.NullInt64{Int64: now, Valid: true},
			StudyVersion: study.TextVersion,
		})
		if err != nil {
			return err
		}
		for _, identity := range ids {
			if err := q.InsertParticipantIdentity(ctx, db.InsertParticipantIdentityParams{ExperimentID: reg.ExperimentID, Identity: identity, ParticipantID: id}); err != nil {
				return err
			}
		}
		if reg.UserAgentID.Valid {
			if err := q.SetParticipantUserAgent(ctx, db.SetParticipantUserAgentParams{UserAgentID: reg.UserAgentID, ParticipantID: id}); err != nil {
				return err
			}
		}
		if err := insertInventory(ctx, tx, &s.inventoryStmts, id, items); err != nil {
			return err
		}
		if !reg.IsTest {
			if err := moveFunnel(ctx, q, reg.ExperimentID, int64(condition), "", StageArrived); err != nil {
				return err
			}
			if err := countSlot(ctx, q, reg.ExperimentID, now, true); err != nil {
				return err
			}
		}
		// The long user_form export carries the arrival parameters and the condition as
		// rows, like the original platform's export.
		arrival := [][2]string{{"condition", fmt.Sprint(condition)}}
		for _, k := range sortedKeys(reg.QueryParams) {
			arrival = append(arrival, [2]string{"URLParams-" + k, reg.QueryParams[k]})
		}
		for _, a := range arrival {
			if _, err := q.InsertAnswer(ctx, db.InsertAnswerParams{
				EventID: arrivalEventID(a[0]), ParticipantID: id,
				Kind: AnswerKindArrival, Field: a[0], Response: a[1], ReceivedAt: now,
			}); err != nil {
				return err
			}
		}
		row, err := q.GetParticipant(ctx, db.GetParticipantParams{ExperimentID: reg.ExperimentID, UserID: reg.UserID})
		p, created = Participant(row), err == nil
		return err
	})
	return p, created, stale, err
}

// Feed returns a participant's cards in feed order with the counts they display.
func (s *Store) Feed(ctx context.Context, participantID int64) ([]FeedCard, error) {
	if cards, ok := s.fresh.take(participantID); ok {
		return cards, nil // just registered: what was stored, without reading it back
	}
	rows, err := s.rq.ListInventory(ctx, participantID)
	if err != nil {
		return nil, fmt.Errorf("store: feed of participant %d: %w", participantID, err)
	}
	out := make([]FeedCard, len(rows))
	for i, r := range rows {
		out[i] = FeedCard(r)
	}
	return out, nil
}

// NotInFeed answers the first of cards that is not in the participant's feed (0 when all
// are). A participant's cards are in the resolve cache from their arrival (rememberFeed)
// or their first event on each, so a dwell batch usually costs no read; when one card is
// not there (after a restart, say), the feed is read once for all of them.
func (s *Store) NotInFeed(ctx context.Context, t EventTarget, experimentID, userID string, cards []int64) (int64, error) {
	cached := true
	for _, id := range cards {
		if c, ok := s.resolved.get(resolveKey{experimentID, userID, id}); !ok || !c.InFeed || c.ParticipantID != t.ParticipantID {
			cached = false
			break
		}
	}
	if cached {
		return 0, nil
	}
	ids, err := s.rq.ListFeedEntityIDs(ctx, t.ParticipantID)
	if err != nil {
		return 0, fmt.Errorf("store: feed of participant %d: %w", t.ParticipantID, err)
	}
	inFeed := make(map[int64]bool, len(ids))
	for _, id := range ids {
		inFeed[id] = true
	}
	for _, id := range cards {
		if !inFeed[id] {
			return id, nil
		}
	}
	return 0, nil
}

// EventTarget is the participant (and whether the card was in their feed) an incoming
// event belongs to.
type EventTarget struct {
	ParticipantID int64
	Condition     int64
	InFeed        bool
}

// ResolveEvent finds the participant of an event and checks whether entityID (0 for
// events without a card) was in their feed. Unknown participants give ErrNotFound.
func (s *Store) ResolveEvent(ctx context.Context, experimentID, userID string, entityID int64) (EventTarget, error) {
	key := resolveKey{experimentID, userID, entityID}
	if t, ok := s.resolved.get(key); ok {
		return t, nil
	}
	r, err := s.rq.GetParticipantEntity(ctx, db.GetParticipantEntityParams{EntityID: entityID, ExperimentID: experimentID, UserID: userID})
	if err != nil {
		return EventTarget{}, fmt.Errorf("store: resolve participant: %w", notFound(err))
	}
	t := EventTarget{ParticipantID: r.ParticipantID, Condition: r.Condition, InFeed: r.InFeed > 0}
	if t.InFeed || entityID == 0 {
		s.resolved.put(key, t) // see resolveCache for why a found answer never goes stale
	}
	return t, nil
}

// CompleteParticipant marks a participant as finished, keeping the first completion time
// and the first completion code given.
func (s *Store) CompleteParticipant(ctx context.Context, participantID int64, completionCode string) error {
	// A completion changes its study's loads: planning counts them again (load_cache.go).
	defer s.loadCounts.forget("")
	err := s.withTx(ctx, func(q *db.Queries) error {
		before, err := q.GetParticipantByID(ctx, participantID)
		if err != nil {
			return err
		}
		now := s.millis()
		if err := q.CompleteParticipant(ctx, db.CompleteParticipantParams{
			CompletedAt: sql.NullInt64{Int64: now, Valid: true}, CompletionCode: completionCode, ParticipantID: participantID,
		}); err != nil {
			return err
		}
		if before.CompletedAt.Valid || before.IsTest != 0 {
			return nil // the first completion counts, once; tests never
		}
		if before.Stage != StageCompleted {
			if err := moveFunnel(ctx, q, before.ExperimentID, before.Condition, before.Stage, StageCompleted); err != nil {
				return err
			}
		}
		if err := countSlot(ctx, q, before.ExperimentID, now, false); err != nil {
			return err
		}
		return q.AddDashboardDuration(ctx, db.AddDashboardDurationParams{ExperimentID: before.ExperimentID, Bin: DurationBin(now - before.StartedAt)})
	})
	if err != nil {
		return fmt.Errorf("store: complete participant %d: %w", participantID, err)
	}
	return nil
}

func nonNil(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// ChainProgress tells whether a participant submitted the feed and which questionnaire
// pages (their routes) they finished.
func (s *Store) ChainProgress(ctx context.Context, participantID int64) (submitted bool, formsDone []string, err error) {
	r, err := s.wq.ChainProgress(ctx, participantID)
	if err != nil {
		return false, nil, fmt.Errorf("store: chain progress of %d: %w", participantID, err)
	}
	for _, f := range strings.Fields(r.FormsDone) {
		formsDone = append(formsDone, strings.TrimPrefix(f, FormDoneCheckpoint))
	}
	sort.Strings(formsDone)
	return r.Submitted, formsDone, nil
}
