package api

import (
	"strings"

	"feedlab/media"
	"feedlab/stimuli"
	"feedlab/store"
)

// ingestComments parses the seeded comments pasted with an uploaded set, under the rules of
// 'sets import --comments', and resolves each avatar: a URL is kept, a file name must be one
// the hosted upload sent (avatars maps it to the stored file). It returns the comments and
// the stored files they show, which the store checks are still there.
func (s *Server) ingestComments(set stimuli.Set, text string, avatars map[string]string) ([]store.NewComment, []string, error) {
	if strings.TrimSpace(text) == "" {
		if len(avatars) > 0 {
			return nil, nil, badRequest("Avatar files were sent but no comments.")
		}
		return nil, nil, nil
	}
	comments, err := stimuli.ParseComments(strings.NewReader(text), set.Filenames())
	if err != nil {
		return nil, nil, stimuliProblem(err)
	}
	var stored []string
	out := make([]store.NewComment, len(comments))
	for i, c := range comments {
		avatar := c.Avatar
		if avatar != "" && !c.AvatarIsURL() {
			name, ok := avatars[avatar]
			if !ok {
				return nil, nil, badRequest("Comments row %d: no file was uploaded for avatar %q; upload it with the set or give an https:// URL.", c.Line, truncate(avatar, 200))
			}
			if !strings.HasPrefix(media.ContentTypeOf(name), "image/") {
				return nil, nil, badRequest("Comments row %d: %q is not the name of a stored image (for avatar %s).", c.Line, truncate(name, 100), truncate(avatar, 200))
			}
			if _, err := s.media.Path(name); err != nil {
				return nil, nil, mediaNotStored(name)
			}
			stored = append(stored, name)
			avatar = "/media/" + name
		}
		out[i] = store.NewComment{ID: c.ID, Filename: c.Filename, Author: c.Author, Text: c.Text, AvatarURL: avatar,
			Likes: c.Likes, Time: c.Time, ReplyTo: c.ReplyTo, Tag: c.Tag}
	}
	return out, stored, nil
}
