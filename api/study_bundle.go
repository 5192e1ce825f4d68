package api

import (
	"errors"
	"fmt"
	"net/http"

	"feedlab/bundle"
	"feedlab/store"
	"feedlab/study"
)

// studyBundle streams a study's bundle (package bundle: parameters, stimulus sets, media,
// codebooks, feedlab's version) as a zip download, to those who may see the study.
func (s *Server) studyBundle(w http.ResponseWriter, r *http.Request) {
	id := studyOf(r).ID
	// Recorded just before the first byte, like every download (the bundle holds no
	// participant data, but it is the study's whole design and stimuli).
	audit := s.auditAtFirstByte(r, id, store.AuditExportBundle, "bundle.zip")
	extendWrite(w, exportWriteWindow)
	// As in dump_data: headers wait for the first byte, so a failure before it is still a
	// JSON error, and a failure after it cuts the download instead of ending it short.
	bw := &study.Download{W: w, Begin: func() error {
		if err := audit(); err != nil {
			return err
		}
		h := w.Header()
		h.Set("Content-Type", "application/zip")
		h.Set("Cache-Control", "no-store")
		h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s_bundle.zip"`, fileSafe.ReplaceAllString(id, "_")))
		return nil
	}}
	err := bundle.Write(r.Context(), s.store, s.media, bw, id, s.version)
	if err == nil {
		err = bw.Start()
	}
	if bw.Refused() != nil {
		s.fail(w, r, bw.Refused())
		return
	}
	if err != nil && !bw.Started() {
		if errors.Is(err, store.ErrNotFound) {
			err = studyNotFound(id)
		}
		s.fail(w, r, err)
		return
	}
	if err != nil {
		s.log.Error("study bundle failed mid-stream", "id", id, "err", err)
		panic(http.ErrAbortHandler)
	}
}
