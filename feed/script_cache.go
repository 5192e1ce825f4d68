package feed

import "container/list"

// A worker keeps the scripts it loaded for arrivals (not those it only checked), so a
// study's participants do not each pay for its top level; the cache is bounded by count
// and by source bytes, least recently used first out. What a script's globals hold is
// bounded by the worker's memory watch: a worker left with a large heap after a run is
// replaced, cache and all.
const (
	maxCachedScripts     = 64
	maxCachedScriptBytes = 4 << 20
)

type scriptCache struct {
	maxCount, maxBytes int
	bytes              int
	order              *list.List // of *Script, most recently used first
	byHash             map[string]*list.Element
}

func newScriptCache(maxCount, maxBytes int) *scriptCache {
	return &scriptCache{maxCount: maxCount, maxBytes: maxBytes, order: list.New(), byHash: map[string]*list.Element{}}
}

func (c *scriptCache) get(hash string) *Script {
	e, ok := c.byHash[hash]
	if !ok {
		return nil
	}
	c.order.MoveToFront(e)
	return e.Value.(*Script)
}

func (c *scriptCache) put(s *Script) {
	if _, ok := c.byHash[s.Hash]; ok || s.size > c.maxBytes {
		return
	}
	c.byHash[s.Hash] = c.order.PushFront(s)
	c.bytes += s.size
	for c.order.Len() > c.maxCount || c.bytes > c.maxBytes {
		last := c.order.Back()
		old := c.order.Remove(last).(*Script)
		delete(c.byHash, old.Hash)
		c.bytes -= old.size
	}
}
