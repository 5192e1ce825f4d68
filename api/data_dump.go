package api

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"feedlab/export"
	"feedlab/store"
	"feedlab/study"
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
	// The exposures export's cleaning (export.Cleaning), stated in its codebook.
	DwellCapMs   int64 `json:"dwell_cap_ms"`
	DwellFloorMs int64 `json:"dwell_floor_ms"`
	Trim         int   `json:"trim"`
	SawEveryCard bool  `json:"saw_every_card"`
	DropExcluded bool  `json:"drop_excluded"`
	// Codebook asks for the export's codebook (Markdown) instead of its CSV.
	Codebook bool `json:"codebook"`
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
	opts := export.Options{Raw: req.Raw, IncludeTest: req.IncludeTest, Cleaning: export.Cleaning{
		DwellCapMs: req.DwellCapMs, DwellFloorMs: req.DwellFloorMs, Trim: req.Trim, SawEveryCard: req.SawEveryCard, DropExcluded: req.DropExcluded}}
	if !opts.Cleaning.IsZero() && req.DataType != export.TypeExposures {
		s.fail(w, r, badRequest("dwell_cap_ms, dwell_floor_ms, trim, saw_every_card and drop_excluded apply to the exposures export only."))
		return
	}
	if err := opts.Cleaning.Check(); err != nil {
		s.fail(w, r, badRequest("%s.", strings.TrimPrefix(err.Error(), "export: invalid option: ")))
		return
	}
	// A study's data goes only to those who may see the study (same 404 as an unknown id,
	// so a stranger learns nothing); stimulus sets are the lab's shared library.
	audit := func() error { return nil }
	if req.DataType != export.TypeStimulusSet {
		if _, err := s.readableStudy(r, id); err != nil {
			var ae *apiError
			if errors.As(err, &ae) && ae.status == http.StatusNotFound {
				err = &apiError{http.StatusNotFound, codeNotFound, "No data found. Did you enter your experiment ID correctly?"}
			}
			s.fail(w, r, err)
			return
		}
		// Recorded when the body starts, just before its first byte: a download the client
		// gave up before any byte was written is not a download, and one that cannot be
		// recorded does not happen.
		action, detail := store.AuditDownload, req.DataType
		if req.Codebook {
			action = store.AuditCodebook
		}
		if req.Raw {
			detail += " (raw)"
		}
		audit = s.auditAtFirstByte(r, id, action, detail)
	}
	extendWrite(w, exportWriteWindow)
	if req.Codebook {
		s.dumpCodebook(w, r, req.DataType, id, opts, audit)
		return
	}
	// The first bytes are held back until the export has started without error, so an
	// unknown id still gets a JSON 404 instead of a broken download.
	bw := &study.Download{W: w, Begin: func() error {
		if err := audit(); err != nil {
			return err
		}
		h := w.Header()
		h.Set("Content-Type", "text/csv; charset=utf-8")
		h.Set("Cache-Control", "no-store")
		h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s_%s.csv"`, fileSafe.ReplaceAllString(id, "_"), req.DataType))
		if export.HoldsPlatformIDs(req.DataType) {
			h.Set("X-Feedlab-Notice", export.PlatformIDNotice)
		}
		return nil
	}}
	err := export.WriteWith(r.Context(), s.store, bw, req.DataType, id, opts)
	if err == nil {
		err = bw.Start()
	}
	if bw.Refused() != nil {
		// Nothing was written: the download was not recorded, so it does not happen.
		s.fail(w, r, bw.Refused())
		return
	}
	if errors.Is(err, store.ErrNotFound) && !bw.Started() {
		s.fail(w, r, &apiError{http.StatusNotFound, codeNotFound, "No data found. Did you enter your experiment ID correctly?"})
		return
	}
	if err != nil {
		if !bw.Started() {
			s.fail(w, r, err)
			return
		}
		// Mid-stream: the status is sent; log and cut the response so the client sees an
		// incomplete download rather than a silently short file.
		s.log.Error("export failed mid-stream", "type", req.DataType, "id", id, "err", err)
		panic(http.ErrAbortHandler)
	}
}

// dumpCodebook answers the codebook of the export dump_data would stream with opts,
// calling audit just before its first byte.
func (s *Server) dumpCodebook(w http.ResponseWriter, r *http.Request, typ, id string, opts export.Options, audit func() error) {
	cb, err := export.NewCodebook(r.Context(), s.store, typ, id, opts, s.version)
	if errors.Is(err, store.ErrNotFound) {
		s.fail(w, r, &apiError{http.StatusNotFound, codeNotFound, "No data found. Did you enter your experiment ID correctly?"})
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	bw := &study.Download{W: w, Begin: func() error {
		if err := audit(); err != nil {
			return err
		}
		h := w.Header()
		h.Set("Content-Type", "text/markdown; charset=utf-8")
		h.Set("Cache-Control", "no-store")
		h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, export.CodebookFilename(id, typ)))
		return nil
	}}
	err = cb.WriteMarkdown(bw)
	if err == nil {
		err = bw.Start()
	}
	if bw.Refused() != nil {
		s.fail(w, r, bw.Refused())
		return
	}
	if err != nil && bw.Started() {
		panic(http.ErrAbortHandler) // the client is gone, or the codebook failed mid-way
	}
	if err != nil {
		s.fail(w, r, err)
	}
}
