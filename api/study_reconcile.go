package api

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"time"

	"feedlab/reconcile"
	"feedlab/study"
)

// reconcileSlots is how many reconciliations run at once across the server. Each holds at
// most one list within reconcile's limits (8 MB of text) and its answer; a few at once is
// all a lab needs, and more would let a handful of requests hold hundreds of MB.
const reconcileSlots = 2

// reconcileStudy matches the list a recruitment platform gives the researcher (Prolific's
// submissions export, MTurk's batch results, Lucid RIDs) against the study's participants
// and answers a verdict per line (completed, started, never seen, duplicate, test), the
// counts, a report CSV and, for Prolific and MTurk, the platform's approve/reject file.
// It only reads, so collaborators may reconcile too.
//
// The list is the body itself (Content-Type text/csv), read while it arrives: a JSON body
// would have to be held whole before its text could be checked. The query says the rest:
// platform (prolific, mturk, lucid; empty tells it from the header) and mark_returns
// (records the Prolific export's returns and time-outs as the participants' exit state,
// freeing their places; owner only: it changes data). text/csv is not a type a page of
// another site can post without a preflight, which feedlab never grants, so the cross-site
// rule holds as for JSON.
func (s *Server) reconcileStudy(w http.ResponseWriter, r *http.Request) {
	st := studyOf(r)
	id := st.ID
	q := r.URL.Query()
	platform := q.Get("platform")
	markReturns := q.Get("mark_returns") == "true" || q.Get("mark_returns") == "1"
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "text/csv" {
		s.fail(w, r, &apiError{http.StatusUnsupportedMediaType, codeUnsupportedMedia, "Send the platform's list as the body, with Content-Type: text/csv (platform and mark_returns go in the query)."})
		return
	}
	if markReturns && !st.Access.CanManage() {
		s.fail(w, r, &apiError{http.StatusForbidden, codeForbidden, "Only the study's owner can mark returns; reconcile without marking them."})
		return
	}
	def, err := s.studyDefinition(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	select {
	case s.reconciling <- struct{}{}:
		defer func() { <-s.reconciling }()
	default:
		s.fail(w, r, tooMany("Other reconciliations are running on this server", 5*time.Second))
		return
	}
	studyPlatform := ""
	if c := def.Condition(1); c != nil {
		studyPlatform = c.Platform // a plain list of ids is the study's own platform's
	}
	table, err := reconcile.Read(http.MaxBytesReader(w, r.Body, reconcile.MaxBytes+1), platform, studyPlatform)
	var ie *reconcile.InputError
	if errors.As(err, &ie) {
		// A list refused part-way is read to its end when it says it is within the byte
		// limit (the page never sends more), so the browser still sending it gets this
		// answer rather than a connection cut under its upload. A larger one is not read.
		if r.ContentLength > 0 && r.ContentLength <= reconcile.MaxBytes {
			_, _ = io.Copy(io.Discard, r.Body)
		}
		if ie.TooLarge {
			s.fail(w, r, &apiError{http.StatusRequestEntityTooLarge, codeTooLarge, ie.Message})
			return
		}
		s.fail(w, r, badRequest("%s", ie.Message))
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	rec, err := def.Reconcile(r.Context(), s.store, table, markReturns, researcherFrom(r.Context()).Name)
	var notProlific *study.ReturnsNeedProlific
	if errors.As(err, &notProlific) {
		s.fail(w, r, badRequest("Returns are marked from Prolific's submissions export (its Status column); this list reads as %s.", notProlific.Platform))
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var platformFile any
	if rec.PlatformFile != nil {
		platformFile = *rec.PlatformFile
	}
	ok(w, map[string]any{
		"platform": rec.Result.Platform, "lines": rec.Result.Lines, "counts": rec.Result.Counts,
		"report": rec.Report, "platform_file": platformFile, "marked": rec.Marked,
		// The other direction and the codes (issue 22, item 4): who completed here but is on
		// no line, and how many lines submitted another code than expected.
		"missing": rec.Result.Missing, "code_mismatches": rec.Result.CodeMismatches,
	})
}
