// Package diskspace tells how much room the data directory's disk has left and whether it
// is below the floor under which feedlab stops taking new work (new participants, uploads,
// imports) so that the participants already in can finish. The reading is cached for a
// second: the arrival path asks on every request, and one statfs a second costs nothing.
package diskspace

import (
	"fmt"
	"sync"
	"time"
)

// Floor is the free space to keep. Bytes and Percent (of the disk's size) may both be
// set: the floor is then the smaller of the two. Zero for both means no floor.
type Floor struct {
	Bytes   int64
	Percent float64
}

// DefaultFloor is 1 GB or 5 % of the disk, whichever is smaller: 5 % of a 2 TB disk (100
// GB) would turn participants away with plenty of room left, and 1 GB of a 8 GB card
// leaves too little for the card to keep working.
var DefaultFloor = Floor{Bytes: 1 << 30, Percent: 5}

// For returns the floor in bytes on a disk of total bytes.
func (f Floor) For(total int64) int64 {
	var pct int64 = -1
	if f.Percent > 0 {
		pct = int64(float64(total) * f.Percent / 100)
	}
	switch {
	case f.Bytes > 0 && pct >= 0:
		return min(f.Bytes, pct)
	case f.Bytes > 0:
		return f.Bytes
	case pct >= 0:
		return pct
	}
	return 0
}

// String writes the floor as the flag takes it.
func (f Floor) String() string {
	switch {
	case f.Bytes > 0 && f.Percent > 0:
		return FormatSize(f.Bytes) + "," + formatPercent(f.Percent)
	case f.Bytes > 0:
		return FormatSize(f.Bytes)
	case f.Percent > 0:
		return formatPercent(f.Percent)
	}
	return "0"
}

func formatPercent(p float64) string { return fmt.Sprintf("%g%%", p) }

// Reading is one look at the disk.
type Reading struct {
	Free  int64 // bytes an unprivileged process may still write
	Total int64 // the disk's size
	Floor int64 // the floor on this disk, in bytes
	// Err is set when the disk could not be read (no statfs on this system, a vanished
	// directory): the guard then lets everything through, as it did before it existed,
	// and the ENOSPC handling answers a truly full disk.
	Err error
}

// Low reports whether the free space is below the floor.
func (r Reading) Low() bool { return r.Err == nil && r.Floor > 0 && r.Free < r.Floor }

// Headroom is how many bytes may still be written before the floor is reached (0 when
// low); -1 when unknown.
func (r Reading) Headroom() int64 {
	if r.Err != nil {
		return -1
	}
	return max(r.Free-r.Floor, 0)
}

// Detail says the reading for a person: "512 MB free, floor 1 GB".
func (r Reading) Detail() string {
	return FormatSize(r.Free) + " free, floor " + FormatSize(r.Floor)
}

// Checker reads the free space of one directory's disk, at most once per TTL.
type Checker struct {
	dir   string
	floor Floor
	ttl   time.Duration
	// now and statfs are replaced in tests.
	now    func() time.Time
	statfs func(dir string) (free, total int64, err error)

	mu   sync.Mutex
	at   time.Time
	last Reading
}

// TTL is how long a reading is reused.
const TTL = time.Second

// New returns a checker of dir's disk against floor.
func New(dir string, floor Floor) *Checker {
	return &Checker{dir: dir, floor: floor, ttl: TTL, now: time.Now, statfs: statfs}
}

// Check returns the disk's state, read again when the last reading is older than the TTL.
// A nil checker reads as "unknown" (no guard).
func (c *Checker) Check() Reading {
	if c == nil {
		return Reading{Err: errNoChecker}
	}
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.at.IsZero() && now.Sub(c.at) < c.ttl {
		return c.last
	}
	c.last = c.read()
	c.at = now
	return c.last
}

// Fresh reads the disk now, bypassing the cache: for a large write about to begin (an
// upload, an import), where a second-old reading may be a gigabyte out of date.
func (c *Checker) Fresh() Reading {
	if c == nil {
		return Reading{Err: errNoChecker}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.last = c.read()
	c.at = c.now()
	return c.last
}

func (c *Checker) read() Reading {
	free, total, err := c.statfs(c.dir)
	if err != nil {
		return Reading{Err: fmt.Errorf("diskspace: %s: %w", c.dir, err)}
	}
	return Reading{Free: free, Total: total, Floor: c.floor.For(total)}
}

var errNoChecker = fmt.Errorf("diskspace: no checker")
