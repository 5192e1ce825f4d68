package api

import (
	"net/http"
	"sync"
	"time"
)

// Reads of participant data are recorded in the study's audit log (issue 20, item 5). The
// study page refreshes its participant table every 5 s and a researcher pages back and
// forth, so the same read by the same researcher is recorded once per readWindow: the log
// says who looked at what and when, not how often a tab refreshed. A restart forgets, and
// then records the next read again (more entries, never fewer).
const (
	readWindow   = 10 * time.Minute
	maxReadsKept = 10_000
)

// recentReads remembers when each read (study, researcher, action, detail) was recorded.
type recentReads struct {
	mu   sync.Mutex
	seen map[string]time.Time
}

// recorded reports whether key was recorded less than readWindow before now.
func (rr *recentReads) recorded(key string, now time.Time) bool {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	at, ok := rr.seen[key]
	return ok && now.Sub(at) < readWindow
}

// remember notes that key was recorded at now. The map is bounded: past maxReadsKept
// entries the expired ones go, and if none has expired all go.
func (rr *recentReads) remember(key string, now time.Time) {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	if rr.seen == nil {
		rr.seen = map[string]time.Time{}
	}
	if len(rr.seen) >= maxReadsKept {
		for k, at := range rr.seen {
			if now.Sub(at) >= readWindow {
				delete(rr.seen, k)
			}
		}
		if len(rr.seen) >= maxReadsKept {
			clear(rr.seen)
		}
	}
	rr.seen[key] = now
}

// auditRead records that the signed-in researcher read participant data of a study, once
// per readWindow for the same read. It is called just before the answer is written; an
// error (the log cannot be written) must stop the answer, as for a download.
func (s *Server) auditRead(r *http.Request, id, action, detail string) error {
	who := researcherFrom(r.Context()).Name
	key := id + "\x00" + who + "\x00" + action + "\x00" + detail
	now := s.now()
	if s.reads.recorded(key, now) {
		return nil
	}
	if err := s.store.RecordAudit(r.Context(), id, who, action, detail); err != nil {
		return err
	}
	s.reads.remember(key, now)
	return nil
}

// auditAtFirstByte returns the Begin of a study.Download that records a download just
// before its first byte is written. A client that went away before then did not download
// anything, so nothing is recorded and the download stops; a record that cannot be written
// stops it too (a download that cannot be recorded does not happen).
func (s *Server) auditAtFirstByte(r *http.Request, id, action, detail string) func() error {
	return func() error {
		if err := r.Context().Err(); err != nil {
			return err
		}
		return s.store.RecordAudit(r.Context(), id, researcherFrom(r.Context()).Name, action, detail)
	}
}
