package api

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"

	"feedlab/bundle"
	"feedlab/store"
	"feedlab/study"
)

// bundleUploadSlack is the room an uploaded bundle has beyond the cap on its files: the
// zip's headers.
const bundleUploadSlack = 64 << 20

// importStudy recreates a study from an uploaded bundle (the body is the zip, as
// 'feedlab study export' or the bundle download writes it), owned by the researcher who
// sends it: the wizard's Start from a file with a .zip. The zip is spooled to a temporary
// file (a bundle with videos does not fit in memory) and checked whole before anything is
// stored.
func (s *Server) importStudy(w http.ResponseWriter, r *http.Request) {
	who := researcherFrom(r.Context())
	// Below the free-space floor nothing is spooled or stored; a bundle whose size alone
	// would take the disk there is refused before it is read (its media land in the data
	// directory at about their size in the zip: they hardly compress).
	if err := s.refuseUploadIfDiskLow("The bundle", r.ContentLength); err != nil {
		s.fail(w, r, err)
		return
	}
	maxUpload := s.bundleMax + bundleUploadSlack
	tooBig := &apiError{http.StatusRequestEntityTooLarge, codeTooLarge, fmt.Sprintf("The bundle is larger than the limit of %d MB on this appliance (--bundle-max-size); nothing was imported.", maxUpload>>20)}
	if r.ContentLength > maxUpload {
		s.fail(w, r, tooBig)
		return
	}
	tmp, err := os.CreateTemp("", "feedlab-import-*.zip")
	if err != nil {
		s.fail(w, r, fmt.Errorf("import study: %w", err))
		return
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	// A bundle with videos takes longer than an ordinary call to arrive and to store.
	extendReadWrite(w, uploadReadWindow)
	size, err := io.Copy(tmp, http.MaxBytesReader(w, r.Body, maxUpload))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		s.fail(w, r, tooBig)
		return
	}
	if err != nil {
		s.fail(w, r, badRequest("The bundle did not arrive whole; send it again."))
		return
	}
	b, err := bundle.OpenLimit(tmp, size, s.bundleMax)
	if err == nil {
		// Its media must fit above the floor and in the researcher's media quota.
		var room *uploadReservation
		if room, err = s.reserveUpload(r.Context(), who, b.MediaBytes(), max(b.MediaBytes(), 1), "The bundle"); err != nil {
			s.fail(w, r, err)
			return
		}
		defer room.done()
		var res bundle.Result
		res, err = bundle.Import(r.Context(), s.store, s.media, b, who.Name, study.CreatedBy(who.Name, "imported from a bundle"), study.Draft())
		if err == nil {
			err = s.store.CountMediaTo(r.Context(), res.Media, who.ID)
		}
		if err == nil {
			reused, created := res.SetsReused, res.SetsCreated
			if reused == nil {
				reused = []string{}
			}
			if created == nil {
				created = []string{}
			}
			ok(w, map[string]any{"experiment_id": res.ExperimentID, "sets_created": created, "sets_reused": reused,
				"media_files": res.MediaFiles, "feedlab_version": b.Manifest.FeedlabVersion, "status": store.StatusDraft})
			return
		}
	}
	switch {
	case errors.Is(err, bundle.ErrSetConflict):
		s.fail(w, r, &apiError{http.StatusConflict, codeConflict, strings.TrimPrefix(err.Error(), bundle.ErrSetConflict.Error()+": ")})
	case errors.Is(err, bundle.ErrInvalid):
		s.fail(w, r, badRequest("%s; nothing was imported.", strings.TrimPrefix(err.Error(), bundle.ErrInvalid.Error()+": ")))
	default:
		s.fail(w, r, err)
	}
}
