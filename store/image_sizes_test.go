package store

import (
	"context"
	"errors"
	"testing"
)

// A card takes the size of the stored image it shows, whether the image came with the set
// or was uploaded before it (the hosted upload); a card pointing elsewhere has none, and an
// image recorded again fills in a size its first record lacked.
func TestCardsTakeTheirImageSizes(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	uploaded := Media{Name: "aa" + hex62("1") + ".png", ContentType: "image/png", Size: 10, Width: 1200, Height: 628}
	if err := s.RecordUploadedMedia(ctx, uploaded); err != nil {
		t.Fatal(err)
	}
	// Stored before sizes were read (width 0 means unknown), then stored again with one.
	late := Media{Name: "bb" + hex62("2") + ".jpg", ContentType: "image/jpeg", Size: 10}
	if err := s.RecordUploadedMedia(ctx, late); err != nil {
		t.Fatal(err)
	}
	late.Width, late.Height = 640, 1136
	withSet := Media{Name: "cc" + hex62("3") + ".gif", ContentType: "image/gif", Size: 10, Width: 7, Height: 3}
	set := NewSet{
		Name: "sized", Category: "news", Columns: []string{"headline"},
		StoredMedia: []string{uploaded.Name},
		Entities: []NewEntity{
			{EntityURL: "/media/" + uploaded.Name, EntityType: "image"},
			{EntityURL: "/media/" + late.Name, EntityType: "image"},
			{EntityURL: "/media/" + withSet.Name, EntityType: "image"},
			{EntityURL: "https://example.org/elsewhere.png", EntityType: "image"},
		},
	}
	if err := s.CreateEntitySet(ctx, set, []Media{late, withSet}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Entities(ctx, "sized")
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]int64{{1200, 628}, {640, 1136}, {7, 3}, {0, 0}}
	for i, e := range got {
		w, h := e.Width.Int64, e.Height.Int64
		if e.Width.Valid != (want[i][0] != 0) || w != want[i][0] || h != want[i][1] {
			t.Errorf("card %d (%s): size %v × %v, want %v", i+1, e.EntityUrl, e.Width, e.Height, want[i])
		}
	}
	// A refused set changes nothing (it names an image that is not stored).
	bad := NewSet{Name: "missing", Category: "news", StoredMedia: []string{"dd" + hex62("4") + ".png"}, Entities: set.Entities[:1]}
	var missing *MediaMissingError
	if err := s.CreateEntitySet(ctx, bad, nil); !errors.As(err, &missing) {
		t.Fatalf("CreateEntitySet with a missing image: %v", err)
	}
}

// hex62 pads a digit to the 62 hex characters that follow a stored name's first two.
func hex62(d string) string {
	out := ""
	for len(out) < 62 {
		out += d
	}
	return out
}
