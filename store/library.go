package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"feedlab/store/db"
)

// ErrInUse: the stimulus set is used by a study (or is the built-in set) and cannot be
// deleted.
var ErrInUse = errors.New("in use")

// MediaMissingError: a set refers to a media file the store does not hold (never uploaded,
// or removed as unused before the set was created).
type MediaMissingError struct{ Name string }

func (e *MediaMissingError) Error() string { return "media file " + e.Name + " is not stored" }

// LibrarySet is a stimulus set as the library lists it.
type LibrarySet struct {
	Name        string
	Category    string
	NumEntities int64
	Builtin     bool
	Hidden      bool
	UploadedBy  string
	CreatedAt   int64 // Unix ms
	// UsedBy lists the studies whose entity_sets parameter names the set, in id order.
	UsedBy []string
}

// LibrarySets returns every stimulus set, newest first, with the studies using it.
func (s *Store) LibrarySets(ctx context.Context) ([]LibrarySet, error) {
	rows, err := s.rq.ListLibrarySets(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: list library: %w", err)
	}
	users, err := setUsers(ctx, s.rq)
	if err != nil {
		return nil, fmt.Errorf("store: list library: %w", err)
	}
	out := make([]LibrarySet, len(rows))
	for i, r := range rows {
		out[i] = LibrarySet{
			Name: r.EntitySet, Category: r.EntityCategory, NumEntities: r.NumEntities, Builtin: r.Builtin != 0,
			Hidden: r.Hidden != 0, UploadedBy: r.UploadedBy, CreatedAt: r.CreatedAt, UsedBy: users[r.EntitySet],
		}
	}
	return out, nil
}

// SetUsers returns the studies that use the set, in id order.
func (s *Store) SetUsers(ctx context.Context, name string) ([]string, error) {
	users, err := setUsers(ctx, s.rq)
	if err != nil {
		return nil, fmt.Errorf("store: studies using %s: %w", name, err)
	}
	return users[name], nil
}

// setUsers maps each set name to the studies whose entity_sets parameter (a JSON list of
// {entity_set, ...}) names it. A value that does not parse names no set.
func setUsers(ctx context.Context, q *db.Queries) (map[string][]string, error) {
	rows, err := q.AllStudySetParams(ctx)
	if err != nil {
		return nil, err
	}
	users := map[string][]string{}
	for _, r := range rows {
		var entries []struct {
			EntitySet string `json:"entity_set"`
		}
		if json.Unmarshal([]byte(r.Value), &entries) != nil {
			continue
		}
		for _, e := range entries {
			if e.EntitySet != "" && !slices.Contains(users[e.EntitySet], r.ExperimentID) {
				users[e.EntitySet] = append(users[e.EntitySet], r.ExperimentID)
			}
		}
	}
	for _, ids := range users {
		slices.Sort(ids)
	}
	return users, nil
}

