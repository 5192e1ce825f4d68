package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"feedlab/store/db"
)

// ErrNoResearcher is returned when a researcher name (an owner, a collaborator) names no
// account. It wraps ErrNotFound, so errors.Is(err, ErrNotFound) holds too.
var ErrNoResearcher = fmt.Errorf("no such researcher: %w", ErrNotFound)

// Access is what a researcher may do with a study.
type Access string

const (
	// AccessOwner: the researcher created the study; they may read, download and share it.
	AccessOwner Access = "owner"
	// AccessShared: the owner shared the study with the researcher; they may read and download.
	AccessShared Access = "shared"
	// AccessEveryone: the study has no owner (command line without --owner, the built-in
	// demo); every researcher may read and download it, nobody shares it.
	AccessEveryone Access = "everyone"
	// AccessNone: the study is someone else's; to this researcher it does not exist.
	AccessNone Access = "none"
)

// CanRead reports whether the access lets a researcher see the study and its data.
func (a Access) CanRead() bool { return a == AccessOwner || a == AccessShared || a == AccessEveryone }

// CanManage reports whether the access may run the study: pause, close and reopen it,
// edit its texts, add labelled links, mark returns and read its audit log. Its owner may,
// and anyone may for a study without an owner; a collaborator only watches.
func (a Access) CanManage() bool { return a == AccessOwner || a == AccessEveryone }

// CanShare reports whether the access may share the study with others: its owner only
// (a study without an owner is every researcher's already).
func (a Access) CanShare() bool { return a == AccessOwner }

// StudySummary is a study as a researcher's studies list shows it.
type StudySummary struct {
	ExperimentID string
	Title        string // the study-wide parameter title; "" when none
	CreatedAt    time.Time
	Owner        string // the owner's name; "" when the study has no owner
	Access       Access // what the asking researcher may do
	Builtin      bool
	NConditions  int
	Status       string   // draft, open, paused, closed or archived
	Arrived      int64    // participants registered
	Completed    int64    // participants who reached the end
	SharedWith   []string // collaborators by name; filled only for the owner, else empty
}

// ResearcherInfo is an account as listed to researchers and on the command line.
type ResearcherInfo struct {
	Name      string
	CreatedAt time.Time
}

func accessOf(researcherID int64, owner sql.NullInt64, shared bool) Access {
	switch {
	case !owner.Valid:
		return AccessEveryone
	case owner.Int64 == researcherID:
		return AccessOwner
	case shared:
		return AccessShared
	}
	return AccessNone
}

// VisibleStudies returns the studies researcherID may see (own, shared with them, without
// an owner), newest first, with their counts, in two reads whatever the number of studies.
func (s *Store) VisibleStudies(ctx context.Context, researcherID int64) ([]StudySummary, error) {
	rows, err := s.rq.ListVisibleStudies(ctx, researcherID)
	if err != nil {
		return nil, fmt.Errorf("store: list studies: %w", err)
	}
	shares, err := s.rq.ListSharesOfOwner(ctx, sql.NullInt64{Int64: researcherID, Valid: true})
	if err != nil {
		return nil, fmt.Errorf("store: list studies: shares: %w", err)
	}
	sharedWith := map[string][]string{}
	for _, sh := range shares {
		sharedWith[sh.ExperimentID] = append(sharedWith[sh.ExperimentID], sh.Name)
	}
	out := make([]StudySummary, 0, len(rows))
	for _, r := range rows {
		sum := summary(db.GetStudySummaryRow(r), researcherID)
		if sum.Access == AccessOwner && sharedWith[sum.ExperimentID] != nil {
			sum.SharedWith = sharedWith[sum.ExperimentID]
		}
		out = append(out, sum)
	}
	return out, nil
}

// VisibleStudy returns one study as VisibleStudies would list it, or ErrNotFound when it
// does not exist or researcherID may not see it (the two are not told apart, on purpose).
func (s *Store) VisibleStudy(ctx context.Context, researcherID int64, experimentID string) (StudySummary, error) {
	r, err := s.rq.GetStudySummary(ctx, db.GetStudySummaryParams{ResearcherID: researcherID, ExperimentID: experimentID})
	if err != nil {
		return StudySummary{}, fmt.Errorf("store: get study %s: %w", experimentID, notFound(err))
	}
	sum := summary(r, researcherID)
	if !sum.Access.CanRead() {
		return StudySummary{}, fmt.Errorf("store: get study %s: %w", experimentID, ErrNotFound)
	}
	if sum.Access == AccessOwner {
		if sum.SharedWith, err = s.StudyShares(ctx, experimentID); err != nil {
			return StudySummary{}, err
		}
	}
	return sum, nil
}

