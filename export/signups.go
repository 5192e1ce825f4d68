package export

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"

	"feedlab/store"
)

// TypeSignups is the home page's "Join the alpha" sign-ups: the appliance's, not a study's,
// so it is not in Types (the download page's study exports) and takes no study id.
const TypeSignups = "signups"

// SignupColumns are the signups export's columns.
var SignupColumns = []string{"email", "name", "created_at_ms", "created_at_iso"}

// WriteSignups writes every sign-up as CSV, newest first. Addresses and names are typed
// by strangers, so cells are neutralised unless opts.Raw.
func WriteSignups(ctx context.Context, st *store.Store, w io.Writer, opts Options) error {
	signups, err := st.Signups(ctx)
	if err != nil {
		return fmt.Errorf("export signups: %w", err)
	}
	cw := csv.NewWriter(w)
	var rw recordWriter = &safeWriter{cw: cw}
	if opts.Raw {
		rw = cw
	}
	if err := rw.Write(SignupColumns); err != nil {
		return fmt.Errorf("export signups: %w", err)
	}
	for _, s := range signups {
		if err := rw.Write([]string{s.Email, s.Name, itoa(s.CreatedAt), timestamp(s.CreatedAt)}); err != nil {
			return fmt.Errorf("export signups: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("export signups: %w", err)
	}
	return nil
}