// SetHidden hides a set from the study wizard or shows it again; ErrNotFound for an
// unknown set.
// researcherName is recorded in the library's audit log in the same transaction, so a
// change is never made unrecorded.
func (s *Store) SetHidden(ctx context.Context, name string, hidden bool, researcherName string) error {
	err := s.withTx(ctx, func(q *db.Queries) error {
		n, err := q.SetEntitySetHidden(ctx, db.SetEntitySetHiddenParams{Hidden: boolInt(hidden), EntitySet: name})
		if err == nil && n == 0 {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		action := AuditShowSet
		if hidden {
			action = AuditHideSet
		}
		return s.libraryAuditIn(ctx, q, researcherName, action, name)
	})
	if err != nil {
		return fmt.Errorf("store: hide set %s: %w", name, err)
	}
	return nil
}

// DeleteEntitySet deletes a set no study uses, with its cards, and returns the media files
// it used that nothing else holds on to now: no other set's card, and not uploaded again
// since the set was made (a hosted upload may be about to claim them). Their records are
// gone; the caller removes the files. A set used by a study, or the built-in set, gives
// ErrInUse; an unknown one ErrNotFound. researcherName is recorded in the library's audit
// log in the same transaction.
func (s *Store) DeleteEntitySet(ctx context.Context, name, researcherName string) ([]string, error) {
	var freed []string
	err := s.withTx(ctx, func(q *db.Queries) error {
		set, err := q.GetEntitySet(ctx, name)
		if err != nil {
			return notFound(err)
		}
		if set.Builtin != 0 {
			return ErrInUse
		}
		users, err := setUsers(ctx, q)
		if err != nil {
			return err
		}
		if len(users[name]) > 0 {
			return fmt.Errorf("%w by %s", ErrInUse, strings.Join(users[name], ", "))
		}
		names, err := q.SetMediaNames(ctx, name)
		if err != nil {
			return err
		}
		if err := q.DeleteEntityComments(ctx, name); err != nil {
			return err
		}
		if err := q.DeleteEntities(ctx, name); err != nil {
			return err
		}
		if err := q.DeleteEntitySet(ctx, name); err != nil {
			return err
		}
		if err := s.libraryAuditIn(ctx, q, researcherName, AuditDeleteSet, name); err != nil {
			return err
		}
		for _, m := range names {
			n, err := q.MediaInUse(ctx, "/media/"+m)
			if err != nil {
				return err
			}
			rec, err := q.GetMedia(ctx, m)
			if errors.Is(notFound(err), ErrNotFound) {
				continue
			} else if err != nil {
				return err
			}
			if n > 0 || rec.UploadedAt > set.CreatedAt {
				continue
			}
			if err := q.DeleteMedia(ctx, m); err != nil {
				return err
			}
			freed = append(freed, m)
		}
		return nil
	})
	s.setCards.forget() // a set of the same name may be stored again
	if err != nil {
		return nil, fmt.Errorf("store: delete set %s: %w", name, err)
	}
	return freed, nil
}

// StoredMediaByHash returns the stored media file whose name starts with the hex SHA-256
// sum (its name is the sum plus an extension), or ErrNotFound. touch (Unix ms, 0 for
// none) records that an upload is about to use it, which keeps it from being removed as
// unused for the grace period.
func (s *Store) StoredMediaByHash(ctx context.Context, sum string, touch int64) (Media, error) {
	find := func(q *db.Queries) (db.Medium, error) {
		// Names are sum + "." + extension: the range (sum+".", sum+"/") holds exactly them.
		return q.FindMediaByHash(ctx, db.FindMediaByHashParams{Name: sum + ".", Name_2: sum + "/"})
	}
	var m db.Medium
	var err error
	if touch == 0 {
		m, err = find(s.rq)
	} else {
		err = s.withTx(ctx, func(q *db.Queries) error {
			if m, err = find(q); err != nil {
				return err
			}
			return q.TouchMedia(ctx, db.TouchMediaParams{UploadedAt: touch, Name: m.Name})
		})
	}
	if err != nil {
		return Media{}, fmt.Errorf("store: media %s: %w", sum, notFound(err))
	}
	return Media{Name: m.Name, ContentType: m.ContentType, Size: m.Size}, nil
}

// RecordUploadedMedia records a file the hosted upload stored, as uploaded now (by no
// one in particular: RecordMediaUpload names the researcher).
func (s *Store) RecordUploadedMedia(ctx context.Context, m Media) error {
	return s.RecordMediaUpload(ctx, m, 0)
}

// ForgetUnusedMedia deletes the records of media files no set uses and not uploaded since
// before (Unix ms), and returns their names for the caller to remove the files.
func (s *Store) ForgetUnusedMedia(ctx context.Context, before int64) ([]string, error) {
	var gone []string
	err := s.withTx(ctx, func(q *db.Queries) error {
		rows, err := q.UnusedMedia(ctx)
		if err != nil {
			return err
		}
		for _, r := range rows {
			if r.UploadedAt >= before {
				continue
			}
			if err := q.DeleteMedia(ctx, r.Name); err != nil {
				return err
			}
			gone = append(gone, r.Name)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: forget unused media: %w", err)
	}
	return gone, nil
}

// MediaNames returns the name of every media file on record.
func (s *Store) MediaNames(ctx context.Context) (map[string]bool, error) {
	names, err := s.rq.AllMediaNames(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: media names: %w", err)
	}
	out := make(map[string]bool, len(names))
	for _, n := range names {
		out[n] = true
	}
	return out, nil
}
