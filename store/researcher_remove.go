package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"feedlab/store/db"
)

// AuditRemoveResearcher is the appliance log's entry of a removed account (kept with the
// library's entries, the log that belongs to no study: AuditLog(ctx, LibraryLog)).
const AuditRemoveResearcher = "remove_researcher"

// ErrLastResearcher refuses to remove the only account: no one could sign in to the
// console afterwards.
var ErrLastResearcher = errors.New("store: the last researcher account")

// OwnsStudiesError refuses to remove an account that owns studies: a study without owner
// is seen by every researcher, so dropping the owner would widen who sees its data.
type OwnsStudiesError struct{ IDs []string }

func (e *OwnsStudiesError) Error() string {
	return fmt.Sprintf("store: the account owns %d studies (%s)", len(e.IDs), strings.Join(e.IDs, ", "))
}

// RemoveResearcher deletes the account name with its sessions, its uploads' records and
// the shares it was given, in one transaction with its audit entries: an "unshare" in each
// study it could see, and a remove_researcher entry in the appliance log. The audit log
// keeps the researcher's name in every older entry.
func (s *Store) RemoveResearcher(ctx context.Context, name, by string) error {
	err := s.withTx(ctx, func(q *db.Queries) error {
		r, err := q.GetResearcherByName(ctx, name)
		if err != nil {
			return notFound(err)
		}
		n, err := q.CountResearchers(ctx)
		if err != nil {
			return err
		}
		if n <= 1 {
			return ErrLastResearcher
		}
		owned, err := q.ListStudiesOwnedBy(ctx, sql.NullInt64{Int64: r.ResearcherID, Valid: true})
		if err != nil {
			return err
		}
		if len(owned) > 0 {
			return &OwnsStudiesError{IDs: owned}
		}
		shared, err := q.ListStudiesSharedWith(ctx, r.ResearcherID)
		if err != nil {
			return err
		}
		for _, id := range shared {
			if err := s.auditIn(ctx, q, id, &AuditRecord{Researcher: by, Detail: name + " (account removed)"}, AuditUnshare); err != nil {
				return err
			}
		}
		if err := q.DeleteSharesWith(ctx, r.ResearcherID); err != nil {
			return err
		}
		if err := q.DeleteResearcherSessions(ctx, r.ResearcherID); err != nil {
			return err
		}
		if err := q.DeleteResearcher(ctx, r.ResearcherID); err != nil {
			return err
		}
		return q.InsertAuditEntry(ctx, db.InsertAuditEntryParams{
			ExperimentID: LibraryLog, At: s.millis(), Researcher: by, Action: AuditRemoveResearcher, Detail: "researcher " + name,
		})
	})
	if err != nil {
		return fmt.Errorf("store: remove researcher %s: %w", name, err)
	}
	return nil
}
