package api

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"

	"feedlab/export"
	"feedlab/store"
)

type dumpRequest struct {
	IDName       string `json:"idName"`
	DataType     string `json:"data_type"`
	ExperimentID string `json:"experiment_id"`
	StimulusSet  string `json:"stimulus_set"`
	// Raw asks for values as stored; by default cells a spreadsheet would run as formulas
	// are neutralised (export.Neutralise).
	Raw bool `json:"raw"`
	// IncludeTest keeps test participants' rows (preview, pilot), marked in is_test.
	IncludeTest bool `json:"include_test"`
}

var fileSafe = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// dumpData streams an export as a CSV download (the original answered JSON records and
// made the CSV in the browser; a stream keeps memory flat for a million rows). An unknown
// study or set answers 404 with the download page's message.
func (s *Server) dumpData(w http.ResponseWriter, r *http.Request) {
	var req dumpRequest
	if err := decode(w, r, 4<<10, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if !slices.Contains(export.Types, req.DataType) {
		s.fail(w, r, badRequest("data_type must be one of %v.", export.Types))
		return
	}
	id := req.ExperimentID
	if req.DataType == export.TypeStimulusSet {
		id = req.StimulusSet
	}
	if id == "" {
		id = req.IDName
	}
	if id == "" {
		s.fail(w, r, badRequest("Enter experiment ID or stimulus set name."))
		return
	}
	// A study's data goes only to those who may see the study (same 404 as an unknown id,
	// so a stranger learns nothing); stimulus sets are the lab's shared library.
	if req.DataType != export.TypeStimulusSet {
		if _, err := s.readableStudy(r, id); err != nil {
			var ae *apiError
			if errors.As(err, &ae) && ae.status == http.StatusNotFound {
				err = &apiError{http.StatusNotFound, codeNotFound, "No data found. Did you enter your experiment ID correctly?"}
			}
			s.fail(w, r, err)
			return
		}
	}
	// The first bytes are held back until the export has started without error, so an
	// unknown id still gets a JSON 404 instead of a broken download.
	bw := &deferredWriter{w: w, onFirst: func() {
		h := w.Header()
		h.Set("Content-Type", "text/csv; charset=utf-8")
		h.Set("Cache-Control", "no-store")
		h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s_%s.csv"`, fileSafe.ReplaceAllString(id, "_"), req.DataType))
		if export.HoldsPlatformIDs(req.DataType) {
			h.Set("X-Feedlab-Notice", export.PlatformIDNotice)
		}
	}}
	err := export.WriteWith(r.Context(), s.store, bw, req.DataType, id, export.Options{Raw: req.Raw, IncludeTest: req.IncludeTest})
	if errors.Is(err, store.ErrNotFound) && !bw.started {
		s.fail(w, r, &apiError{http.StatusNotFound, codeNotFound, "No data found. Did you enter your experiment ID correctly?"})
		return
	}
	if err != nil {
		if !bw.started {
			s.fail(w, r, err)
			return
		}
		// Mid-stream: the status is sent; log and cut the response so the client sees an
		// incomplete download rather than a silently short file.
		s.log.Error("export failed mid-stream", "type", req.DataType, "id", id, "err", err)
		panic(http.ErrAbortHandler)
	}
	bw.flush()
}

// deferredWriter buffers the first write and sets headers just before it goes out.
type deferredWriter struct {
	w       http.ResponseWriter
	onFirst func()
	started bool
}

func (d *deferredWriter) Write(p []byte) (int, error) {
	if !d.started {
		d.started = true
		d.onFirst()
	}
	return d.w.Write(p)
}

func (d *deferredWriter) flush() {
	if !d.started {
		d.started = true
		d.onFirst()
	}
}
