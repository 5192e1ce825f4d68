package study

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"feedlab/reconcile"
	"feedlab/store"
)

// ReturnsNeedProlific: returns are marked from Prolific's submissions export only; the
// list read as Platform's.
type ReturnsNeedProlific struct{ Platform string }

func (e *ReturnsNeedProlific) Error() string {
	return "study: returns are marked from Prolific's submissions export; this list reads as " + e.Platform
}

// Reconciliation is a platform's list matched against the study: a verdict per line, the
// counts, the report and (Prolific, MTurk) the platform's approve/reject file, and how many
// returns were marked.
type Reconciliation struct {
	Result       reconcile.Result
	Report       reconcile.Download
	PlatformFile *reconcile.Download // nil when the platform has none
	Marked       int
}

// Reconcile matches a platform's list (already read within its limits) against the study's
// participants for researcher by. With markReturns (Prolific's export only:
// *ReturnsNeedProlific), returned and timed-out submissions that did not complete here
// get that exit state, freeing their places, in one transaction with the audit entry that
// says so. The reconciliation's answer holds platform ids, so it is recorded in the audit
// log as a download.
func (d *Definition) Reconcile(ctx context.Context, st *store.Store, table *reconcile.Table, markReturns bool, by string) (Reconciliation, error) {
	stored, err := st.ReconcileParticipants(ctx, d.ExperimentID)
	if err != nil {
		return Reconciliation{}, err
	}
	res := reconcile.ClassifyStudy(table, reconcileParticipants(stored), d.completionCodes())
	if markReturns && res.Platform != reconcile.Prolific {
		return Reconciliation{}, &ReturnsNeedProlific{Platform: res.Platform}
	}
	out := Reconciliation{}
	if markReturns {
		returns := reconcile.Returns(res)
		marks := make([]store.ExitMark, len(returns))
		for i, ret := range returns {
			marks[i] = store.ExitMark{ParticipantID: ret.ParticipantID, State: ret.State}
		}
		detail := fmt.Sprintf("%d returned or timed-out Prolific submissions", len(returns))
		if err := st.MarkExits(ctx, d.ExperimentID, marks, store.AuditRecord{Researcher: by, Detail: detail}); err != nil {
			return Reconciliation{}, err
		}
		for _, ret := range returns {
			for i := range res.Lines {
				if res.Lines[i].Line == ret.Line {
					res.Lines[i].ExitState = ret.State
					res.Lines[i].Note += " Marked " + strings.ReplaceAll(ret.State, "_", " ") + ": their place is free again."
				}
			}
		}
		out.Marked = len(returns)
	}
	out.Result = res
	out.Report = reconcile.Report(res)
	if f, has := reconcile.PlatformFile(table, res); has {
		out.PlatformFile = &f
	}
	detail := fmt.Sprintf("reconciliation: %s list of %d lines", res.Platform, len(res.Lines))
	if err := st.RecordAudit(ctx, d.ExperimentID, by, store.AuditDownload, detail); err != nil {
		return Reconciliation{}, err
	}
	return out, nil
}

// completionCodes are the codes the study expects a platform to list, per condition:
// MTurk's completion-code (none when generated per worker: each participant's issued code
// is compared instead), and the cc of Prolific's completion URL, which Prolific records as
// the code the participant submitted.
func (d *Definition) completionCodes() reconcile.Codes {
	codes := reconcile.Codes{}
	for i, c := range d.Study.Conditions {
		code := ""
		switch c.Platform {
		case "mturk":
			code = c.CompletionCode
		case "prolific":
			if u, err := url.Parse(c.RedirectURL); err == nil {
				code = u.Query().Get("cc")
			}
		}
		if code != "" {
			codes[int64(i+1)] = code
		}
	}
	return codes
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
