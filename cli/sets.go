package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"feedlab/media"
	"feedlab/stimuli"
	"feedlab/store"
)

// maxMediaFile bounds one imported image or video (videos of a few minutes fit).
const maxMediaFile = 512 << 20

// cmdSetsImport ingests a stimulus set from tab-separated text. With --media, each row's
// filename is taken from DIR into the media store and the card points at the appliance's
// own URL. Every row and file is checked before anything is stored; the set's final name
// is printed as the last line.
func cmdSetsImport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, data := newFlags("sets import", stderr)
	name := fs.String("name", "", "set identifier (lower-cased; a-z, 0-9 and _ kept; at most 15 characters)")
	category := fs.String("category", "", "one of: news, opinion, sensational, ads")
	mediaDir := fs.String("media", "", "directory holding each row's filename (images, mp4/webm/ogg) and the comments' avatars")
	commentsFile := fs.String("comments", "", "seeded comments (comments.tsv; docs/social.md)")
	minFree := minFreeSpaceFlag(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("%w: give exactly one stimuli.tsv file", errUsage)
	}
	if *name == "" || *category == "" {
		return fmt.Errorf("%w: --name and --category are required", errUsage)
	}
	if err := stimuli.CheckCategory(*category); err != nil {
		return err
	}
	setName, err := stimuli.SetName(time.Now(), *name)
	if err != nil {
		return err
	}
	f, err := os.Open(pos[0])
	if err != nil {
		return fmt.Errorf("sets import: %w", err)
	}
	defer f.Close()
	set, err := stimuli.ParseTSV(f)
	if err != nil {
		return fmt.Errorf("sets import: %s: %w", pos[0], err)
	}
	var comments []stimuli.Comment
	if *commentsFile != "" {
		if comments, err = readComments(*commentsFile, set, *mediaDir); err != nil {
			return fmt.Errorf("sets import: %w", err)
		}
	}
	if *mediaDir != "" {
		if err := checkMediaFiles(*mediaDir, set); err != nil {
			return fmt.Errorf("sets import: %w; nothing was stored", err)
		}
	}
	st, ms, err := openData(ctx, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	if _, err := st.EntitySet(ctx, setName); err == nil {
		return fmt.Errorf("sets import: a set named %q already exists; choose another --name", setName)
	}
	if *mediaDir != "" {
		if err := checkRoom("sets import", *data, minFree.f, mediaBytes(*mediaDir, set)); err != nil {
			return err
		}
	}
	var stored []store.Media
	var entityURL func(stimuli.Row) (string, error)
	if *mediaDir != "" {
		entityURL = func(r stimuli.Row) (string, error) {
			item, err := ms.PutFile(filepath.Join(*mediaDir, r.Filename), maxMediaFile)
			if err != nil {
				return "", fmt.Errorf("line %d: %w", r.Line, err)
			}
			stored = append(stored, store.Media(item))
			return "/media/" + item.Name, nil
		}
	}
	cards, err := set.Cards(entityURL)
	if err != nil {
		forgetStoredFiles(ctx, st, ms, stored)
		return fmt.Errorf("sets import: %w; nothing was stored", err)
	}
	ns := store.NewSet{Name: setName, Category: *category, Columns: set.Columns, Entities: make([]store.NewEntity, len(cards))}
	for i, c := range cards {
		ns.Entities[i] = store.NewEntity(c)
	}
	if ns.Comments, err = storedComments(comments, func(c stimuli.Comment) (string, error) {
		item, err := ms.PutFile(filepath.Join(*mediaDir, c.Avatar), maxMediaFile)
		if err != nil {
			return "", fmt.Errorf("comments line %d: avatar: %w", c.Line, err)
		}
		stored = append(stored, store.Media(item))
		return "/media/" + item.Name, nil
	}); err != nil {
		forgetStoredFiles(ctx, st, ms, stored)
		return fmt.Errorf("sets import: %w; nothing was stored", err)
	}
	if err := st.CreateEntitySet(ctx, ns, stored); errors.Is(err, store.ErrConflict) {
		forgetStoredFiles(ctx, st, ms, stored)
		return fmt.Errorf("sets import: a set named %q already exists; choose another --name", setName)
	} else if err != nil {
		forgetStoredFiles(ctx, st, ms, stored)
		return err
	}
	// The smaller copies the feed's srcset lists (media/variants.go), made here so the
	// first participants' phones get them; a copy that fails is made by serve on demand.
	for _, m := range stored {
		if m.Width > 0 {
			if err := ms.MakeVariants(m.Name); err != nil {
				fmt.Fprintf(stderr, "warning: smaller copies of %s: %v\n", m.Name, err)
			}
		}
	}
	fmt.Fprintf(stderr, "Imported %d stimuli (%d media files).\n", len(ns.Entities), len(stored))
	if len(ns.Comments) > 0 {
		fmt.Fprintf(stderr, "Imported %d seeded comments.\n", len(ns.Comments))
	}
	fmt.Fprintln(stdout, setName)
	return nil
}

// forgetStoredFiles removes, after a failed import, the files it copied into the media
// store that nothing has a record of (another set's file, or a hosted upload's, has one
// and stays). Whatever this misses, serve's sweep removes after the grace period.
func forgetStoredFiles(ctx context.Context, st *store.Store, ms *media.Store, stored []store.Media) {
	known, err := st.MediaNames(ctx)
	if err != nil {
		return
	}
	for _, m := range stored {
		if !known[m.Name] {
			_ = ms.Remove(m.Name)
		}
	}
}

// mediaBytes is how many bytes the set's files take (each file once).
func mediaBytes(dir string, set stimuli.Set) int64 {
	var n int64
	seen := map[string]bool{}
	for _, r := range set.Rows {
		if seen[r.Filename] {
			continue
		}
		seen[r.Filename] = true
		if info, err := os.Stat(filepath.Join(dir, r.Filename)); err == nil {
			n += info.Size()
		}
	}
	return n
}

// checkMediaFiles verifies, before anything is stored, that every row's file exists inside
// dir and is an accepted image or video.
func checkMediaFiles(dir string, set stimuli.Set) error {
	for _, r := range set.Rows {
		if !filepath.IsLocal(r.Filename) {
			return fmt.Errorf("line %d: filename %q must be a path inside %s", r.Line, r.Filename, dir)
		}
		path := filepath.Join(dir, r.Filename)
		if err := media.Check(path, maxMediaFile); err != nil {
			return fmt.Errorf("line %d: %w", r.Line, err)
		}
	}
	return nil
}
