package api

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"feedlab/diskspace"
	"feedlab/store"
)

// uploadRoom holds the bytes that uploads and imports in progress may still write, so
// that ten parallel uploads cannot each take the same free space or the same quota.
type uploadRoom struct {
	mu   sync.Mutex
	disk int64           // reserved on the data directory's disk
	by   map[int64]int64 // reserved per researcher, against the media quota
}

// uploadReservation is room taken for one upload: at most limit bytes may be written; done
// gives it back once the file is recorded (or refused).
type uploadReservation struct {
	limit int64
	// byDisk / byQuota: the limit is the disk's headroom or the researcher's quota left,
	// not the file limit, so a body running past it is refused for that reason.
	byDisk, byQuota bool
	quotaLeft       int64
	room            *uploadRoom
	researcher      int64
	disk, quota     int64
}

func (rv *uploadReservation) done() {
	if rv == nil || rv.room == nil {
		return
	}
	rv.room.mu.Lock()
	rv.room.disk -= rv.disk
	if rv.quota != 0 {
		rv.room.by[rv.researcher] -= rv.quota
		if rv.room.by[rv.researcher] <= 0 {
			delete(rv.room.by, rv.researcher)
		}
	}
	rv.room.mu.Unlock()
	rv.room = nil
}

// reserveUpload checks that size bytes (-1: unknown, up to most) may be written for
// researcher who (0: counts to no one) without taking the disk below its floor or the
// researcher past the media quota, and reserves them. label names the upload in messages.
// The refusal is a 507 (disk) or 413 (quota) saying what to do; nothing is stored.
func (s *Server) reserveUpload(ctx context.Context, who store.Researcher, size, most int64, label string) (*uploadReservation, error) {
	r := s.disk.Fresh() // an upload is rare and large: a second-old reading may be a GB off
	s.noteDisk(r)
	if r.Low() {
		return nil, s.diskFull(label, r)
	}
	room := s.room
	room.mu.Lock()
	defer room.mu.Unlock()
	rv := &uploadReservation{limit: most, room: room, researcher: who.ID}
	if size >= 0 {
		// An empty body still gets a limit of one byte, so it is judged (not an image).
		rv.limit = min(max(size, 1), most)
	}
	if head := r.Headroom(); head >= 0 {
		head -= room.disk
		if size > head || head <= 0 {
			return nil, s.wouldFillDisk(label, size, head, r)
		}
		if head < rv.limit {
			rv.limit, rv.byDisk = head, true
		}
	}
	if s.mediaQuota > 0 && who.ID != 0 {
		used, err := s.store.MediaBytesOf(ctx, who.ID)
		if err != nil {
			return nil, err
		}
		used += room.by[who.ID]
		left := s.mediaQuota - used
		if size > left || left <= 0 {
			return nil, s.overQuota(label, size, used)
		}
		if left < rv.limit {
			rv.limit, rv.byQuota, rv.byDisk = left, true, false
		}
		rv.quotaLeft = left
		rv.quota = rv.limit
		room.by[who.ID] += rv.quota
	}
	rv.disk = rv.limit
	room.disk += rv.disk
	return rv, nil
}

// diskFull refuses an upload while the disk is below its floor.
func (s *Server) diskFull(label string, r diskspace.Reading) *apiError {
	return &apiError{http.StatusInsufficientStorage, codeDiskLow, fmt.Sprintf(
		"%s was not stored: the appliance's disk is nearly full (%s free; feedlab keeps %s free for participants' data, --min-free-space). Free disk space on the machine, then upload again.",
		label, diskspace.FormatSize(r.Free), diskspace.FormatSize(r.Floor))}
}

// wouldFillDisk refuses an upload that would take the disk below its floor.
func (s *Server) wouldFillDisk(label string, size, head int64, r diskspace.Reading) *apiError {
	what := "it"
	if size >= 0 {
		what = "it is " + diskspace.FormatSize(size) + " and"
	}
	return &apiError{http.StatusInsufficientStorage, codeDiskLow, fmt.Sprintf(
		"%s was not stored: %s would take the appliance's disk below the %s feedlab keeps free for participants' data (%s free, %s of it available for uploads, --min-free-space). Free disk space on the machine, then upload again.",
		label, what, diskspace.FormatSize(r.Floor), diskspace.FormatSize(r.Free), diskspace.FormatSize(max(head, 0)))}
}

// overQuota refuses an upload that would take the researcher past the media quota.
func (s *Server) overQuota(label string, size, used int64) *apiError {
	adding := ""
	if size >= 0 {
		adding = " and this is " + diskspace.FormatSize(size)
	}
	return &apiError{http.StatusRequestEntityTooLarge, codeMediaQuota, fmt.Sprintf(
		"%s was not stored: your media files take %s of your %s quota%s. Delete stimulus sets you no longer need, or ask whoever runs feedlab to raise the quota (feedlab serve --media-quota, say --media-quota %s).",
		label, diskspace.FormatSize(used), diskspace.FormatSize(s.mediaQuota), adding, strings.ReplaceAll(diskspace.FormatSize(2*s.mediaQuota), " ", ""))}
}

// refuseUploadIfDiskLow refuses a researcher's upload that stores no media file (a
// stimulus set's rows) while the disk is below its floor, or when its size would take it
// there.
func (s *Server) refuseUploadIfDiskLow(label string, size int64) error {
	r := s.disk.Fresh()
	s.noteDisk(r)
	if r.Low() {
		return s.diskFull(label, r)
	}
	if head := r.Headroom(); head >= 0 && size > head {
		return s.wouldFillDisk(label, size, head, r)
	}
	return nil
}
