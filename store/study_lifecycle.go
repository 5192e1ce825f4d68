package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"feedlab/store/db"
)

// The steps of a study's life that are not a plain status change (issue 22, item 1):
// launch a draft, archive and restore, delete. Each is one write transaction that checks
// the status it starts from and writes its audit row.

var (
	// ErrDraft: the study is a draft; it must be launched first.
	ErrDraft = errors.New("the study is a draft: it has not been launched")
	// ErrNotDraft: the step is for a draft only and the study was launched.
	ErrNotDraft = errors.New("the study has been launched")
	// ErrArchived: the study is archived; it must be restored first.
	ErrArchived = errors.New("the study is archived")
	// ErrNotArchived: a restore of a study that is not archived.
	ErrNotArchived = errors.New("the study is not archived")
	// ErrNotStarted is the refusal of a participant arriving at a draft.
	ErrNotStarted = errors.New("study has not started yet")
	// ErrConfirmDelete: a launched study is deleted only with its id typed as confirmation.
	ErrConfirmDelete = errors.New("deleting a launched study needs its id as confirmation")
)

// LaunchStudy opens a draft for participants; its audit row is written in the same
// transaction. A study that is not a draft gives ErrNotDraft (ErrArchived when archived).
func (s *Store) LaunchStudy(ctx context.Context, experimentID string, by *AuditRecord) error {
	return s.lifecycleStep(ctx, "launch", experimentID, by, AuditLaunch, func(q *db.Queries, status string) error {
		switch status {
		case StatusArchived:
			return ErrArchived
		case StatusDraft:
		default:
			return ErrNotDraft
		}
		_, err := q.LaunchStudy(ctx, experimentID)
		return err
	})
}

// ArchiveStudy hides a study and stops it accepting anything, keeping its data and the
// status it goes back to. An archived study gives ErrArchived.
func (s *Store) ArchiveStudy(ctx context.Context, experimentID string, by *AuditRecord) error {
	return s.lifecycleStep(ctx, "archive", experimentID, by, AuditArchive, func(q *db.Queries, status string) error {
		if status == StatusArchived {
			return ErrArchived
		}
		_, err := q.ArchiveStudy(ctx, experimentID)
		return err
	})
}

// RestoreStudy gives an archived study back the status it had; it answers that status. A
// study that is not archived gives ErrNotArchived.
func (s *Store) RestoreStudy(ctx context.Context, experimentID string, by *AuditRecord) (string, error) {
	var restored string
	err := s.lifecycleStep(ctx, "restore", experimentID, by, AuditRestore, func(q *db.Queries, status string) error {
		if status != StatusArchived {
			return ErrNotArchived
		}
		st, err := q.GetStudy(ctx, experimentID)
		if err != nil {
			return err
		}
		restored = st.ArchivedFrom
		if by != nil && by.Detail == "" {
			by.Detail = restored
		}
		_, err = q.RestoreStudy(ctx, experimentID)
		return err
	})
	return restored, err
}

func (s *Store) lifecycleStep(ctx context.Context, what, experimentID string, by *AuditRecord, action string, step func(q *db.Queries, status string) error) error {
	err := s.withTx(ctx, func(q *db.Queries) error {
		st, err := q.GetStudy(ctx, experimentID)
		if err != nil {
			return notFound(err)
		}
		if err := step(q, st.Status); err != nil {
			return err
		}
		return s.auditIn(ctx, q, experimentID, by, action)
	})
	if err != nil {
		return fmt.Errorf("store: %s study %s: %w", what, experimentID, err)
	}
	return nil
}

// StudyDeletion is the entry a deleted study leaves, outside the study (study_deletions).
type StudyDeletion struct {
	ExperimentID string
	Title        string
	Owner        string
	Status       string // the status it had when deleted
	Participants int64  // its real (non-test) participants
	DeletedBy    string
	DeletedAt    time.Time
}

