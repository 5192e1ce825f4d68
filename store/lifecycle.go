package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"feedlab/store/db"
)

// A study's status (migrations 0004 and 0019). Only an open study registers new
// participants; participants already registered always finish, whatever the status. A
// draft (not launched yet) and an archived study are left and entered only by their own
// calls (study_lifecycle.go), never by SetStudyStatus.
const (
	StatusDraft    = "draft"
	StatusOpen     = "open"
	StatusPaused   = "paused"
	StatusClosed   = "closed"
	StatusArchived = "archived"
)

// ValidStatus reports whether s is one of the three statuses a launched study moves
// between with SetStudyStatus.
func ValidStatus(s string) bool { return s == StatusOpen || s == StatusPaused || s == StatusClosed }

// SetStudyStatus opens, pauses or closes a study. An unknown study gives ErrNotFound.
//
// by, when given, is the audit entry (action status, detail the new status), written in the
// same transaction.
func (s *Store) SetStudyStatus(ctx context.Context, experimentID, status string, by *AuditRecord) error {
	if !ValidStatus(status) {
		return fmt.Errorf("store: set study status: %q is not open, paused or closed", status)
	}
	err := s.withTx(ctx, func(q *db.Queries) error {
		st, err := q.GetStudy(ctx, experimentID)
		if err != nil {
			return notFound(err)
		}
		// A draft is launched (LaunchStudy) and an archived study restored (RestoreStudy):
		// opening either here would skip the rule that guards that step.
		switch st.Status {
		case StatusDraft:
			return ErrDraft
		case StatusArchived:
			return ErrArchived
		}
		if _, err := q.SetStudyStatus(ctx, db.SetStudyStatusParams{Status: status, ExperimentID: experimentID}); err != nil {
			return err
		}
		return s.auditIn(ctx, q, experimentID, by, AuditStatus)
	})
	if err != nil {
		return fmt.Errorf("store: set study status of %s: %w", experimentID, err)
	}
	return nil
}

// PreviewTTL is how long a preview link can be opened (again and again).
const PreviewTTL = 24 * time.Hour

// CreatePreviewToken makes a preview link token for a condition of a study: random, stored
// only as its hash, valid for PreviewTTL.
func (s *Store) CreatePreviewToken(ctx context.Context, experimentID string, condition int, createdBy string) (string, error) {
	b := make([]byte, 24)
	rand.Read(b)
	token := base64.RawURLEncoding.EncodeToString(b)
	now := s.millis()
	err := s.withTx(ctx, func(q *db.Queries) error {
		if err := q.DeleteExpiredPreviewTokens(ctx, now); err != nil {
			return err
		}
		return q.CreatePreviewToken(ctx, db.CreatePreviewTokenParams{
			TokenHash: tokenHash(token), ExperimentID: experimentID, Condition: int64(condition),
			CreatedBy: createdBy, ExpiresAt: now + PreviewTTL.Milliseconds(),
		})
	})
	if err != nil {
		return "", fmt.Errorf("store: create preview token: %w", err)
	}
	return token, nil
}

// ErrPreviewExpired is returned for a preview token that is unknown or past its time.
var ErrPreviewExpired = errors.New("preview link unknown or expired")

// PreviewCondition returns the condition a preview token opens for experimentID, or
// ErrPreviewExpired.
func (s *Store) PreviewCondition(ctx context.Context, experimentID, token string) (int, error) {
	row, err := s.rq.GetPreviewToken(ctx, tokenHash(token))
	if errors.Is(err, ErrNotFound) || errors.Is(notFound(err), ErrNotFound) ||
		(err == nil && (row.ExperimentID != experimentID || row.ExpiresAt < s.millis())) {
		return 0, ErrPreviewExpired
	}
	if err != nil {
		return 0, fmt.Errorf("store: preview token: %w", err)
	}
	return int(row.Condition), nil
}

func tokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// TextVersion is one recorded text edit.
type TextVersion struct {
	Version   int64
	Condition int
	Param     string
	Value     string
	ChangedAt int64
	ChangedBy string
}

