package api

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"feedlab/media"
	"feedlab/store"
)

// maxUploadFile bounds one uploaded image or video, as `feedlab sets import --media` does.
const maxUploadFile = 512 << 20

// uploadReadWindow is how long one file's body may take to arrive; the server's own read
// timeout is meant for ordinary calls, not a large video over a slow classroom network.
const uploadReadWindow = 30 * time.Minute

// uploadMedia stores one file of a hosted upload (PUT /v1/media/{sha256}). The body is the
// file itself; it streams through a temporary file while it is hashed and is kept only if
// its SHA-256 is the one in the path and its content is an accepted image or video, judged
// as `feedlab sets import --media` judges it. The optional X-Filename header (URL-encoded)
// names the file in messages. POST /v1/media does the same without a hash, for browsers
// that cannot hash (SubtleCrypto is missing on a plain-http LAN address): the server's sum
// is the answer. Either way the answer is the stored name, which the set then refers to.
func (s *Server) uploadMedia(w http.ResponseWriter, r *http.Request) {
	sum := mux.Vars(r)["sha256"]
	label := uploadLabel(r)
	if sum != "" && !isSHA256(sum) {
		s.fail(w, r, badRequest("%s: %q is not a SHA-256 sum (64 lowercase hex digits).", label, truncate(sum, 80)))
		return
	}
	if r.ContentLength > maxUploadFile {
		s.fail(w, r, &apiError{http.StatusRequestEntityTooLarge, codeTooLarge, fmt.Sprintf("%s is %d MB; the limit is %d MB.", label, r.ContentLength>>20, maxUploadFile>>20)})
		return
	}
	// The file must fit above the disk's free-space floor and in the researcher's media
	// quota (a file they already uploaded counts once: sending it again adds nothing).
	who := researcherFrom(r.Context())
	if sum != "" {
		if m, err := s.store.StoredMediaByHash(r.Context(), sum, 0); err == nil {
			if again, err := s.store.HasUploaded(r.Context(), who.ID, m.Name); err == nil && again {
				who = store.Researcher{}
			}
		}
	}
	room, err := s.reserveUpload(r.Context(), who, r.ContentLength, maxUploadFile, label)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer room.done()
	extendReadWrite(w, uploadReadWindow)
	body := http.MaxBytesReader(w, r.Body, maxUploadFile)

	// Sweeps take the write side, so a file is never removed between being stored (or
	// found already stored) and being recorded.
	s.mediaMu.RLock()
	defer s.mediaMu.RUnlock()
	var item media.Item
	if sum != "" {
		item, err = s.media.PutExpect(body, room.limit, sum)
	} else {
		item, err = s.media.Put(body, room.limit)
	}
	var tooLarge *http.MaxBytesError
	switch {
	case errors.Is(err, media.ErrUnsupportedType):
		s.fail(w, r, &apiError{http.StatusUnsupportedMediaType, codeUnsupportedMedia,
			fmt.Sprintf("%s is not an accepted image or video (PNG, JPEG, GIF, WebP, MP4, WebM or Ogg).", label)})
		return
	case errors.Is(err, media.ErrHashMismatch):
		s.fail(w, r, &apiError{http.StatusBadRequest, codeHashMismatch, fmt.Sprintf("%s arrived incomplete or changed on the way; send it again.", label)})
		return
	case (errors.As(err, &tooLarge) || errors.Is(err, media.ErrTooLarge)) && room.byQuota:
		s.fail(w, r, s.overQuota(label, -1, s.mediaQuota-room.quotaLeft))
		return
	case (errors.As(err, &tooLarge) || errors.Is(err, media.ErrTooLarge)) && room.byDisk:
		s.fail(w, r, s.wouldFillDisk(label, -1, room.limit, s.disk.Fresh()))
		return
	case errors.As(err, &tooLarge) || errors.Is(err, media.ErrTooLarge):
		s.fail(w, r, &apiError{http.StatusRequestEntityTooLarge, codeTooLarge, fmt.Sprintf("%s is larger than %d MB.", label, maxUploadFile>>20)})
		return
	case err != nil:
		// A connection that drops mid-way lands here: nothing was stored.
		s.log.Warn("media upload failed", "file", label, "err", err)
		s.fail(w, r, &apiError{http.StatusBadRequest, codeBadRequest, fmt.Sprintf("%s did not arrive whole; send it again.", label)})
		return
	}
	if err := s.store.RecordMediaUpload(r.Context(), store.Media(item), who.ID); err != nil {
		s.fail(w, r, err)
		return
	}
	if item.Width > 0 {
		s.makeVariants(item.Name) // the smaller copies the feed's srcset lists
	}
	ok(w, mediaJSON{Name: item.Name, SHA256: strings.SplitN(item.Name, ".", 2)[0], ContentType: item.ContentType, Size: item.Size})
}

// mediaJSON is a stored media file as the upload calls answer it.
type mediaJSON struct {
	Name        string `json:"name"`
	SHA256      string `json:"sha256"`
	ContentType string `json:"content_type"`
	Size        int64  `json:"size"`
}

// uploadLabel is how messages name the file being uploaded: its X-Filename (the path the
// researcher picked, URL-encoded by the page), else "The file".
func uploadLabel(r *http.Request) string {
	raw := r.Header.Get("X-Filename")
	if raw == "" {
		return "The file"
	}
	name, err := url.PathUnescape(raw)
	if err != nil {
		name = raw
	}
	return truncate(strings.Map(printable, name), 200)
}

// printable drops control characters from a name shown in a message.
func printable(r rune) rune {
	if r < 0x20 || r == 0x7f {
		return -1
	}
	return r
}

// isSHA256 reports whether s is 64 lowercase hex digits.
func isSHA256(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := range len(s) {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
