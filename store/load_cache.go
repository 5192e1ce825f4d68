package store

import (
	"context"
	"slices"
	"sync"
)

// loadsFresh is how long planning may reuse a study's counted loads (issue 28). Counting
// reads an index entry per participant of the study, so at a few thousand participants it
// was the largest part of an arrival's cost, and a launch's arrivals all count the same
// study. What changes the count within that time is accounted for:
//   - arrivals committed since: counted into the entry as they commit (arrived);
//   - completions and exit states: they drop the entry (forget), so the next plan counts;
//   - participants in progress leaving or re-entering the activity window: not seen for up
//     to loadsFresh, which moves the balance by at most the few that cross it in a second.
//
// Quotas stay exact: the commit counts again inside its transaction when the study has one.
const loadsFresh = 1000 // ms

// loadCache holds, per study, the loads last counted, with the arrivals committed since.
type loadCache struct {
	mu      sync.Mutex
	studies map[string]*cachedLoads
}

type cachedLoads struct {
	at         int64 // when counted, Unix ms
	assignment Assignment
	loads      []conditionLoad // 1-based, as loads returns them
}

func sameAssignment(a, b Assignment) bool {
	return a.ByArrivals == b.ByArrivals && a.ActiveWindow == b.ActiveWindow && a.CompletedOnly == b.CompletedOnly &&
		a.QuotaTotal == b.QuotaTotal && slices.Equal(a.Quotas, b.Quotas)
}

// cachedLoadsFor answers the study's loads at now: a copy of the entry when it is fresh
// and counted under the same rule, otherwise counted again through the read pool.
func (s *Store) cachedLoadsFor(ctx context.Context, reg Registration, now int64) ([]conditionLoad, error) {
	c := &s.loadCounts
	c.mu.Lock()
	e := c.studies[reg.ExperimentID]
	if e != nil && now-e.at < loadsFresh && now >= e.at && len(e.loads) == reg.NConditions+1 && sameAssignment(e.assignment, reg.Assignment) {
		out := slices.Clone(e.loads)
		c.mu.Unlock()
		return out, nil
	}
	c.mu.Unlock()
	l, err := loads(ctx, s.rq, reg.ExperimentID, reg.NConditions, reg.Assignment, now)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.studies == nil {
		c.studies = map[string]*cachedLoads{}
	}
	c.studies[reg.ExperimentID] = &cachedLoads{at: now, assignment: reg.Assignment, loads: slices.Clone(l)}
	c.mu.Unlock()
	return l, nil
}

// arrived counts a real participant just committed in condition into the study's entry.
// It runs under the reservations' lock, in the same step that gives the reservation back,
// so a plan sees the participant once: as a reservation or here.
func (c *loadCache) arrived(study string, condition int, a Assignment) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.studies[study]
	if e == nil || condition >= len(e.loads) {
		return
	}
	e.loads[condition].arrivals++
	if !a.CompletedOnly {
		e.loads[condition].active++
	}
}

// forget drops the study's entry (a completion or an exit state changed its counts); ""
// drops every study's.
func (c *loadCache) forget(study string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if study == "" {
		c.studies = nil
		return
	}
	delete(c.studies, study)
}

// setCardsFresh is how long composing may reuse a set's cards as last read (issue 28):
// every arrival of a study reads the same set. A set's cards are never added or removed
// once stored; only their image sizes may be filled in later (the command line's
// image-size backfill, another process), which this cache shows within that time.
const setCardsFresh = 1000 // ms

// setCardCache holds sets' cards as last read, with when.
type setCardCache struct {
	mu   sync.Mutex
	sets map[string]cachedCards
}

type cachedCards struct {
	at    int64
	cards []Entity
}

// get is a copy of the set's cards when read less than setCardsFresh ago (composers
// may reorder what they are given).
func (c *setCardCache) get(set string, now int64) ([]Entity, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.sets[set]
	if !ok || now < e.at || now-e.at >= setCardsFresh {
		return nil, false
	}
	return slices.Clone(e.cards), true
}

func (c *setCardCache) put(set string, now int64, cards []Entity) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sets == nil || len(c.sets) >= 256 {
		c.sets = map[string]cachedCards{} // a bound; refilled by the next arrivals
	}
	c.sets[set] = cachedCards{at: now, cards: cards}
}

// forget drops every set's cards (a set was deleted).
func (c *setCardCache) forget() {
	c.mu.Lock()
	c.sets = nil
	c.mu.Unlock()
}

// recordingLookup is entityLookup that also keeps every card it hands out, so the new
// participant's feed can be answered from what was composed (feedCards).
func (s *Store) recordingLookup(ctx context.Context) (EntityLookup, func() map[int64]Entity) {
	var mu sync.Mutex
	seen := map[int64]Entity{}
	base := s.entityLookup(ctx)
	lookup := func(set string) ([]Entity, error) {
		cards, err := base(set)
		mu.Lock()
		for _, c := range cards {
			seen[c.EntityID] = c
		}
		mu.Unlock()
		return cards, err
	}
	return lookup, func() map[int64]Entity {
		mu.Lock()
		defer mu.Unlock()
		return seen
	}
}

// feedCards is a new participant's feed as Feed reads it back (inventory joined with the
// cards), built from the composed items and the cards they came from; nil when an item's
// card is not among them (then Feed reads it).
func feedCards(items []InventoryItem, cards map[int64]Entity) []FeedCard {
	out := make([]FeedCard, len(items))
	for i, it := range items {
		e, ok := cards[it.EntityID]
		if !ok {
			return nil
		}
		out[i] = FeedCard{
			ItemOrder: int64(i), ShownShares: it.Shares, ShownLikes: it.Likes, ShownReadLater: it.ReadLater,
			ShownUpvote: it.Upvote, ShownDownvote: it.Downvote,
			EntityID: e.EntityID, EntitySet: e.EntitySet, Position: e.Position, EntityUrl: e.EntityUrl,
			SourceUrl: e.SourceUrl, Filename: e.Filename, RetrieveDate: e.RetrieveDate, EntityType: e.EntityType,
			Headline: e.Headline, Covariates: e.Covariates, Width: e.Width, Height: e.Height,
		}
	}
	return out
}

// freshFeeds holds just-registered participants' feeds until their arrival's answer takes
// them (once): reading 40 cards back right after storing them was a tenth of an arrival's
// cost (issue 28). Bounded: when full it is emptied, and Feed reads from the database.
type freshFeeds struct {
	mu    sync.Mutex
	feeds map[int64][]FeedCard
}

const maxFreshFeeds = 1024

func (f *freshFeeds) put(participantID int64, cards []FeedCard) {
	if cards == nil {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.feeds == nil || len(f.feeds) >= maxFreshFeeds {
		f.feeds = map[int64][]FeedCard{}
	}
	f.feeds[participantID] = cards
}

func (f *freshFeeds) take(participantID int64) ([]FeedCard, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	cards, ok := f.feeds[participantID]
	delete(f.feeds, participantID)
	return cards, ok
}

func (f *freshFeeds) clear() {
	f.mu.Lock()
	f.feeds = nil
	f.mu.Unlock()
}
