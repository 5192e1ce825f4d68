package media

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"testing"
)

// wideImage is 7 × 3 pixels, so a swapped width and height shows.
func wideImage() image.Image {
	img := image.NewRGBA(image.Rect(0, 0, 7, 3))
	img.Set(6, 2, color.RGBA{G: 255, A: 255})
	return img
}

// webpVP8X is an extended WebP header for a canvas of w × h.
func webpVP8X(w, h int) []byte {
	chunk := []byte("VP8X")
	chunk = binary.LittleEndian.AppendUint32(chunk, 10)
	chunk = append(chunk, 0, 0, 0, 0)
	chunk = append(chunk, byte(w-1), byte((w-1)>>8), byte((w-1)>>16), byte(h-1), byte((h-1)>>8), byte((h-1)>>16))
	return riff("WEBP", chunk)
}

// webpVP8L is a lossless WebP header for w × h (14 bits each, minus one).
func webpVP8L(w, h int) []byte {
	chunk := []byte("VP8L")
	chunk = binary.LittleEndian.AppendUint32(chunk, 5)
	chunk = append(chunk, 0x2f)
	chunk = binary.LittleEndian.AppendUint32(chunk, uint32(w-1)|uint32(h-1)<<14)
	return riff("WEBP", append(chunk, 0))
}

// webpVP8 is a lossy WebP header (key frame tag, start code, 14-bit sizes) for w × h.
func webpVP8(w, h int) []byte {
	chunk := []byte("VP8 ")
	chunk = binary.LittleEndian.AppendUint32(chunk, 10)
	chunk = append(chunk, 0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a)
	chunk = binary.LittleEndian.AppendUint16(chunk, uint16(w))
	chunk = binary.LittleEndian.AppendUint16(chunk, uint16(h))
	return riff("WEBP", chunk)
}

// Each stored image gets its width and height from its own header, whatever its format;
// the same bytes stored again report them too.
func TestPutReadsImageSize(t *testing.T) {
	encode := func(enc func(*bytes.Buffer) error) []byte {
		var b bytes.Buffer
		if err := enc(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	tests := []struct {
		name string
		data []byte
		w, h int
	}{
		{"png", encode(func(b *bytes.Buffer) error { return png.Encode(b, wideImage()) }), 7, 3},
		{"jpeg", encode(func(b *bytes.Buffer) error { return jpeg.Encode(b, wideImage(), nil) }), 7, 3},
		{"gif", encode(func(b *bytes.Buffer) error { return gif.Encode(b, wideImage(), nil) }), 7, 3},
		{"webp extended", webpVP8X(1200, 628), 1200, 628},
		{"webp lossless", webpVP8L(640, 1136), 640, 1136},
		{"webp lossy", webpVP8(1080, 720), 1080, 720},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := openStore(t)
			for range 2 {
				it, err := s.Put(bytes.NewReader(tt.data), 1<<20)
				if err != nil {
					t.Fatalf("Put: %v", err)
				}
				if it.Width != tt.w || it.Height != tt.h {
					t.Fatalf("Put size = %d × %d, want %d × %d", it.Width, it.Height, tt.w, tt.h)
				}
			}
		})
	}
}

// An image whose header says nothing believable is still stored, with its size unknown.
func TestPutUnreadableImageSizeIsUnknown(t *testing.T) {
	good := samplePNG(t)
	broken := append(append([]byte{}, good[:16]...), bytes.Repeat([]byte{0xff}, 40)...)
	s, _ := openStore(t)
	it, err := s.Put(bytes.NewReader(broken), 1<<20)
	if err != nil {
		t.Fatalf("Put: %v", err)
	}
	if it.ContentType != "image/png" || it.Width != 0 || it.Height != 0 {
		t.Fatalf("Put = %+v, want a PNG of unknown size", it)
	}
	if w, h := webpSize(webpVP8X(1<<20, 10)); w <= maxDimension {
		t.Fatalf("webpSize of a 2^20-wide canvas = %d × %d", w, h)
	}
	if w, h := imageSize(bytes.NewReader(webpVP8X(1<<20, 10)), "image/webp"); w != 0 || h != 0 {
		t.Fatalf("imageSize kept an unbelievable size %d × %d", w, h)
	}
}

// FuzzImageSize: any header yields a believable size or none, never a panic.
func FuzzImageSize(f *testing.F) {
	f.Add(webpVP8X(1200, 628), "image/webp")
	f.Add(webpVP8L(640, 1136), "image/webp")
	f.Add(webpVP8(1080, 720), "image/webp")
	f.Add(samplePNG(f), "image/png")
	f.Add(sampleJPEG(f), "image/jpeg")
	f.Add(sampleGIF(f), "image/gif")
	f.Fuzz(func(t *testing.T, data []byte, ct string) {
		w, h := imageSize(bytes.NewReader(data), ct)
		if (w == 0) != (h == 0) || w < 0 || h < 0 || w > maxDimension || h > maxDimension {
			t.Fatalf("imageSize = %d × %d", w, h)
		}
	})
}
