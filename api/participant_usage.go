package api

import (
	"context"
	"sync"

	"feedlab/store"
)

// maxUsageEntries bounds the participants whose use of their budgets is kept in memory (a
// few dozen bytes each). Past it, entries with nothing in flight are forgotten: the next
// event of such a participant reads their use again from the database, which holds the
// truth, so forgetting never lets anyone over a budget.
const maxUsageEntries = 100000

// usageTable is each participant's running use of their budgets: seeded from the
// database the first time the server sees the participant (one indexed query), then kept
// by reserve and settle around each event, so the event writer's path gains no query.
// A counter column updated by the writer would cost every group commit an update per
// participant; this costs one query per participant per start.
type usageTable struct {
	mu      sync.Mutex
	entries map[int64]*usage
}

// usage is one participant's: what is stored and what is reserved by events in flight.
type usage struct {
	inFlight int // guarded by the table's mu

	mu     sync.Mutex
	seeded bool
	rows   int64
	bytes  int64
}

func newUsageTable() *usageTable { return &usageTable{entries: map[int64]*usage{}} }

// entry returns the participant's entry, seeded from the database, with its lock held and
// one event counted in flight (so it is not forgotten meanwhile: release ends it).
func (t *usageTable) entry(ctx context.Context, st *store.Store, participantID int64) (*usage, error) {
	t.mu.Lock()
	u, ok := t.entries[participantID]
	if !ok {
		if len(t.entries) >= maxUsageEntries {
			t.forgetIdle()
		}
		u = &usage{}
		t.entries[participantID] = u
	}
	u.inFlight++
	t.mu.Unlock()
	// The participant's own lock only: a first sight's query never holds up the others.
	u.mu.Lock()
	if !u.seeded {
		got, err := st.ParticipantUsage(ctx, participantID)
		if err != nil {
			u.mu.Unlock()
			t.release(u)
			return nil, err
		}
		u.rows, u.bytes, u.seeded = got.Rows, got.Bytes, true
	}
	return u, nil
}

// forgetIdle drops the entries of participants with no event in flight. Called with t.mu
// held.
func (t *usageTable) forgetIdle() {
	for id, u := range t.entries {
		if u.inFlight == 0 {
			delete(t.entries, id)
		}
	}
}

// release ends an event in flight (called without u.mu held).
func (t *usageTable) release(u *usage) {
	t.mu.Lock()
	u.inFlight--
	t.mu.Unlock()
}
