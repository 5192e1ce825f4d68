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
	AuditCodebook     = "codebook"     // an export's codebook downloaded (no participant data)
	// Reads of participant data (issue 20, item 5).
	AuditReadParticipants = "read_participants" // the study page's participant table
	AuditReadParameters   = "read_parameters"   // the study's parameters.csv
	AuditReadLabels       = "read_labels"       // the labelled links, with who used each
	AuditExplain          = "explain"           // feedlab explain: one participant's feed
	AuditReadParticipant  = "read_participant"  // one participant's page: timeline, feed, answers
	// A participant left out of the analysis, and back in (issue 22, item 3).
	AuditExclude = "exclude"
	AuditInclude = "include"
	// Links that admit participants.
	AuditPreviewLink   = "preview_link"   // a preview (test participant) link made
	AuditLabelledLinks = "labelled_links" // participant labels added, each a single-use link
	// A study's life (issue 22): a draft launched, archived, restored, its design replaced.
	AuditLaunch    = "launch"
	AuditArchive   = "archive"
	AuditRestore   = "restore"
	AuditEditDraft = "edit_draft"
	// The stimulus library's own log (experiment_id LibraryLog): sets are the lab's, shared
	// by every study and researcher, so their entries belong to no one study.
	AuditHideSet   = "hide_set"
	AuditShowSet   = "show_set"
	AuditDeleteSet = "delete_set"
)

// LibraryLog is the experiment_id of the stimulus library's audit entries: no study's id
// is empty, so they never mix with a study's.
const LibraryLog = ""

// auditActions are the actions RecordAudit accepts; anything else is a programming error.
var auditActions = map[string]bool{
	AuditCreate: true, AuditShare: true, AuditUnshare: true, AuditStatus: true,
	AuditEditText: true, AuditDownload: true, AuditExportBundle: true, AuditMarkReturns: true,
	AuditCodebook: true, AuditReadParticipants: true, AuditReadParameters: true, AuditReadLabels: true,
	AuditExplain: true, AuditPreviewLink: true, AuditLabelledLinks: true,
	AuditReadParticipant: true, AuditExclude: true, AuditInclude: true,
	AuditLaunch: true, AuditArchive: true, AuditRestore: true, AuditEditDraft: true,
}

// libraryActions are the actions of the library's log (RecordLibraryAudit).
var libraryActions = map[string]bool{AuditHideSet: true, AuditShowSet: true, AuditDeleteSet: true}

// AuditEntry is one line of a study's audit log.
type AuditEntry struct {
	At         time.Time
	Researcher string // the researcher's name, or "cli" for the command line
	Action     string
	Detail     string
}

// AuditRecord is who did something and how, for an entry written in the transaction of
// the change itself.
type AuditRecord struct {
	Researcher string // a researcher's name, "cli" or "feedlab"
	Detail     string
}

// auditIn writes by's entry of action for a study through q (the transaction of the change
// it records); nil writes nothing (a caller recording the change its own way).
func (s *Store) auditIn(ctx context.Context, q *db.Queries, experimentID string, by *AuditRecord, action string) error {
	if by == nil {
		return nil
	}
	return q.InsertAuditEntry(ctx, db.InsertAuditEntryParams{
		ExperimentID: experimentID, At: s.millis(), Researcher: by.Researcher, Action: action, Detail: by.Detail,
	})
}

// RecordAudit appends what researcherName did to a study to its audit log. The log is
// append-only: nothing in feedlab updates or deletes its rows.
func (s *Store) RecordAudit(ctx context.Context, experimentID, researcherName, action, detail string) error {
	if !auditActions[action] || experimentID == LibraryLog {
		return fmt.Errorf("store: record audit: unknown action %q for study %q", action, experimentID)
	}
	return s.insertAudit(ctx, experimentID, researcherName, action, detail)
}

// RecordLibraryAudit appends what researcherName did to a stimulus set of the library to
// the library's log (read with AuditLog(ctx, LibraryLog)).
func (s *Store) RecordLibraryAudit(ctx context.Context, researcherName, action, set string) error {
	return s.libraryAuditIn(ctx, s.wq, researcherName, action, set)
}

// libraryAuditIn writes a library entry through q (the writer, or a transaction of the
// change it records).
func (s *Store) libraryAuditIn(ctx context.Context, q *db.Queries, researcherName, action, set string) error {
	if !libraryActions[action] {
		return fmt.Errorf("store: record library audit: unknown action %q", action)
	}
	err := q.InsertAuditEntry(ctx, db.InsertAuditEntryParams{
		ExperimentID: LibraryLog, At: s.millis(), Researcher: researcherName, Action: action, Detail: "set " + set,
	})
	if err != nil {
		return fmt.Errorf("store: record library audit %s of %s: %w", action, set, err)
	}
	return nil
}

func (s *Store) insertAudit(ctx context.Context, experimentID, researcherName, action, detail string) error {
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
