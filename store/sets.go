package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"feedlab/store/db"
)

// NewEntity is one card of a stimulus set being created.
type NewEntity struct {
	EntityURL    string
	SourceURL    string
	Filename     string
	RetrieveDate string
	EntityType   string
	Headline     string
	Covariates   map[string]string // the set's other columns
}

// NewSet is a stimulus set to create, with its cards in order.
type NewSet struct {
	Name     string
	Category string
	Columns  []string // header order as uploaded, for exporting the set back
	Builtin  bool
	Entities []NewEntity
	// UploadedBy names the researcher who uploaded the set from the upload pages.
	UploadedBy string
	// StoredMedia are media files the set uses that must already be in the store (the
	// hosted upload sent them earlier); the set is refused with ErrMediaMissing when one
	// is not, so no set ever points at a missing file.
	StoredMedia []string
	// Comments are the set's seeded comments, in the order the threads show them.
	Comments []NewComment
}

// NewComment is one seeded comment of a set being created (stimuli.Comment, with the
// avatar resolved to the URL the feed shows).
type NewComment struct {
	ID, Filename, Author, Text string
	AvatarURL                  string
	Likes                      int64
	Time, ReplyTo, Tag         string
}

// SetSummary is a stimulus set as listed to researchers.
type SetSummary struct {
	Name        string
	Category    string
	NumEntities int64
	Builtin     bool
	Hidden      bool // left out of the study wizard
}

// Media is a file held in the media store.
//
// Its fields are media.Item's, in the same order, so the packages that store a file and
// record it convert one into the other (store.Media(item)); the compiler refuses that
// conversion the day the two differ.
type Media struct {
	Name        string
	ContentType string
	Size        int64
	// Width and Height are an image's size in pixels (media.Item); 0 when unknown.
	Width, Height int
}

// CreateEntitySet stores a stimulus set and its cards, and records the media they use, in
// one transaction: either the whole set is stored or nothing. A set with the same name
// gives ErrConflict.
func (s *Store) CreateEntitySet(ctx context.Context, set NewSet, media []Media) error {
	columns, err := json.Marshal(set.Columns)
	if err != nil {
		return fmt.Errorf("store: create set %s: %w", set.Name, err)
	}
	err = s.withTx(ctx, func(q *db.Queries) error {
		if _, err := q.GetEntitySet(ctx, set.Name); err == nil {
			return ErrConflict
		} else if err := notFound(err); !errors.Is(err, ErrNotFound) {
			return err
		}
		now := s.millis()
		for _, name := range set.StoredMedia {
			if _, err := q.GetMedia(ctx, name); err != nil {
				if errors.Is(notFound(err), ErrNotFound) {
					return &MediaMissingError{Name: name}
				}
				return err
			}
		}
		for _, m := range media {
			if err := q.PutMedia(ctx, db.PutMediaParams{Name: m.Name, ContentType: m.ContentType, Size: m.Size, CreatedAt: now, Width: pixels(m.Width), Height: pixels(m.Height)}); err != nil {
				return err
			}
		}
		if err := q.CreateEntitySet(ctx, db.CreateEntitySetParams{
			EntitySet: set.Name, EntityCategory: set.Category, Columns: string(columns),
			Builtin: boolInt(set.Builtin), CreatedAt: now,
		}); err != nil {
			return err
		}
		if set.UploadedBy != "" {
			if err := q.SetEntitySetUploader(ctx, db.SetEntitySetUploaderParams{UploadedBy: set.UploadedBy, EntitySet: set.Name}); err != nil {
				return err
			}
		}
		for i, e := range set.Entities {
			cov := e.Covariates
			if cov == nil {
				cov = map[string]string{}
			}
			covJSON, err := json.Marshal(cov)
			if err != nil {
				return err
			}
			if err := q.CreateEntity(ctx, db.CreateEntityParams{
				EntitySet: set.Name, Position: int64(i + 1), EntityUrl: e.EntityURL,
				SourceUrl: e.SourceURL, Filename: e.Filename, RetrieveDate: e.RetrieveDate,
				EntityType: e.EntityType, Headline: e.Headline, Covariates: string(covJSON),
			}); err != nil {
				return err
			}
		}
		for i, c := range set.Comments {
			if err := q.CreateEntityComment(ctx, db.CreateEntityCommentParams{
				EntitySet: set.Name, CommentID: c.ID, Position: int64(i + 1), Filename: c.Filename,
				Author: c.Author, Text: c.Text, AvatarUrl: c.AvatarURL, Likes: c.Likes,
				TimeLabel: c.Time, ReplyTo: c.ReplyTo, Tag: c.Tag,
			}); err != nil {
				return err
			}
		}
		// Each card showing a stored image takes its size, for the feed's layout.
		return q.SetEntitySizesFromMedia(ctx, set.Name)
	})
	if err != nil {
		return fmt.Errorf("store: create set %s: %w", set.Name, err)
	}
	return nil
}

