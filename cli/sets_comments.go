package cli

import (
	"fmt"
	"os"
	"path/filepath"

	"feedlab/media"
	"feedlab/stimuli"
	"feedlab/store"
)

// readComments parses a set's seeded comments and checks, before anything is stored, that
// each avatar is a URL or (with --media) an image file inside mediaDir.
func readComments(path string, set stimuli.Set, mediaDir string) ([]stimuli.Comment, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	comments, err := stimuli.ParseComments(f, set.Filenames())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for _, c := range comments {
		if c.Avatar == "" || c.AvatarIsURL() {
			continue
		}
		if mediaDir == "" {
			return nil, fmt.Errorf("%s: comments line %d: avatar %q is a file name; give --media with the directory holding it, or an https:// URL; nothing was stored", path, c.Line, c.Avatar)
		}
		if !filepath.IsLocal(c.Avatar) {
			return nil, fmt.Errorf("%s: comments line %d: avatar %q must be a path inside %s; nothing was stored", path, c.Line, c.Avatar, mediaDir)
		}
		if err := media.Check(filepath.Join(mediaDir, c.Avatar), maxMediaFile); err != nil {
			return nil, fmt.Errorf("%s: comments line %d: avatar: %w; nothing was stored", path, c.Line, err)
		}
	}
	return comments, nil
}

// storedComments turns parsed comments into the store's, putting each avatar file into the
// media store through put (an avatar that is already a URL is kept as it is).
func storedComments(comments []stimuli.Comment, put func(stimuli.Comment) (string, error)) ([]store.NewComment, error) {
	out := make([]store.NewComment, len(comments))
	for i, c := range comments {
		avatar := c.Avatar
		if avatar != "" && !c.AvatarIsURL() {
			var err error
			if avatar, err = put(c); err != nil {
				return nil, err
			}
		}
		out[i] = store.NewComment{ID: c.ID, Filename: c.Filename, Author: c.Author, Text: c.Text, AvatarURL: avatar,
			Likes: c.Likes, Time: c.Time, ReplyTo: c.ReplyTo, Tag: c.Tag}
	}
	return out, nil
}