func summary(r db.GetStudySummaryRow, researcherID int64) StudySummary {
	return StudySummary{
		ExperimentID: r.ExperimentID, Title: r.Title, CreatedAt: time.UnixMilli(r.CreatedAt),
		Owner: r.OwnerName, Access: accessOf(researcherID, r.OwnerID, r.Shared),
		Builtin: r.Builtin != 0, NConditions: int(r.NConditions), Status: r.Status,
		Arrived: r.Arrived, Completed: r.Completed, SharedWith: []string{},
	}
}

// StudyAccess returns what researcherID may do with a study: AccessNone for someone
// else's study, ErrNotFound when there is no such study.
func (s *Store) StudyAccess(ctx context.Context, researcherID int64, experimentID string) (Access, error) {
	r, err := s.rq.GetStudyAccess(ctx, db.GetStudyAccessParams{ResearcherID: researcherID, ExperimentID: experimentID})
	if err != nil {
		return AccessNone, fmt.Errorf("store: study access %s: %w", experimentID, notFound(err))
	}
	return accessOf(researcherID, r.OwnerID, r.Shared), nil
}

// StudyShares returns the names of the researchers a study is shared with, sorted.
func (s *Store) StudyShares(ctx context.Context, experimentID string) ([]string, error) {
	names, err := s.rq.ListStudyShares(ctx, experimentID)
	if err != nil {
		return nil, fmt.Errorf("store: study shares %s: %w", experimentID, err)
	}
	if names == nil {
		names = []string{}
	}
	return names, nil
}

// ShareStudy lets the researcher called name see a study and returns everyone it is now
// shared with. Sharing twice is harmless. An unknown name gives ErrNoResearcher; the
// caller checks that the one asking owns the study.
func (s *Store) ShareStudy(ctx context.Context, experimentID, name string, by *AuditRecord) ([]string, error) {
	err := s.withTx(ctx, func(q *db.Queries) error {
		id, err := researcherIDByName(ctx, q, name)
		if err != nil {
			return err
		}
		if err := q.CreateStudyShare(ctx, db.CreateStudyShareParams{ExperimentID: experimentID, ResearcherID: id, CreatedAt: s.millis()}); err != nil {
			return err
		}
		return s.auditIn(ctx, q, experimentID, by, AuditShare)
	})
	if err != nil {
		return nil, fmt.Errorf("store: share study %s: %w", experimentID, err)
	}
	return s.StudyShares(ctx, experimentID)
}

// UnshareStudy takes a study away from the researcher called name and returns everyone it
// is still shared with. Unsharing a study that was not shared is harmless; an unknown name
// gives ErrNoResearcher.
func (s *Store) UnshareStudy(ctx context.Context, experimentID, name string, by *AuditRecord) ([]string, error) {
	err := s.withTx(ctx, func(q *db.Queries) error {
		id, err := researcherIDByName(ctx, q, name)
		if err != nil {
			return err
		}
		if err := q.DeleteStudyShare(ctx, db.DeleteStudyShareParams{ExperimentID: experimentID, ResearcherID: id}); err != nil {
			return err
		}
		return s.auditIn(ctx, q, experimentID, by, AuditUnshare)
	})
	if err != nil {
		return nil, fmt.Errorf("store: unshare study %s: %w", experimentID, err)
	}
	return s.StudyShares(ctx, experimentID)
}

// Researchers returns every researcher account by name.
func (s *Store) Researchers(ctx context.Context) ([]ResearcherInfo, error) {
	rows, err := s.rq.ListResearchers(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: list researchers: %w", err)
	}
	out := make([]ResearcherInfo, len(rows))
	for i, r := range rows {
		out[i] = ResearcherInfo{Name: r.Name, CreatedAt: time.UnixMilli(r.CreatedAt)}
	}
	return out, nil
}

// setOwner makes the researcher called owner own a study being created ("" leaves it
// without an owner, visible to every researcher).
func setOwner(ctx context.Context, q *db.Queries, experimentID, owner string) error {
	if owner == "" {
		return nil
	}
	r, err := q.GetResearcherByName(ctx, owner)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("owner %q: %w", owner, ErrNoResearcher)
	} else if err != nil {
		return err
	}
	return q.SetStudyOwner(ctx, db.SetStudyOwnerParams{OwnerID: sql.NullInt64{Int64: r.ResearcherID, Valid: true}, ExperimentID: experimentID})
}

// researcherIDByName resolves a researcher's name inside a transaction; an unknown name
// gives ErrNoResearcher, the error share and unshare answer alike.
func researcherIDByName(ctx context.Context, q *db.Queries, name string) (int64, error) {
	r, err := q.GetResearcherByName(ctx, name)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNoResearcher
	}
	if err != nil {
		return 0, err
	}
	return r.ResearcherID, nil
}