// DeleteStudy removes a study and every row of it (participants, their feeds, events and
// answers, labels, shares, texts, its audit log) in one transaction, and records who
// deleted it in study_deletions. A launched study is deleted only when launched is true
// (the caller checked the typed confirmation): otherwise ErrConfirmDelete, decided in the
// transaction so a launch at the same moment cannot slip past. Its stimulus sets are
// released: a set no study uses can be deleted again.
func (s *Store) DeleteStudy(ctx context.Context, experimentID, by string, launched bool) (StudyDeletion, error) {
	var del StudyDeletion
	err := s.withTx(ctx, func(q *db.Queries) error {
		st, err := q.GetStudy(ctx, experimentID)
		if err != nil {
			return notFound(err)
		}
		if st.Status != StatusDraft && !launched {
			return ErrConfirmDelete
		}
		sum, err := q.GetStudySummary(ctx, db.GetStudySummaryParams{ExperimentID: experimentID})
		if err != nil {
			return err
		}
		del = StudyDeletion{ExperimentID: experimentID, Title: sum.Title, Owner: sum.OwnerName,
			Status: st.Status, Participants: sum.Arrived, DeletedBy: by, DeletedAt: time.UnixMilli(s.millis())}
		for _, step := range []func(context.Context, string) error{
			q.DeleteStudyFeedBlocks, q.DeleteStudyInventory, q.DeleteStudyEngagements, q.DeleteStudyAnswers,
			q.DeleteStudyIdentities, q.DeleteStudyParticipants, q.DeleteStudyLabels, q.DeleteStudyShares,
			q.DeleteStudyTextVersions, q.DeleteStudyPreviewTokens, q.DeleteStudyDashboardEngagements,
			q.DeleteStudyDashboardMinutes, q.DeleteStudyDashboardFunnel, q.DeleteStudyDashboardSlots,
			q.DeleteStudyDashboardDurations, q.DeleteStudyAuditLog, q.DeleteStudyParams, q.DeleteStudyCreateKeys,
		} {
			if err := step(ctx, experimentID); err != nil {
				return err
			}
		}
		if _, err := q.DeleteStudyRow(ctx, experimentID); err != nil {
			return err
		}
		// Inside the transaction: the writer's next group starts after this commit.
		s.events.known.forget()
		return q.InsertStudyDeletion(ctx, db.InsertStudyDeletionParams{
			ExperimentID: del.ExperimentID, Title: del.Title, Owner: del.Owner, Status: del.Status,
			Participants: del.Participants, DeletedBy: del.DeletedBy, DeletedAt: del.DeletedAt.UnixMilli(),
		})
	})
	if err != nil {
		return StudyDeletion{}, fmt.Errorf("store: delete study %s: %w", experimentID, err)
	}
	// The cache of resolved events may hold this study's participants; their ids are gone.
	s.resolved.clear()
	s.loadCounts.forget(experimentID)
	s.fresh.clear()
	return del, nil
}

// StudyDeletions lists every deleted study's entry, oldest first.
func (s *Store) StudyDeletions(ctx context.Context) ([]StudyDeletion, error) {
	rows, err := s.rq.ListStudyDeletions(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: study deletions: %w", err)
	}
	out := make([]StudyDeletion, len(rows))
	for i, r := range rows {
		out[i] = StudyDeletion{ExperimentID: r.ExperimentID, Title: r.Title, Owner: r.Owner, Status: r.Status,
			Participants: r.Participants, DeletedBy: r.DeletedBy, DeletedAt: time.UnixMilli(r.DeletedAt)}
	}
	return out, nil
}

// StudyForCreateKey is the study a researcher's earlier create with this idempotency key
// made, if any.
func (s *Store) StudyForCreateKey(ctx context.Context, owner, key string) (string, bool, error) {
	r, err := s.rq.GetResearcherByName(ctx, owner)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("store: create key: %w", err)
	}
	id, err := s.rq.GetCreateKey(ctx, db.GetCreateKeyParams{ResearcherID: r.ResearcherID, IdempotencyKey: key})
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("store: create key: %w", err)
	}
	return id, true, nil
}

// ReplaceDraftParams replaces every parameter of a draft (the wizard's edit of a study
// not launched yet), with its audit row, in one transaction that checks it is still a
// draft: a launched study gives ErrNotDraft and keeps its design. The text version is
// bumped, so a preview arrival planned on the old parameters plans again.
func (s *Store) ReplaceDraftParams(ctx context.Context, experimentID string, nConditions int, params []Param, by *AuditRecord) error {
	return s.lifecycleStep(ctx, "edit draft", experimentID, by, AuditEditDraft, func(q *db.Queries, status string) error {
		switch status {
		case StatusDraft:
		case StatusArchived:
			return ErrArchived
		default:
			return ErrNotDraft
		}
		if err := q.DeleteStudyParams(ctx, experimentID); err != nil {
			return err
		}
		for i, p := range params {
			if err := q.CreateStudyParam(ctx, db.CreateStudyParamParams{
				ExperimentID: experimentID, Condition: int64(p.Condition), Param: p.Param, Value: p.Value, Position: int64(i),
			}); err != nil {
				return err
			}
		}
		if err := q.SetStudyConditions(ctx, db.SetStudyConditionsParams{NConditions: int64(nConditions), ExperimentID: experimentID}); err != nil {
			return err
		}
		_, err := q.BumpTextVersion(ctx, experimentID)
		return err
	})
}