// ListEntitySets returns every stimulus set with its number of cards, by name.
func (s *Store) ListEntitySets(ctx context.Context) ([]SetSummary, error) {
	rows, err := s.rq.ListEntitySets(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: list sets: %w", err)
	}
	out := make([]SetSummary, len(rows))
	for i, r := range rows {
		out[i] = SetSummary{Name: r.EntitySet, Category: r.EntityCategory, NumEntities: r.NumEntities, Builtin: r.Builtin != 0, Hidden: r.Hidden != 0}
	}
	return out, nil
}

// SetSizes answers, for study validation, whether a stimulus set exists and how many
// cards it holds; it reads the list of sets once.
func (s *Store) SetSizes(ctx context.Context) (func(name string) (int, bool), error) {
	sets, err := s.ListEntitySets(ctx)
	if err != nil {
		return nil, err
	}
	sizes := make(map[string]int, len(sets))
	for _, set := range sets {
		sizes[set.Name] = int(set.NumEntities)
	}
	return func(name string) (int, bool) { n, ok := sizes[name]; return n, ok }, nil
}

// EntitySet returns one stimulus set, or ErrNotFound.
func (s *Store) EntitySet(ctx context.Context, name string) (EntitySet, error) {
	set, err := s.rq.GetEntitySet(ctx, name)
	if err != nil {
		return EntitySet{}, fmt.Errorf("store: get set %s: %w", name, notFound(err))
	}
	return entitySetFrom(set), nil
}

// setColumns decodes the uploaded header of a set (entity_sets.columns).
func setColumns(stored string) []string {
	var cols []string
	_ = json.Unmarshal([]byte(stored), &cols) // written by CreateEntitySet: always valid
	return cols
}

// Entities returns the cards of a set in upload order.
func (s *Store) Entities(ctx context.Context, set string) ([]Entity, error) {
	rows, err := s.rq.ListEntities(ctx, set)
	if err != nil {
		return nil, fmt.Errorf("store: list entities of %s: %w", set, err)
	}
	return entitiesFrom(rows), nil
}

// EntityComment is one stored seeded comment of a set.
type EntityComment struct {
	EntitySet, CommentID string
	Position             int64
	Filename, Author     string
	Text, AvatarUrl      string
	Likes                int64
	TimeLabel, ReplyTo   string
	Tag                  string
}

// EntityComments returns a set's seeded comments in their order (none for a set without).
func (s *Store) EntityComments(ctx context.Context, set string) ([]EntityComment, error) {
	rows, err := s.rq.ListEntityComments(ctx, set)
	if err != nil {
		return nil, fmt.Errorf("store: list comments of %s: %w", set, err)
	}
	out := make([]EntityComment, len(rows))
	for i, r := range rows {
		out[i] = EntityComment(r)
	}
	return out, nil
}

// MediaInfo returns a media file's record, or ErrNotFound.
func (s *Store) MediaInfo(ctx context.Context, name string) (Media, error) {
	m, err := s.rq.GetMedia(ctx, name)
	if err != nil {
		return Media{}, fmt.Errorf("store: get media %s: %w", name, notFound(err))
	}
	return Media{Name: m.Name, ContentType: m.ContentType, Size: m.Size}, nil
}

// Covariates decodes an entity's covariate columns (entities.covariates).
func Covariates(stored string) map[string]string {
	m := map[string]string{}
	_ = json.Unmarshal([]byte(stored), &m) // written by CreateEntitySet: always valid
	return m
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// pixels is an image dimension as stored: NULL when unknown (0).
func pixels(n int) sql.NullInt64 {
	return sql.NullInt64{Int64: int64(n), Valid: n > 0}
}

// MediaWithoutSize lists the stored images whose size is not on record: stored before
// migration 0012, or with a header that could not be read.
func (s *Store) MediaWithoutSize(ctx context.Context) ([]Media, error) {
	rows, err := s.rq.ListMediaWithoutSize(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: media without size: %w", err)
	}
	out := make([]Media, len(rows))
	for i, r := range rows {
		out[i] = Media{Name: r.Name, ContentType: r.ContentType}
	}
	return out, nil
}

// SetMediaSize records an image's size and gives it to every card that shows the image.
func (s *Store) SetMediaSize(ctx context.Context, name string, width, height int) error {
	err := s.withTx(ctx, func(q *db.Queries) error {
		w, h := pixels(width), pixels(height)
		if err := q.SetMediaSize(ctx, db.SetMediaSizeParams{Width: w, Height: h, Name: name}); err != nil {
			return err
		}
		return q.SetEntitySizesOfMedia(ctx, db.SetEntitySizesOfMediaParams{Width: w, Height: h, EntityUrl: "/media/" + name})
	})
	if err != nil {
		return fmt.Errorf("store: set size of %s: %w", name, err)
	}
	return nil
}
