package api

import (
	"errors"
	"strings"
	"sync"
	"syscall"
	"time"
)

// SQLite's primary result codes for a database that cannot be written (sqlite3.h).
const (
	sqliteReadOnly = 8
	sqliteIOErr    = 10
	sqliteFull     = 13
	sqliteCantOpen = 14
)

// storageProblem says, for a person, why the server cannot store data when err comes from
// a full disk or a read-only data directory, and "" for any other error. Such a request
// is answered 503 (the outbox retries it) rather than 500.
func storageProblem(err error) string {
	var coded interface{ Code() int }
	code := -1
	if errors.As(err, &coded) {
		code = coded.Code() & 0xff
	}
	msg := err.Error()
	switch {
	case code == sqliteFull || errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) ||
		strings.Contains(msg, "database or disk is full") || strings.Contains(msg, "no space left on device"):
		return "The server cannot store data: its disk is full. The researcher running it must free space; then this works again."
	case code == sqliteReadOnly || code == sqliteCantOpen || errors.Is(err, syscall.EROFS) || errors.Is(err, syscall.EACCES) ||
		strings.Contains(msg, "readonly database") || strings.Contains(msg, "read-only file system"):
		return "The server cannot store data: its data directory is read-only. The researcher running it must make it writable."
	case code == sqliteIOErr || strings.Contains(msg, "disk I/O error"):
		return "The server cannot store data: its disk reported an error. The researcher running it must check the disk."
	}
	return ""
}

// onceEvery lets a repeated log line through at most once a period, so a full disk under
// a thousand participants logs a line a minute, not a thousand a second.
type onceEvery struct {
	period time.Duration
	mu     sync.Mutex
	last   time.Time
	missed int
}

// allow reports whether to log now, and how many lines were held back since the last one.
func (o *onceEvery) allow(now time.Time) (bool, int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.last.IsZero() && now.Sub(o.last) < o.period {
		o.missed++
		return false, 0
	}
	missed := o.missed
	o.last, o.missed = now, 0
	return true, missed
}
