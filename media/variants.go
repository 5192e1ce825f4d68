package media

import (
	"bufio"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Image variants (issue 28): a phone on a slow connection waits for the first card's
// image, and a researcher's photo is often several megabytes, or a PNG several times the
// size of its JPEG. Each PNG or JPEG image therefore has smaller JPEG copies, one per
// width in variantWidths narrower than it (and, for a PNG no wider than the widest, one at
// its own width); the feed lists them in the <img>'s srcset and the browser takes the
// smallest that fills the card at the screen's pixel density.
//
// Variants are derived from the content, so they are named after it: the original's name
// and the width, in the variants directory. They are made after the original is stored
// (MakeVariants); until they exist the original is served in their place. GIFs may be
// animated and WebP has no decoder in the standard library: both are left as they are.

// variantWidths are the widths, in pixels, of the copies: a phone's card at 1× and 2×,
// and a desktop's 520-pixel card at 2×.
var variantWidths = []int{360, 720, 1080}

// variantQuality is the JPEG quality of a copy: no visible loss on a phone's screen.
const variantQuality = 80

// VariantWidths are the widths of the variants an image of content type ct and width w
// has, narrowest first; none for other types or an unknown width.
func VariantWidths(ct string, w int) []int {
	if w <= 0 || (ct != "image/png" && ct != "image/jpeg") {
		return nil
	}
	var out []int
	for _, v := range variantWidths {
		if v < w {
			out = append(out, v)
		}
	}
	if ct == "image/png" && w <= variantWidths[len(variantWidths)-1] {
		out = append(out, w)
	}
	return out
}

// Srcset is the srcset of a card's image at url (/media/<name>) of width w: each variant
// as url?w=<width>, then the original when it is wider than every variant. "" when the
// image has no variants (not one of ours, a GIF, a small JPEG, an unknown width).
func Srcset(url string, w int) string {
	name, ok := strings.CutPrefix(url, "/media/")
	if !ok || !validName(name) {
		return ""
	}
	widths := VariantWidths(ContentTypeOf(name), w)
	if len(widths) == 0 {
		return ""
	}
	var b strings.Builder
	for i, v := range widths {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s?w=%d %dw", url, v, v)
	}
	if widths[len(widths)-1] < w {
		fmt.Fprintf(&b, ", %s %dw", url, w)
	}
	return b.String()
}

// VariantPath is where the variant of stored image name at width w lives, whether or not
// it was made yet; ErrNotFound for a name the store could not have given out or a width
// that is no variant's.
func (s *Store) VariantPath(name string, w int) (string, error) {
	if !validName(name) || w <= 0 || w > maxDimension {
		return "", fmt.Errorf("media: variant of %q at %d: %w", name, w, ErrNotFound)
	}
	return filepath.Join(s.dir, "variants", name[:2], name+".w"+strconv.Itoa(w)+".jpg"), nil
}

// HasVariant tells whether the stored image name has a variant at width w (made or not).
func (s *Store) HasVariant(name string, w int) bool {
	width, _, err := s.ImageSize(name)
	if err != nil {
		return false
	}
	for _, v := range VariantWidths(ContentTypeOf(name), width) {
		if v == w {
			return true
		}
	}
	return false
}

// MakeVariants makes the missing variants of the stored image name; nothing for an image
// that has none. It decodes the image once and writes each copy as Put writes a file
// (temporary file, sync, rename), so a reader never sees a partial one.
func (s *Store) MakeVariants(name string) error {
	width, _, err := s.ImageSize(name)
	if err != nil {
		return err
	}
	var todo []int
	for _, w := range VariantWidths(ContentTypeOf(name), width) {
		p, err := s.VariantPath(name, w)
		if err != nil {
			return err
		}
		if _, err := os.Stat(p); err != nil {
			todo = append(todo, w)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	f, err := s.Open(name)
	if err != nil {
		return err
	}
	src, _, err := image.Decode(bufio.NewReader(f))
	f.Close()
	if err != nil {
		return fmt.Errorf("media: variants of %s: %w", name, err)
	}
	// One RGBA copy (the standard library's fast paths convert YCbCr and paletted images),
	// then each variant averages the source pixels under each of its own.
	b := src.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(rgba, rgba.Bounds(), src, b.Min, draw.Src)
	src = nil
	for _, w := range todo {
		h := max(1, (b.Dy()*w+b.Dx()/2)/b.Dx())
		if err := s.writeVariant(name, w, shrink(rgba, w, h)); err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) writeVariant(name string, w int, img image.Image) error {
	p, err := s.VariantPath(name, w)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("media: variant: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), tempPrefix)
	if err != nil {
		return fmt.Errorf("media: variant: %w", err)
	}
	defer os.Remove(tmp.Name()) // after the rename, a no-op
	bw := bufio.NewWriter(tmp)
	err = jpeg.Encode(bw, img, &jpeg.Options{Quality: variantQuality})
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), p)
	}
	if err != nil {
		return fmt.Errorf("media: variant of %s at %d: %w", name, w, err)
	}
	return nil
}

// shrink scales src down to w×h by averaging the source pixels each target pixel covers
// (a box filter: no aliasing when shrinking), over white where the source is transparent,
// since a JPEG has no transparency. src's pixels are premultiplied, so a pixel over white
// is its colour plus 255 minus its alpha.
func shrink(src *image.RGBA, w, h int) *image.RGBA {
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		y0, y1 := y*sh/h, max((y+1)*sh/h, y*sh/h+1)
		for x := range w {
			x0, x1 := x*sw/w, max((x+1)*sw/w, x*sw/w+1)
			var r, g, bl, n uint32
			for sy := y0; sy < y1; sy++ {
				row := src.Pix[sy*src.Stride+x0*4 : sy*src.Stride+x1*4]
				for i := 0; i < len(row); i += 4 {
					white := 255 - uint32(row[i+3])
					r += uint32(row[i]) + white
					g += uint32(row[i+1]) + white
					bl += uint32(row[i+2]) + white
					n++
				}
			}
			o := y*dst.Stride + x*4
			dst.Pix[o], dst.Pix[o+1], dst.Pix[o+2], dst.Pix[o+3] = uint8(r/n), uint8(g/n), uint8(bl/n), 255
		}
	}
	return dst
}
