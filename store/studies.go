package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"

	"feedlab/store/db"
)

// Param is one study parameter row: condition (from 1), param and value.
type Param struct {
	Condition int
	Param     string
	Value     string
}

// NewStudy is a study to create. An empty ExperimentID gets a generated one.
type NewStudy struct {
	ExperimentID string
	NConditions  int
	Params       []Param
	CreatedBy    string
	Builtin      bool
	// CreatedAudit, when set, is the audit log's create entry (who, and how), written in the
	// study's own transaction: a study never exists without the record of its creation.
	CreatedAudit *AuditRecord
	// Owner is the name of the researcher who owns the study; "" leaves it without an
	// owner, visible to every researcher. An unknown name gives ErrNoResearcher and
	// nothing is created.
	Owner string
	// Status is the status it starts in: StatusDraft for a study a researcher reviews and
	// launches; "" means StatusOpen (the demo, the command line, tests).
	Status string
	// CreateKey, with an Owner, makes the create idempotent: an earlier study of that owner
	// created with the same key is answered instead of a new one (CreateStudyOnce).
	CreateKey string
}

// idAlphabet is lower-case letters and digits without the look-alikes 0/o and 1/l, because
// researchers copy experiment ids into platform settings by hand.
const idAlphabet = "abcdefghijkmnpqrstuvwxyz23456789"

// newExperimentID makes ids like "fl-7kq2m9xa": short, URL-safe, 40 random bits.
func newExperimentID() string {
	b := make([]byte, 8)
	rand.Read(b)
	for i := range b {
		b[i] = idAlphabet[int(b[i])%len(idAlphabet)]
	}
	return "fl-" + string(b)
}

// CreateStudy stores a study and its parameter rows in one transaction and returns its
// experiment_id. An explicit id that exists gives ErrConflict.
func (s *Store) CreateStudy(ctx context.Context, st NewStudy) (string, error) {
	id, _, err := s.CreateStudyOnce(ctx, st)
	return id, err
}

// CreateStudyOnce is CreateStudy that also says whether the study already existed: created
// earlier by the same owner with the same CreateKey, looked up in the write transaction so
// two identical requests at once make one study.
func (s *Store) CreateStudyOnce(ctx context.Context, st NewStudy) (string, bool, error) {
	status := st.Status
	if status == "" {
		status = StatusOpen
	}
	if status != StatusOpen && status != StatusDraft {
		return "", false, fmt.Errorf("store: create study: status %q is not open or draft", status)
	}
	existing := false
	id := st.ExperimentID
	generated := id == ""
	for attempt := 0; ; attempt++ {
		if generated {
			id = newExperimentID()
		}
		err := s.withTx(ctx, func(q *db.Queries) error {
			keyOwner := int64(0)
			if st.CreateKey != "" && st.Owner != "" {
				ownerID, err := researcherIDByName(ctx, q, st.Owner)
				if err != nil {
					return fmt.Errorf("owner %q: %w", st.Owner, err)
				}
				prior, err := q.GetCreateKey(ctx, db.GetCreateKeyParams{ResearcherID: ownerID, IdempotencyKey: st.CreateKey})
				if err == nil {
					id, existing = prior, true
					return nil
				} else if !errors.Is(err, sql.ErrNoRows) {
					return err
				}
				// The key's row is written below, once the study's row exists.
				keyOwner = ownerID
			}
			if _, err := q.GetStudy(ctx, id); err == nil {
				return ErrConflict
			} else if !errors.Is(notFound(err), ErrNotFound) {
				return err
			}
			if err := q.CreateStudy(ctx, db.CreateStudyParams{
				ExperimentID: id, NConditions: int64(st.NConditions), Builtin: boolInt(st.Builtin),
				CreatedBy: st.CreatedBy, CreatedAt: s.millis(), Status: status,
			}); err != nil {
				return err
			}
			if err := setOwner(ctx, q, id, st.Owner); err != nil {
				return err
			}
			for i, p := range st.Params {
				if err := q.CreateStudyParam(ctx, db.CreateStudyParamParams{
					ExperimentID: id, Condition: int64(p.Condition), Param: p.Param, Value: p.Value, Position: int64(i),
				}); err != nil {
					return err
				}
			}
			if keyOwner != 0 {
				if err := q.InsertCreateKey(ctx, db.InsertCreateKeyParams{
					ResearcherID: keyOwner, IdempotencyKey: st.CreateKey, ExperimentID: id, CreatedAt: s.millis(),
				}); err != nil {
					return err
				}
			}
			if a := st.CreatedAudit; a != nil {
				return q.InsertAuditEntry(ctx, db.InsertAuditEntryParams{
					ExperimentID: id, At: s.millis(), Researcher: a.Researcher, Action: AuditCreate, Detail: a.Detail,
				})
			}
			return nil
		})
		if errors.Is(err, ErrConflict) && generated && attempt < 5 {
			continue
		}
		if err != nil {
			return "", false, fmt.Errorf("store: create study %s: %w", id, err)
		}
		return id, existing, nil
	}
}

