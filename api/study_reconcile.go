package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/gorilla/mux"

	"feedlab/reconcile"
	"feedlab/store"
)

// limitReconcile fits reconcile.MaxBytes of text once JSON-escaped.
const limitReconcile = 2*reconcile.MaxBytes + 4<<10

type reconcileRequest struct {
	Platform string `json:"platform"` // prolific, mturk, lucid; "" tells it from the header
	Text     string `json:"text"`     // the pasted list, or the uploaded file's text
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
	if _, err := s.readableStudy(r, id); err != nil {
		s.fail(w, r, err)
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
		"report": reconcile.Report(res), "platform_file": platformFile,
	})
}

func reconcileParticipants(stored []store.ReconcileParticipant) []reconcile.Participant {
	out := make([]reconcile.Participant, len(stored))
	for i, p := range stored {
		ids := map[string]string{}
		_ = json.Unmarshal([]byte(p.PlatformIDs), &ids) // stored by RegisterParticipant; {} at worst
		out[i] = reconcile.Participant{
			UserID: p.UserID, Condition: p.Condition, PlatformIDs: ids, StartedAt: p.StartedAt,
			CompletedAt: p.CompletedAt.Int64, CompletionCode: p.CompletionCode, IsTest: p.IsTest, Stage: p.Stage,
		}
	}
	return out
}
