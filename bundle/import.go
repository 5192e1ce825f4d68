package bundle

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"feedlab/media"
	"feedlab/params"
	"feedlab/store"
	"feedlab/study"
)

// Result says what an import did.
type Result struct {
	ExperimentID string
	SetsCreated  []string
	SetsReused   []string // identical sets already on this appliance
	MediaFiles   int
	Media        []string // the stored names of the media files of the sets created
}

// Import recreates an opened bundle's study on this appliance, owned by owner ("" for no
// owner). A set that already exists with identical content is reused; a different set
// with the same name is ErrSetConflict. Everything is checked before anything is stored.
func Import(ctx context.Context, st *store.Store, ms *media.Store, b *Bundle, owner string, opts ...study.Option) (Result, error) {
	var res Result
	stored, err := st.SetSizes(ctx)
	if err != nil {
		return res, fmt.Errorf("bundle: %w", err)
	}
	var fresh []Set
	for _, set := range b.Sets {
		existing, err := st.EntitySet(ctx, set.Info.Name)
		if errors.Is(err, store.ErrNotFound) {
			fresh = append(fresh, set)
			continue
		}
		if err != nil {
			return res, fmt.Errorf("bundle: %w", err)
		}
		var have bytes.Buffer
		if _, _, err := writeSetTSV(ctx, st, &have, existing); err != nil {
			return res, fmt.Errorf("bundle: %w", err)
		}
		if existing.EntityCategory != set.Info.Category || !slices.Equal(existing.Columns, set.Info.Columns) || !bytes.Equal(have.Bytes(), set.TSV) {
			return res, fmt.Errorf("%w: the bundle's stimulus set %s differs from the set of that name on this appliance; nothing was imported (rename or remove the appliance's set, then import again)", ErrSetConflict, set.Info.Name)
		}
		res.SetsReused = append(res.SetsReused, set.Info.Name)
	}
	// The study is checked against the sets it will have before anything is stored.
	sizes := func(name string) (int, bool) {
		for _, s := range b.Sets {
			if s.Info.Name == name {
				return len(s.Cards), true
			}
		}
		return stored(name)
	}
	if _, err := params.Validate(b.Rows, sizes); err != nil {
		return res, fmt.Errorf("%w: params.csv: %v", ErrInvalid, err)
	}
	// Storing the media reads them again: that pass has the cap of its own.
	read := &budget{left: b.maxTotal, over: b.overCap}
	put := map[string]media.Item{} // a file two sets share is read once
	for _, set := range fresh {
		var files []store.Media
		for _, name := range set.Media {
			item, done := put[name]
			if !done {
				var err error
				if item, err = b.putMedia(ms, name, read); err != nil {
					return res, err
				}
				put[name] = item
				res.Media = append(res.Media, item.Name)
			}
			files = append(files, store.Media(item))
		}
		ns := store.NewSet{Name: set.Info.Name, Category: set.Info.Category, Columns: set.Info.Columns, Entities: make([]store.NewEntity, len(set.Cards))}
		for i, c := range set.Cards {
			ns.Entities[i] = store.NewEntity(c)
		}
		if err := st.CreateEntitySet(ctx, ns, files); err != nil {
			return res, fmt.Errorf("bundle: set %s: %w", set.Info.Name, err)
		}
		res.SetsCreated = append(res.SetsCreated, set.Info.Name)
		res.MediaFiles += len(files)
	}
	id, err := study.Create(ctx, st, b.Rows, owner, opts...)
	if err != nil {
		return res, fmt.Errorf("bundle: create study: %w", err)
	}
	res.ExperimentID = id
	return res, nil
}

// putMedia stores one media file of the bundle; the content-addressed name it gets must
// be the name the bundle gave it.
func (b *Bundle) putMedia(ms *media.Store, name string, read *budget) (media.Item, error) {
	f := b.files["media/"+name]
	rc, limit, err := open(f)
	if err != nil {
		return media.Item{}, err
	}
	defer rc.Close()
	item, err := ms.Put(io.LimitReader(read.reader(rc), limit+1), limit)
	if errors.Is(err, ErrInvalid) {
		return media.Item{}, err
	} else if err != nil {
		return media.Item{}, invalid("media/%s: %v", name, err)
	}
	if item.Name != name {
		return media.Item{}, invalid("media/%s holds content named %s: the bundle is damaged", name, item.Name)
	}
	return item, nil
}