// TextVersions lists a study's text edits, oldest first.
func (s *Store) TextVersions(ctx context.Context, experimentID string) ([]TextVersion, error) {
	rows, err := s.rq.ListTextVersions(ctx, experimentID)
	if err != nil {
		return nil, fmt.Errorf("store: text versions of %s: %w", experimentID, err)
	}
	out := make([]TextVersion, len(rows))
	for i, r := range rows {
		out[i] = TextVersion{Version: r.Version, Condition: int(r.Condition), Param: r.Param, Value: r.Value,
			ChangedAt: r.ChangedAt, ChangedBy: r.ChangedBy}
	}
	return out, nil
}

// EditText sets one parameter of one condition to value, bumps the study's text version
// and records the edit, in one transaction; it answers the new version. The caller decides
// what may be edited. A parameter the condition does not have gives ErrNotFound.
func (s *Store) EditText(ctx context.Context, experimentID string, condition int, param, value, by string) (int64, error) {
	return s.EditParam(ctx, ParamEdit{ExperimentID: experimentID, Condition: condition, Param: param, Value: value, By: by, Text: true})
}

// ParamEdit is a change of one parameter of one condition, by a researcher.
type ParamEdit struct {
	ExperimentID string
	Condition    int
	Param, Value string
	By           string // the researcher's name, for the version history and the audit log
	// Text: the parameter only changes what the next participant reads (study.EditableTexts),
	// so it may change after participants arrived; any other parameter is the design.
	Text bool
	// AuditDetail, when set, is written to the audit log as edit_text in the same
	// transaction ("" writes no audit row: the command line's own edits record their own).
	AuditDetail func(version int64) string
}

// ErrDesignLocked: a parameter of the design was to change after real participants arrived.
var ErrDesignLocked = errors.New("the study's design is locked: participants have taken part")

// EditParam changes one parameter, bumps the study's text version and records the edit, and
// its audit row, in one transaction. A design parameter (not Text) changes only while no
// real participant has arrived, checked in that same transaction: an arrival committed
// meanwhile either came first (ErrDesignLocked) or sees the new design (its commit checks
// the version it planned with; see commitArrival).
func (s *Store) EditParam(ctx context.Context, e ParamEdit) (int64, error) {
	experimentID, condition, param, value, by := e.ExperimentID, e.Condition, e.Param, e.Value, e.By
	var version int64
	err := s.withTx(ctx, func(q *db.Queries) error {
		if !e.Text {
			n, err := q.CountRealParticipants(ctx, experimentID)
			if err != nil {
				return err
			}
			if n > 0 {
				return ErrDesignLocked
			}
		}
		n, err := q.UpdateStudyParam(ctx, db.UpdateStudyParamParams{Value: value, ExperimentID: experimentID, Condition: int64(condition), Param: param})
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrNotFound
		}
		if version, err = q.BumpTextVersion(ctx, experimentID); err != nil {
			return err
		}
		if err := q.CreateTextVersion(ctx, db.CreateTextVersionParams{
			ExperimentID: experimentID, Version: version, Condition: int64(condition), Param: param,
			Value: value, ChangedAt: s.millis(), ChangedBy: by,
		}); err != nil {
			return err
		}
		if e.AuditDetail == nil {
			return nil
		}
		return q.InsertAuditEntry(ctx, db.InsertAuditEntryParams{
			ExperimentID: experimentID, At: s.millis(), Researcher: by, Action: AuditEditText, Detail: e.AuditDetail(version),
		})
	})
	if err != nil {
		return 0, fmt.Errorf("store: edit text %s of %s: %w", param, experimentID, err)
	}
	return version, nil
}

// RealParticipants counts a study's participants who are not tests.
func (s *Store) RealParticipants(ctx context.Context, experimentID string) (int64, error) {
	n, err := s.rq.CountRealParticipants(ctx, experimentID)
	if err != nil {
		return 0, fmt.Errorf("store: count participants of %s: %w", experimentID, err)
	}
	return n, nil
}
