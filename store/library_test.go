package store

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// TestDeleteSetFreesOnlyWhatNothingHoldsOnTo: deleting a set frees the media records of
// files only it used, keeps a file another set uses and a file uploaded again after the set
// was made (an upload is about to claim it); a set a study uses is refused.
func TestDeleteSetFreesOnlyWhatNothingHoldsOnTo(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	at := time.UnixMilli(1_000_000)
	s.now = func() time.Time { return at }
	for _, m := range []string{"a.png", "b.png", "c.png", "d.png"} {
		if err := s.RecordUploadedMedia(ctx, Media{Name: m, ContentType: "image/png", Size: 1}); err != nil {
			t.Fatal(err)
		}
	}
	card := func(m string) NewEntity {
		return NewEntity{EntityURL: "/media/" + m, SourceURL: "https://x/" + m, Filename: m, RetrieveDate: "d", EntityType: "image"}
	}
	at = at.Add(time.Second)
	mk := func(name string, files ...string) {
		t.Helper()
		ns := NewSet{Name: name, Category: "news", Columns: []string{"source_url"}, StoredMedia: files}
		for _, f := range files {
			ns.Entities = append(ns.Entities, card(f))
		}
		if err := s.CreateEntitySet(ctx, ns, nil); err != nil {
			t.Fatal(err)
		}
	}
	mk("doomed", "a.png", "b.png", "c.png", "d.png")
	mk("other", "b.png")
	mk("used", "a.png")
	if _, err := s.CreateStudy(ctx, NewStudy{ExperimentID: "st", NConditions: 1, Params: []Param{
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"used","number_to_show":1}]`},
	}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DeleteEntitySet(ctx, "used", "ada"); !errors.Is(err, ErrInUse) {
		t.Fatalf("deleting a used set: %v", err)
	}
	if users, _ := s.SetUsers(ctx, "used"); !slices.Equal(users, []string{"st"}) {
		t.Fatalf("users %v", users)
	}
	at = at.Add(time.Second)
	if _, err := s.StoredMediaByHash(ctx, "c", at.UnixMilli()); err != nil { // "c" + "." finds c.png
		t.Fatal(err)
	}
	freed, err := s.DeleteEntitySet(ctx, "doomed", "ada")
	if err != nil {
		t.Fatal(err)
	}
	// a.png is used by "used", b.png by "other", c.png was uploaded again: only d.png goes.
	if !slices.Equal(freed, []string{"d.png"}) {
		t.Fatalf("freed %v", freed)
	}
	if err := s.CreateEntitySet(ctx, NewSet{Name: "late", Category: "news", StoredMedia: []string{"gone.png"}, Entities: []NewEntity{card("gone.png")}}, nil); err == nil {
		t.Fatal("a set with a file not stored was made")
	}
	if _, err := s.EntitySet(ctx, "late"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("half set: %v", err)
	}
	// Unused and older than the cut-off: c.png only.
	gone, err := s.ForgetUnusedMedia(ctx, at.UnixMilli()+1)
	if err != nil || !slices.Equal(gone, []string{"c.png"}) {
		t.Fatalf("forgot %v, %v", gone, err)
	}
	sets, _ := s.LibrarySets(ctx)
	if len(sets) != 2 || sets[0].CreatedAt < sets[1].CreatedAt {
		t.Fatalf("library %v", sets)
	}
}
