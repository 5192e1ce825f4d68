package store

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// TestSeededCommentsAreStoredWithTheSetAndHoldTheirAvatars: a set's comments come back in
// the file's order; an avatar file is in use while its set exists (the media sweep keeps
// it) and freed with the set, whose comments go with it.
func TestSeededCommentsAreStoredWithTheSetAndHoldTheirAvatars(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	at := time.UnixMilli(1_000_000)
	s.now = func() time.Time { return at }
	for _, m := range []string{"card.png", "face.png"} {
		if err := s.RecordUploadedMedia(ctx, Media{Name: m, ContentType: "image/png", Size: 1}); err != nil {
			t.Fatal(err)
		}
	}
	at = at.Add(time.Second)
	want := []NewComment{
		{ID: "c1", Filename: "card.png", Author: "Dana", Text: "This is false.", AvatarURL: "/media/face.png", Likes: 12, Time: "2h", Tag: "correction"},
		{ID: "c0", Filename: "card.png", Author: "Lee", Text: "Oh.", ReplyTo: "c1"},
	}
	ns := NewSet{Name: "s", Category: "news", Columns: []string{"source_url"}, StoredMedia: []string{"card.png", "face.png"},
		Entities: []NewEntity{{EntityURL: "/media/card.png", SourceURL: "https://x/", Filename: "card.png", RetrieveDate: "d", EntityType: "image"}},
		Comments: want}
	if err := s.CreateEntitySet(ctx, ns, nil); err != nil {
		t.Fatal(err)
	}
	got, err := s.EntityComments(ctx, "s")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("%d comments", len(got))
	}
	for i, c := range got {
		w := want[i]
		back := NewComment{ID: c.CommentID, Filename: c.Filename, Author: c.Author, Text: c.Text, AvatarURL: c.AvatarUrl, Likes: c.Likes, Time: c.TimeLabel, ReplyTo: c.ReplyTo, Tag: c.Tag}
		if back != w || c.Position != int64(i+1) {
			t.Errorf("comment %d stored as %+v, want %+v", i+1, c, w)
		}
	}
	gone, err := s.ForgetUnusedMedia(ctx, at.UnixMilli()+1)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(gone, "face.png") {
		t.Fatal("the sweep forgot an avatar a set's comment shows")
	}
	freed, err := s.DeleteEntitySet(ctx, "s", "ada")
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(freed)
	if !slices.Equal(freed, []string{"card.png", "face.png"}) {
		t.Errorf("deleting the set freed %v, want its card and avatar", freed)
	}
	if got, err := s.EntityComments(ctx, "s"); err != nil || len(got) != 0 {
		t.Errorf("comments of a deleted set: %v, %v", got, err)
	}
	// The same name can be stored again with other comments (none left behind collide).
	if err := s.CreateEntitySet(ctx, NewSet{Name: "s", Category: "news", Columns: []string{"source_url"},
		Entities: []NewEntity{{EntityURL: "https://x/i.png", SourceURL: "https://x/", Filename: "card.png", RetrieveDate: "d", EntityType: "image"}},
		Comments: want[:1]}, nil); errors.Is(err, ErrConflict) || err != nil {
		t.Fatalf("storing the name again: %v", err)
	}
}
