package study

import (
	"context"
	"slices"

	"feedlab/store"
)

// Missing lists what a participant still lacks to complete their chain (docs/security.md,
// "What counts as complete"): "feed" when they never submitted the feed (no submit-click
// checkpoint), and the name of each questionnaire of their condition's forms they never
// finished (no form-done:<name> checkpoint). The custom message page is not a
// questionnaire: it asks nothing. Empty means complete.
func (d *Definition) Missing(ctx context.Context, st *store.Store, target store.EventTarget) ([]string, error) {
	submitted, done, err := st.ChainProgress(ctx, target.ParticipantID)
	if err != nil {
		return nil, err
	}
	var missing []string
	if !submitted {
		missing = append(missing, "feed")
	}
	if c := d.Condition(int(target.Condition)); c != nil {
		for _, form := range c.Forms {
			if form != "custom-msg" && !slices.Contains(done, form) {
				missing = append(missing, form)
			}
		}
	}
	return missing, nil
}
