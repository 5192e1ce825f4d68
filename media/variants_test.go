package media

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

// TestVariantsOfALargeImage: a researcher's large PNG gets a JPEG copy at each card width
// narrower than it, each smaller than the original, of the right size, transparent parts
// over white; the srcset lists them; removing the original removes them.
func TestVariantsOfALargeImage(t *testing.T) {
	t.Parallel()
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	const w, h = 1600, 900
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	rnd := rand.New(rand.NewPCG(1, 2))
	for y := range h {
		for x := range w {
			// A gradient with grain, which PNG compresses as poorly as a photo.
			grain := uint8(rnd.IntN(24))
			img.SetNRGBA(x, y, color.NRGBA{uint8(x*200/w) + grain, uint8(y*200/h) + grain, 120 + grain, 255})
		}
	}
	for y := range 100 { // a transparent top band
		for x := range w {
			img.SetNRGBA(x, y, color.NRGBA{0, 0, 0, 0})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	item, err := s.Put(&buf, 1<<26)
	if err != nil {
		t.Fatal(err)
	}
	if got := VariantWidths(item.ContentType, w); !slices.Equal(got, []int{360, 720, 1080}) {
		t.Fatalf("variant widths %v", got)
	}
	if s.HasVariant(item.Name, 480) || !s.HasVariant(item.Name, 720) {
		t.Fatal("HasVariant does not follow VariantWidths")
	}
	if err := s.MakeVariants(item.Name); err != nil {
		t.Fatal(err)
	}
	for _, vw := range []int{360, 720, 1080} {
		p, err := s.VariantPath(item.Name, vw)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatalf("variant %d: %v", vw, err)
		}
		if int64(len(raw)) >= item.Size {
			t.Errorf("variant %d is %d bytes, the original %d", vw, len(raw), item.Size)
		}
		v, err := jpeg.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("variant %d: %v", vw, err)
		}
		if b := v.Bounds(); b.Dx() != vw || b.Dy() != (vw*h+w/2)/w {
			t.Errorf("variant %d is %v", vw, b)
		}
		if r, g, b, _ := v.At(vw/2, 2).RGBA(); r>>8 < 240 || g>>8 < 240 || b>>8 < 240 {
			t.Errorf("variant %d: a transparent pixel became %d,%d,%d, want white", vw, r>>8, g>>8, b>>8)
		}
	}
	url := "/media/" + item.Name
	want := url + "?w=360 360w, " + url + "?w=720 720w, " + url + "?w=1080 1080w, " + url + " 1600w"
	if got := Srcset(url, w); got != want {
		t.Fatalf("srcset %q, want %q", got, want)
	}
	if got := Srcset("https://example.org/x.png", w); got != "" {
		t.Fatalf("an outside image got a srcset: %q", got)
	}
	if err := s.Remove(item.Name); err != nil {
		t.Fatal(err)
	}
	p, _ := s.VariantPath(item.Name, 720)
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Fatalf("a removed image's variant is still there: %v", err)
	}
}

// TestSmallPNGHasAJPEGAtItsOwnWidth: a card-sized PNG (the demo's) gets a JPEG at its own
// width, so a phone at 2× is not sent the PNG; a small JPEG or a GIF gets nothing.
func TestSmallPNGHasAJPEGAtItsOwnWidth(t *testing.T) {
	t.Parallel()
	if got := VariantWidths("image/png", 480); !slices.Equal(got, []int{360, 480}) {
		t.Fatalf("480-pixel PNG: %v", got)
	}
	if got := Srcset("/media/"+sampleName(".png"), 480); got == "" || bytes.Contains([]byte(got), []byte(" 480w, ")) {
		t.Fatalf("srcset %q: want the 360 and 480 copies and not the original", got)
	}
	if got := VariantWidths("image/jpeg", 300); got != nil {
		t.Fatalf("small JPEG: %v", got)
	}
	if got := VariantWidths("image/gif", 2000); got != nil {
		t.Fatalf("GIF: %v", got)
	}
}

func sampleName(ext string) string {
	return "3f" + string(bytes.Repeat([]byte("a"), 62)) + ext
}
