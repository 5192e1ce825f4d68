package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"

	"feedlab/reconcile"
	"feedlab/store"
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
	stored, err := s.store.ReconcileParticipants(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	res := reconcile.Classify(table, reconcileParticipants(stored))
	if markReturns && res.Platform != reconcile.Prolific {
		s.fail(w, r, badRequest("Returns are marked from Prolific's submissions export (its Status column); this list reads as %s.", res.Platform))
		return
	}
	marked := 0
	if markReturns {
		if marked, err = s.markReturns(r, id, &res); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	var platformFile any
	if f, has := reconcile.PlatformFile(table, res); has {
		platformFile = f
	}
	detail := fmt.Sprintf("reconciliation: %s list of %d lines", res.Platform, len(res.Lines))
	if err := s.store.RecordAudit(r.Context(), id, researcherFrom(r.Context()).Name, store.AuditDownload, detail); err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{
		"platform": res.Platform, "lines": res.Lines, "counts": res.Counts,
		"report": reconcile.Report(res), "platform_file": platformFile, "marked": marked,
	})
}

// markReturns records each returned or timed-out Prolific submission that did not complete
// here as the participant's exit state, so their place counts no more, and audits it.
func (s *Server) markReturns(r *http.Request, id string, res *reconcile.Result) (int, error) {
	returns := reconcile.Returns(*res)
	for _, ret := range returns {
		if err := s.store.SetExitState(r.Context(), ret.ParticipantID, ret.State); err != nil {
			return 0, err
		}
		for i := range res.Lines {
			if res.Lines[i].Line == ret.Line {
				res.Lines[i].ExitState = ret.State
				res.Lines[i].Note += " Marked " + strings.ReplaceAll(ret.State, "_", " ") + ": their place is free again."
			}
		}
	}
	if len(returns) > 0 {
		detail := fmt.Sprintf("%d returned or timed-out Prolific submissions", len(returns))
		if err := s.store.RecordAudit(r.Context(), id, researcherFrom(r.Context()).Name, store.AuditMarkReturns, detail); err != nil {
			return 0, err
		}
	}
	return len(returns), nil
}

func reconcileParticipants(stored []store.ReconcileParticipant) []reconcile.Participant {
	out := make([]reconcile.Participant, len(stored))
	for i, p := range stored {
		ids := map[string]string{}
		_ = json.Unmarshal([]byte(p.PlatformIDs), &ids) // stored by RegisterParticipant; {} at worst
		out[i] = reconcile.Participant{
			ID: p.ParticipantID, ExitState: p.ExitState, UserID: p.UserID, Condition: p.Condition, PlatformIDs: ids, StartedAt: p.StartedAt,
			CompletedAt: p.CompletedAt.Int64, CompletionCode: p.CompletionCode, IsTest: p.IsTest, Stage: p.Stage,
		}
	}
	return out
}
