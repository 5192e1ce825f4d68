package cli

import (
	"context"
	"errors"
	"fmt"

	"feedlab/store"
)

// checkOwner refuses an owner name that names no researcher account, before anything is
// created ("" means no owner).
func checkOwner(ctx context.Context, st *store.Store, owner string) error {
	if owner == "" {
		return nil
	}
	if _, _, err := st.ResearcherPasswordHash(ctx, owner); errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("study create: there is no researcher named %q; nothing was created (see 'feedlab researcher list')", owner)
	} else if err != nil {
		return err
	}
	return nil
}
