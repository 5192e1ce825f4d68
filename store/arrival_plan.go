package store

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"feedlab/store/db"
)

// A new participant's arrival happens in three steps (issue 20, item 1): plan (choose the
// condition and seed from a read of the study, outside the writer), compose (rank the feed,
// which may run a researcher's script: never while the writer or any transaction is held),
// and commit (one write transaction that checks the plan still holds and stores it all).
//
// Arrivals being composed are not in the database yet, so concurrent arrivals would all
// see the same loads and crowd into one condition. Each planned arrival therefore holds a
// reservation, in memory, from the plan until its commit is done: planning counts the
// study's reservations as participants in progress. Only this process registers
// participants (the command line never does), so memory is the whole truth.

// arrivalPlan is a new participant's condition and seed, and whether the plan found the
// study full (every condition's quota met) or not accepting.
type arrivalPlan struct {
	condition int
	seed      uint64
	reserved  bool  // a reservation is held (real participants only)
	version   int64 // the study's text version the plan (and its composer) saw
}

// ErrStudyChanged: the study's parameters were edited while the arrival was being composed,
// so the feed may follow the old design or the page show the old texts. Nothing was
// registered; the caller loads the study again and retries.
var ErrStudyChanged = errors.New("the study changed while the participant arrived")

// reservations counts, per study and condition, the arrivals planned but not committed.
type reservations struct {
	mu      sync.Mutex
	pending map[string][]int64 // experiment id → per condition (1-based)
}

func (r *reservations) add(study string, n, condition int, delta int64) {
	if r.pending == nil {
		r.pending = map[string][]int64{}
	}
	p := r.pending[study]
	if len(p) < n+1 {
		p = append(p, make([]int64, n+1-len(p))...)
	}
	p[condition] += delta
	r.pending[study] = p
	if delta < 0 {
		for _, v := range p {
			if v != 0 {
				return
			}
		}
		delete(r.pending, study)
	}
}

// planArrival chooses a real participant's condition from the study's loads (a read, not
// the writer) plus the arrivals being composed, and reserves it. It answers
// ErrNotAccepting for a study that is not open and ErrOverQuota when every condition is
// full; the commit checks both again.
func (s *Store) planArrival(ctx context.Context, reg Registration) (arrivalPlan, error) {
	plan := arrivalPlan{seed: rand.Uint64() >> 1} // fits SQLite's signed 64-bit integer
	study, err := s.rq.GetStudy(ctx, reg.ExperimentID)
	if err != nil {
		return plan, notFound(err)
	}
	plan.version = study.TextVersion
	if reg.IsTest {
		plan.condition = reg.Condition
		return plan, nil
	}
	if study.Status != StatusOpen {
		return plan, ErrNotAccepting // the commit tells a study closed for its quota apart
	}
	s.reserved.mu.Lock()
	defer s.reserved.mu.Unlock()
	l, err := s.cachedLoadsFor(ctx, reg, s.millis())
	if err != nil {
		return plan, err
	}
	for c, n := range s.reserved.pending[reg.ExperimentID] {
		if c < len(l) {
			l[c].arrivals += n
			if !reg.Assignment.CompletedOnly {
				l[c].active += n
			}
		}
	}
	c, ok := chooseCondition(reg.NConditions, l, reg.Assignment, s.tieBreak)
	if !ok {
		return plan, ErrOverQuota
	}
	plan.condition, plan.reserved = c, true
	s.reserved.add(reg.ExperimentID, reg.NConditions, c, 1)
	return plan, nil
}

// release gives a plan's reservation back, once its commit is done or failed.
func (s *Store) release(reg Registration, plan arrivalPlan) {
	if !plan.reserved {
		return
	}
	s.reserved.mu.Lock()
	s.reserved.add(reg.ExperimentID, reg.NConditions, plan.condition, -1)
	s.reserved.mu.Unlock()
}

// conditionFull is true when condition c can take no one more: its quota, or the study's
// total, is met by completed and active participants.
func conditionFull(n, c int, l []conditionLoad, a Assignment) bool {
	var taken int64
	for i := 1; i <= n; i++ {
		taken += l[i].completed + l[i].active
	}
	if a.QuotaTotal > 0 && taken >= int64(a.QuotaTotal) {
		return true
	}
	q := quotaOf(a, c)
	return q > 0 && l[c].completed+l[c].active >= int64(q)
}

// entityLookup reads a stimulus set's cards through the read pool: sets never change once
// stored, so composing outside the writer reads what the commit would.
func (s *Store) entityLookup(ctx context.Context) EntityLookup {
	return func(set string) ([]Entity, error) {
		if cards, ok := s.setCards.get(set, s.millis()); ok {
			return cards, nil
		}
		rows, err := s.rq.ListEntities(ctx, set)
		if err != nil {
			return nil, fmt.Errorf("store: cards of set %s: %w", set, err)
		}
		cards := entitiesFrom(rows)
		s.setCards.put(set, s.millis(), cards)
		return slices.Clone(cards), nil // composers may reorder what they are given
	}
}

// IdentityKeys are the arrival parameters that name one person on a recruitment platform
// (Prolific, MTurk and CloudResearch's MTurk toolkit, Lucid/Cint, CloudResearch Connect).
// Within a study each names one participant. Session and study ids (SESSION_ID,
// assignmentId, …) do not name a person and are not among them.
var IdentityKeys = []string{"PROLIFIC_PID", "workerId", "RID", "rid", "participantId"}

// identities are the person ids a registration carries, as stored: "<key>=<value>", rid
// spelled RID. An empty value, or one still holding a platform's placeholder
// ({{%PROLIFIC_PID%}}, ${workerId}: the researcher testing the link unfilled), is none,
// or every tester would be one person.
func identities(platformIDs map[string]string) []string {
	var out []string
	for _, k := range IdentityKeys {
		v := strings.TrimSpace(platformIDs[k])
		if v == "" || strings.ContainsAny(v, "{}%$[]") {
			continue
		}
		if k == "rid" {
			k = "RID"
		}
		id := k + "=" + v
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// byIdentity is the participant one of ids already names in the study, if any.
func byIdentity(ctx context.Context, q *db.Queries, experimentID string, ids []string) (db.Participant, bool, error) {
	for _, id := range ids {
		p, err := q.ParticipantByIdentity(ctx, db.ParticipantByIdentityParams{ExperimentID: experimentID, Identity: id})
		if err == nil {
			return p, true, nil
		}
		if err := notFound(err); err != ErrNotFound {
			return db.Participant{}, false, err
		}
	}
	return db.Participant{}, false, nil
}
