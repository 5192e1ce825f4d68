package api

import (
	"net/http"

	"feedlab/alert"
	"feedlab/diskspace"
)

// Error codes of the free-space guard and the media quota.
const (
	// codeStudyFull: a new participant arrived while the disk is below its floor; the
	// participant page says "This study is full right now".
	codeStudyFull = "study_full"
	// codeDiskLow: an upload or import was refused because the disk is (or would go)
	// below its floor.
	codeDiskLow = "disk_low"
	// codeMediaQuota: an upload would take the researcher's media past --media-quota.
	codeMediaQuota = "media_quota"
)

// DefaultMediaQuota is serve's --media-quota: what one researcher's media files may take.
const DefaultMediaQuota = 5 << 30

// refuseIfDiskLow answers a new participant's arrival while the data directory's disk is
// below its floor: 503 study_full, nothing registered. Returning participants are not
// asked (they must be able to finish), and events are never refused by it: what is
// acknowledged is stored, and a truly full disk still answers 503 through storageProblem.
// The reading is cached for a second, so this costs nothing per arrival.
func (s *Server) refuseIfDiskLow() error {
	if s.diskLow() {
		return &apiError{http.StatusServiceUnavailable, codeStudyFull, "This study is full right now. Please try again later."}
	}
	return nil
}

// diskLow reads the disk (cached for a second) and keeps the study pages' alert in step.
func (s *Server) diskLow() bool {
	r := s.disk.Check()
	s.noteDisk(r)
	return r.Low()
}

// noteDisk shows the low-disk alert on every study page while the disk is below its floor
// (each look counts, the log says it once a minute) and takes it away once it is not.
func (s *Server) noteDisk(r diskspace.Reading) {
	switch {
	case r.Low():
		s.diskWasLow.Store(true)
		s.alerts.Note(alert.Global, alert.LowDisk, r.Detail())
	case r.Err == nil && s.diskWasLow.Swap(false):
		s.alerts.Clear(alert.Global, alert.LowDisk)
	}
}
