package api

import (
	"context"
	"fmt"
	"time"

	"feedlab/media"
	"feedlab/store"
)

// MediaGrace is how long a media file no set uses is kept after it was last uploaded or
// confirmed by a hosted upload: long enough to resume an interrupted upload the next day,
// short enough that abandoned uploads do not pile up (docs/decisions.md).
const MediaGrace = 24 * time.Hour

// SweepUnusedMedia removes media files no stimulus set uses and that were not uploaded
// since before: first their records, then the files; then files on disk with no record at
// all (left by a crash or an older failed `sets import`) whose time is before it too. It
// answers how many files it removed. Run it only where no upload can be under way (at
// start, or under Server's media lock, as Server.SweepMedia does).
func SweepUnusedMedia(ctx context.Context, st *store.Store, ms *media.Store, before time.Time) (int, error) {
	gone, err := st.ForgetUnusedMedia(ctx, before.UnixMilli())
	if err != nil {
		return 0, err
	}
	removed := 0
	for _, name := range gone {
		if err := ms.Remove(name); err != nil {
			return removed, fmt.Errorf("sweep media: %w", err)
		}
		removed++
	}
	known, err := st.MediaNames(ctx)
	if err != nil {
		return removed, err
	}
	var stray []string
	if err := ms.Files(func(name string, modified time.Time) {
		if !known[name] && modified.Before(before) {
			stray = append(stray, name)
		}
	}); err != nil {
		return removed, err
	}
	for _, name := range stray {
		if err := ms.Remove(name); err != nil {
			return removed, fmt.Errorf("sweep media: %w", err)
		}
		removed++
	}
	return removed, nil
}

// SweepMedia runs SweepUnusedMedia with the grace period, holding the media lock so no
// upload is between storing a file and recording it. While an upload is under way (a large
// video over a slow network can take many minutes) it does not wait, which would also hold
// up every new upload behind it: it sweeps nothing and answers busy; the next round will.
func (s *Server) SweepMedia(ctx context.Context) (n int, busy bool, err error) {
	if !s.mediaMu.TryLock() {
		return 0, true, nil
	}
	defer s.mediaMu.Unlock()
	n, err = SweepUnusedMedia(ctx, s.store, s.media, s.now().Add(-MediaGrace))
	return n, false, err
}

// SweepMediaEvery sweeps at once and then every interval until ctx ends.
func (s *Server) SweepMediaEvery(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if n, _, err := s.SweepMedia(ctx); err != nil {
			s.log.Error("media sweep", "err", err)
		} else if n > 0 {
			s.log.Info("media sweep: removed files no stimulus set uses", "files", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
