package store

import "sync"

// maxResolved bounds the resolve cache: about 100 bytes an entry, so at most ~10 MB. When
// full it is emptied and fills again from the database (5,000 participants × 40 cards fit
// in one filling).
const maxResolved = 100_000

// resolveCache remembers the answers of ResolveEvent that found a participant and a card
// of their feed, so a participant's events after the first on a card cost no database read
// (the read was the largest single cost of an event: BENCHMARKS.md, "Where an event's
// microseconds go").
//
// Only found answers are kept, and what they say never changes while the process runs: a
// participant's id and condition are set at registration and never updated, inventory rows
// are only ever added, and neither table has a DELETE in feedlab except a whole study's
// deletion (DeleteStudy), which empties this cache (status changes, test flags and text
// edits touch other columns and tables). An unknown participant or a
// card not in the feed is never cached, so a registration or a card added later is seen at
// once. The cache lives in memory only: a restart, or a database restored while feedlab
// was stopped, starts from an empty one.
type resolveCache struct {
	mu      sync.Mutex
	entries map[resolveKey]EventTarget
	limit   int
}

type resolveKey struct {
	experimentID, userID string
	entityID             int64
}

func (c *resolveCache) get(k resolveKey) (EventTarget, bool) {
	c.mu.Lock()
	t, ok := c.entries[k]
	c.mu.Unlock()
	return t, ok
}

func (c *resolveCache) put(k resolveKey, t EventTarget) {
	c.mu.Lock()
	defer c.mu.Unlock()
	limit := c.limit
	if limit == 0 {
		limit = maxResolved
	}
	if c.entries == nil || len(c.entries) >= limit {
		c.entries = make(map[resolveKey]EventTarget, min(limit, 1024))
	}
	c.entries[k] = t
}

// clear forgets every entry: a deleted study's participants must not be resolved from here.
func (c *resolveCache) clear() {
	c.mu.Lock()
	c.entries = nil
	c.mu.Unlock()
}

// rememberFeed puts a new participant's feed in the resolve cache, as their events would
// one by one: each of their events then costs no database read, the first on a card
// included (issue 28). What it puts is what ResolveEvent would find, for the reasons
// given at resolveCache.
func (s *Store) rememberFeed(p Participant, items []InventoryItem) {
	t := EventTarget{ParticipantID: p.ParticipantID, Condition: p.Condition}
	s.resolved.put(resolveKey{p.ExperimentID, p.UserID, 0}, t)
	t.InFeed = true
	for _, it := range items {
		s.resolved.put(resolveKey{p.ExperimentID, p.UserID, it.EntityID}, t)
	}
}
