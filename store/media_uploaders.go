package store

import (
	"context"
	"fmt"

	"feedlab/store/db"
)

// RecordMediaUpload records a file the hosted upload stored, as uploaded now by the
// researcher with id uploader (0: by no one), so that it counts to their media quota.
// A researcher who uploads the same file again is counted once.
func (s *Store) RecordMediaUpload(ctx context.Context, m Media, uploader int64) error {
	err := s.withTx(ctx, func(q *db.Queries) error {
		now := s.millis()
		if err := q.PutUploadedMedia(ctx, db.PutUploadedMediaParams{Name: m.Name, ContentType: m.ContentType, Size: m.Size, CreatedAt: now, UploadedAt: now, Width: pixels(m.Width), Height: pixels(m.Height)}); err != nil {
			return err
		}
		if uploader == 0 {
			return nil
		}
		return q.AddMediaUploader(ctx, db.AddMediaUploaderParams{Name: m.Name, ResearcherID: uploader, UploadedAt: now})
	})
	if err != nil {
		return fmt.Errorf("store: record media %s: %w", m.Name, err)
	}
	return nil
}

// CountMediaTo counts media files already on record (a bundle's, stored with its sets)
// to the researcher uploader's quota.
func (s *Store) CountMediaTo(ctx context.Context, names []string, uploader int64) error {
	err := s.withTx(ctx, func(q *db.Queries) error {
		now := s.millis()
		for _, n := range names {
			if err := q.AddMediaUploader(ctx, db.AddMediaUploaderParams{Name: n, ResearcherID: uploader, UploadedAt: now}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: count media to researcher %d: %w", uploader, err)
	}
	return nil
}

// MediaBytesOf is how many bytes of media files count to the researcher's quota: every
// file on record they uploaded, each once.
func (s *Store) MediaBytesOf(ctx context.Context, researcher int64) (int64, error) {
	n, err := s.rq.MediaBytesOf(ctx, researcher)
	if err != nil {
		return 0, fmt.Errorf("store: media of researcher %d: %w", researcher, err)
	}
	return n, nil
}

// HasUploaded reports whether the file name already counts to the researcher's quota.
func (s *Store) HasUploaded(ctx context.Context, researcher int64, name string) (bool, error) {
	n, err := s.rq.HasUploaded(ctx, db.HasUploadedParams{ResearcherID: researcher, Name: name})
	if err != nil {
		return false, fmt.Errorf("store: media %s of researcher %d: %w", name, researcher, err)
	}
	return n > 0, nil
}
