package store

import (
	"context"
	"testing"
	"time"
)

// TestMediaCountsOncePerUploader: a file counts to each researcher who uploaded it, once
// however often; files from the command line count to no one; a file whose record is
// forgotten (an abandoned upload swept away) no longer counts.
func TestMediaCountsOncePerUploader(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	ada, err := s.CreateResearcher(ctx, "ada", "x")
	if err != nil {
		t.Fatal(err)
	}
	grace, err := s.CreateResearcher(ctx, "grace", "x")
	if err != nil {
		t.Fatal(err)
	}
	up := func(name string, size, who int64) {
		t.Helper()
		if err := s.RecordMediaUpload(ctx, Media{Name: name, ContentType: "image/png", Size: size}, who); err != nil {
			t.Fatal(err)
		}
	}
	up("a.png", 100, ada.ID)
	up("a.png", 100, ada.ID) // the same file again
	up("b.png", 30, ada.ID)
	up("a.png", 100, grace.ID)
	up("cli.png", 1000, 0)
	if err := s.CountMediaTo(ctx, []string{"cli.png"}, grace.ID); err != nil {
		t.Fatal(err)
	}
	bytes := func(id int64) int64 {
		n, err := s.MediaBytesOf(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if a, g := bytes(ada.ID), bytes(grace.ID); a != 130 || g != 1100 {
		t.Fatalf("ada %d (want 130), grace %d (want 1100)", a, g)
	}
	if has, _ := s.HasUploaded(ctx, ada.ID, "a.png"); !has {
		t.Error("ada's a.png is not hers")
	}
	if has, _ := s.HasUploaded(ctx, grace.ID, "b.png"); has {
		t.Error("grace has ada's b.png")
	}
	gone, err := s.ForgetUnusedMedia(ctx, time.Now().Add(time.Hour).UnixMilli())
	if err != nil || len(gone) != 3 {
		t.Fatalf("forget: %v %v", gone, err)
	}
	if a := bytes(ada.ID); a != 0 {
		t.Errorf("forgotten files still count %d bytes", a)
	}
}
