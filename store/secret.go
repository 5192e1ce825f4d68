package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"

	"feedlab/store/db"
)

// Secret returns the appliance's random secret stored under the settings key, creating it
// (32 random bytes) on first use in the same transaction, so it survives restarts and two
// first uses agree on one value. It is kept in the database rather than on the command
// line, where other users of the machine could read it.
func (s *Store) Secret(ctx context.Context, key string) ([]byte, error) {
	var val string
	err := s.withTx(ctx, func(q *db.Queries) error {
		v, err := q.GetSetting(ctx, key)
		if err == nil {
			val = v
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		b := make([]byte, 32)
		rand.Read(b)
		val = hex.EncodeToString(b)
		return q.PutSetting(ctx, db.PutSettingParams{Key: key, Value: val})
	})
	if err != nil {
		return nil, fmt.Errorf("store: secret %s: %w", key, err)
	}
	b, err := hex.DecodeString(val)
	if err != nil || len(b) < 16 {
		return nil, fmt.Errorf("store: secret %s: the stored value is not a secret", key)
	}
	return b, nil
}