// Study returns a study, or ErrNotFound.
func (s *Store) Study(ctx context.Context, experimentID string) (Study, error) {
	st, err := s.rq.GetStudy(ctx, experimentID)
	if err != nil {
		return Study{}, fmt.Errorf("store: get study %s: %w", experimentID, notFound(err))
	}
	return Study{ExperimentID: st.ExperimentID, NConditions: st.NConditions, Builtin: st.Builtin,
		CreatedBy: st.CreatedBy, CreatedAt: st.CreatedAt, OwnerID: st.OwnerID.Int64,
		Status: st.Status, TextVersion: st.TextVersion}, nil
}

// StudyParams returns a study's parameter rows by condition, in the order given.
func (s *Store) StudyParams(ctx context.Context, experimentID string) ([]Param, error) {
	rows, err := s.rq.ListStudyParams(ctx, experimentID)
	if err != nil {
		return nil, fmt.Errorf("store: study %s parameters: %w", experimentID, err)
	}
	out := make([]Param, len(rows))
	for i, r := range rows {
		out[i] = Param{Condition: int(r.Condition), Param: r.Param, Value: r.Value}
	}
	return out, nil
}

// Analytics returns the number of studies researchers created (the built-in demo is not
// counted) and the number of participants.
func (s *Store) Analytics(ctx context.Context) (experiments, users int64, err error) {
	experiments, err = s.rq.CountStudies(ctx)
	if err != nil {
		return 0, 0, fmt.Errorf("store: analytics: %w", err)
	}
	users, err = s.rq.CountParticipants(ctx)
	if err != nil {
		return 0, 0, fmt.Errorf("store: analytics: %w", err)
	}
	return experiments, users, nil
}

// Signup is one "Join the alpha" sign-up from the home page.
type Signup struct {
	Email, Name string
	CreatedAt   int64 // epoch ms
}

// Signups returns every sign-up, newest first.
func (s *Store) Signups(ctx context.Context) ([]Signup, error) {
	rows, err := s.rq.ListSignups(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: signups: %w", err)
	}
	out := make([]Signup, 0, len(rows))
	for _, r := range rows {
		out = append(out, Signup{Email: r.Email, Name: r.Name, CreatedAt: r.CreatedAt})
	}
	return out, nil
}

// CreateSignup records an alpha-testing sign-up from the home page.
func (s *Store) CreateSignup(ctx context.Context, email, name string) error {
	err := s.withTx(ctx, func(q *db.Queries) error {
		return q.CreateSignup(ctx, db.CreateSignupParams{Email: email, Name: name, CreatedAt: s.millis()})
	})
	if err != nil {
		return fmt.Errorf("store: create signup: %w", err)
	}
	return nil
}
