package cli

import (
	"context"
	"errors"
	"fmt"

	"feedlab/media"
	"feedlab/store"
)

// fillImageSizes reads the size of every stored image that has none on record (stored
// before migration 0012) and gives it to the cards showing it, so load_experiment can tell
// the feed how much room each image takes. It runs when serve starts: after the first
// start on a new binary there is nothing left to do but images whose header cannot be
// read, which stay without a size (docs/decisions.md). A file missing from the media
// directory is skipped, not an error: the store's own checks report those.
func fillImageSizes(ctx context.Context, st *store.Store, ms *media.Store) error {
	missing, err := st.MediaWithoutSize(ctx)
	if err != nil {
		return err
	}
	for _, m := range missing {
		w, h, err := ms.ImageSize(m.Name)
		if errors.Is(err, media.ErrNotFound) {
			continue
		} else if err != nil {
			return fmt.Errorf("image sizes: %w", err)
		}
		if w == 0 {
			continue
		}
		if err := st.SetMediaSize(ctx, m.Name, w, h); err != nil {
			return fmt.Errorf("image sizes: %w", err)
		}
	}
	return nil
}
