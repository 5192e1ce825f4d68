package cli

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"testing"

	"feedlab/store"
)

// Images recorded before their sizes were read (as every file stored before migration
// 0012) get them when serve starts, and so do the cards showing them; a record whose file
// is gone is left as it is.
func TestFillImageSizesGivesOldImagesTheirSize(t *testing.T) {
	ctx := context.Background()
	st, ms, err := openData(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 9, 4))); err != nil {
		t.Fatal(err)
	}
	item, err := ms.Put(&buf, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	gone := "ee" + string(bytes.Repeat([]byte("5"), 62)) + ".png"
	old := []store.Media{
		{Name: item.Name, ContentType: item.ContentType, Size: item.Size}, // no size: an old record
		{Name: gone, ContentType: "image/png", Size: 10},
	}
	set := store.NewSet{Name: "old", Category: "news", Entities: []store.NewEntity{
		{EntityURL: "/media/" + item.Name, EntityType: "image"},
		{EntityURL: "/media/" + gone, EntityType: "image"},
	}}
	if err := st.CreateEntitySet(ctx, set, old); err != nil {
		t.Fatal(err)
	}
	if before, _ := st.Entities(ctx, "old"); before[0].Width.Valid {
		t.Fatalf("the old record has a size already: %+v", before[0])
	}
	for range 2 { // the second start finds nothing to do
		if err := fillImageSizes(ctx, st, ms); err != nil {
			t.Fatal(err)
		}
	}
	after, err := st.Entities(ctx, "old")
	if err != nil {
		t.Fatal(err)
	}
	if after[0].Width.Int64 != 9 || after[0].Height.Int64 != 4 {
		t.Errorf("card of the stored image: %v × %v, want 9 × 4", after[0].Width, after[0].Height)
	}
	if after[1].Width.Valid {
		t.Errorf("card of a missing file got a size: %v", after[1].Width)
	}
	left, err := st.MediaWithoutSize(ctx)
	if err != nil || len(left) != 1 || left[0].Name != gone {
		t.Fatalf("media without size after filling = %+v, %v", left, err)
	}
}
