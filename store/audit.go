package store

import (
	"context"
	"fmt"
	"time"

	"feedlab/store/db"
)

// Audit actions: what a researcher did to a study (CONTRACT.md, "Audit log").
const (
	AuditCreate       = "create"
	AuditShare        = "share"
	AuditUnshare      = "unshare"
	AuditStatus       = "status"
	AuditEditText     = "edit_text"
	AuditDownload     = "download"
	AuditExportBundle = "export_bundle"
	AuditMarkReturns  = "mark_returns" // reconciliation marked Prolific returns and time-outs
)

// auditActions are the actions RecordAudit accepts; anything else is a programming error.
var auditActions = map[string]bool{
	AuditCreate: true, AuditShare: true, AuditUnshare: true, AuditStatus: true,
	AuditEditText: true, AuditDownload: true, AuditExportBundle: true, AuditMarkReturns: true,
}

// AuditEntry is one line of a study's audit log.
type AuditEntry struct {
	At         time.Time
	Researcher string // the researcher's name, or "cli" for the command line
	Action     string
	Detail     string
}

// RecordAudit appends what researcherName did to a study to its audit log. The log is
// append-only: nothing in feedlab updates or deletes its rows.
func (s *Store) RecordAudit(ctx context.Context, experimentID, researcherName, action, detail string) error {
	if !auditActions[action] {
		return fmt.Errorf("store: record audit: unknown action %q", action)
	}
	err := s.wq.InsertAuditEntry(ctx, db.InsertAuditEntryParams{
		ExperimentID: experimentID, At: s.millis(), Researcher: researcherName, Action: action, Detail: detail,
	})
	if err != nil {
		return fmt.Errorf("store: record audit %s of %s: %w", action, experimentID, err)
	}
	return nil
}

// AuditLog returns a study's audit log, oldest first.
func (s *Store) AuditLog(ctx context.Context, experimentID string) ([]AuditEntry, error) {
	rows, err := s.rq.ListAuditEntries(ctx, experimentID)
	if err != nil {
		return nil, fmt.Errorf("store: read audit log of %s: %w", experimentID, err)
	}
	out := make([]AuditEntry, len(rows))
	for i, r := range rows {
		out[i] = AuditEntry{At: time.UnixMilli(r.At), Researcher: r.Researcher, Action: r.Action, Detail: r.Detail}
	}
	return out, nil
}
