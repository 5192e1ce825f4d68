package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"

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

// Composer builds the feed of a new participant from their condition and seed.
type Composer func(condition int, seed uint64, entities EntityLookup) ([]InventoryItem, error)

// Participant returns a registered participant, or ErrNotFound.
func (s *Store) Participant(ctx context.Context, experimentID, userID string) (Participant, error) {
	p, err := s.rq.GetParticipant(ctx, db.GetParticipantParams{ExperimentID: experimentID, UserID: userID})
	if err != nil {
		return Participant{}, fmt.Errorf("store: get participant: %w", notFound(err))
	}
	return Participant(p), nil
}

// RegisterParticipant registers a participant, assigns a condition and stores their feed,
// all in one transaction. The condition is one with the fewest participants so far, ties
// broken at random, so conditions stay balanced. If the participant registered meanwhile
// (two tabs), the existing record is returned with created=false.
func (s *Store) RegisterParticipant(ctx context.Context, reg Registration, compose Composer) (p Participant, created bool, err error) {
	platformIDs, _ := json.Marshal(nonNil(reg.PlatformIDs))
	queryParams, _ := json.Marshal(nonNil(reg.QueryParams))
	// overQuota is set, and the transaction committed, when the arrival finds every
	// condition full: the study may have been closed for its quota meanwhile.
	overQuota := false
	err = s.withTx(ctx, func(q *db.Queries) error {
		overQuota = false
		existing, err := q.GetParticipant(ctx, db.GetParticipantParams{ExperimentID: reg.ExperimentID, UserID: reg.UserID})
		if err == nil {
			p = Participant(existing)
			return nil
		} else if !errors.Is(notFound(err), ErrNotFound) {
			return err
		}
		study, err := q.GetStudy(ctx, reg.ExperimentID)
		if err != nil {
			return notFound(err)
		}
		now := s.millis()
		condition := reg.Condition
		if !reg.IsTest {
			l, err := loads(ctx, q, reg.ExperimentID, reg.NConditions, reg.Assignment, now)
			if err != nil {
				return err
			}
			if study.Status != StatusOpen {
				// A study closed because its quotas are reached still sends arrivals to
				// the over-quota exit rather than a dead end.
				if study.Status == StatusClosed && hasQuota(reg.Assignment) && quotasReached(reg.NConditions, l, reg.Assignment) {
					overQuota = true
					return nil
				}
				return ErrNotAccepting
			}
			c, ok := chooseCondition(reg.NConditions, l, reg.Assignment, randIntN)
			if !ok {
				overQuota = true
				if quotasReached(reg.NConditions, l, reg.Assignment) {
					_, err := closeForQuota(ctx, q, reg.ExperimentID, now)
					return err
				}
				return nil
			}
			condition = c
		}
		seed := rand.Uint64() >> 1 // fits SQLite's signed 64-bit integer
		entities := func(set string) ([]Entity, error) {
			rows, err := q.ListEntities(ctx, set)
			return entitiesFrom(rows), err
		}
		items, err := compose(condition, seed, entities)
		if err != nil {
			return err
		}
		id, err := q.CreateParticipant(ctx, db.CreateParticipantParams{
			ExperimentID: reg.ExperimentID, UserID: reg.UserID, Condition: int64(condition),
			Seed: int64(seed), PlatformIds: string(platformIDs), QueryParams: string(queryParams),
			StartedAt: now, IsTest: boolInt(reg.IsTest), LastSeenAt: sql.NullInt64{Int64: now, Valid: true},
			StudyVersion: study.TextVersion,
		})
		if err != nil {
			return err
		}
		if reg.UserAgentID.Valid {
			if err := q.SetParticipantUserAgent(ctx, db.SetParticipantUserAgentParams{UserAgentID: reg.UserAgentID, ParticipantID: id}); err != nil {
				return err
			}
		}
		for i, it := range items {
			if err := q.CreateRankedInventoryItem(ctx, db.CreateRankedInventoryItemParams{
				ParticipantID: id, ItemOrder: int64(i), EntityID: it.EntityID,
				ShownShares: it.Shares, ShownLikes: it.Likes, ShownReadLater: it.ReadLater,
				ShownUpvote: it.Upvote, ShownDownvote: it.Downvote,
				Algorithm: it.Algorithm, Score: it.Score, Reason: it.Reason, Inputs: it.Inputs,
			}); err != nil {
				return err
			}
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
	if err == nil && overQuota {
		err = ErrOverQuota
	}
	if err != nil {
		return Participant{}, false, fmt.Errorf("store: register participant: %w", err)
	}
	return p, created, nil
}

// Feed returns a participant's cards in feed order with the counts they display.
func (s *Store) Feed(ctx context.Context, participantID int64) ([]FeedCard, error) {
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
	r, err := s.rq.GetParticipantEntity(ctx, db.GetParticipantEntityParams{EntityID: entityID, ExperimentID: experimentID, UserID: userID})
	if err != nil {
		return EventTarget{}, fmt.Errorf("store: resolve participant: %w", notFound(err))
	}
	return EventTarget{ParticipantID: r.ParticipantID, Condition: r.Condition, InFeed: r.InFeed > 0}, nil
}

// CompleteParticipant marks a participant as finished, keeping the first completion time
// and the first completion code given.
func (s *Store) CompleteParticipant(ctx context.Context, participantID int64, completionCode string) error {
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
