package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/gorilla/mux"

	"feedlab/reconcile"
	"feedlab/store"
)

// limitReconcile fits reconcile.MaxBytes of text once JSON-escaped.
const limitReconcile = 2*reconcile.MaxBytes + 4<<10

type reconcileRequest struct {
	Platform string `json:"platform"` // prolific, mturk, lucid; "" tells it from the header
	Text     string `json:"text"`     // the pasted list, or the uploaded file's text
	// MarkReturns records the Prolific export's returns and time-outs as the participants'
	// exit state, freeing their places (owner only: it changes data).
	MarkReturns bool `json:"mark_returns"`
}

// reconcileStudy matches the list a recruitment platform gives the researcher (Prolific's
// submissions export, MTurk's batch results, Lucid RIDs) against the study's participants
// and answers a verdict per line (completed, started, never seen, duplicate, test), the
// counts, a report CSV and, for Prolific and MTurk, the platform's approve/reject file.
// It only reads, so collaborators may reconcile too. The body is JSON (the text inside),
// as every researcher call: the cross-site rule refuses form posts.
func (s *Server) reconcileStudy(w http.ResponseWriter, r *http.Request) {
	id := mux.Vars(r)["experiment_id"]
	var req reconcileRequest
	if err := decode(w, r, limitReconcile, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	access, err := s.readableStudy(r, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if req.MarkReturns && !canManage(access) {
		s.fail(w, r, &apiError{http.StatusForbidden, codeForbidden, "Only the study's owner can mark returns; reconcile without marking them."})
		return
	}
	def, err := s.studyDefinition(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	table, err := reconcile.Parse(req.Text, req.Platform)
	var ie *reconcile.InputError
	if errors.As(err, &ie) && req.Platform == "" {
		// A plain list of ids: the study's own platform says what they are.
		if c := def.Condition(1); c != nil && (c.Platform == reconcile.Prolific || c.Platform == reconcile.MTurk || c.Platform == reconcile.Lucid) {
			table, err = reconcile.Parse(req.Text, c.Platform)
		}
	}
	if errors.As(err, &ie) {
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
	if req.MarkReturns && res.Platform != reconcile.Prolific {
		s.fail(w, r, badRequest("Returns are marked from Prolific's submissions export (its Status column); this list reads as %s.", res.Platform))
		return
	}
	marked := 0
	if req.MarkReturns {
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
