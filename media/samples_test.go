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

// Tiny real files, made here so the tests carry no binary fixtures.

func testImage() image.Image {
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.RGBA{R: 255, A: 255})
	img.Set(1, 1, color.RGBA{B: 255, A: 255})
	return img
}

func samplePNG(t testing.TB) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, testImage()); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func sampleJPEG(t testing.TB) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, testImage(), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func sampleGIF(t testing.TB) []byte {
	var b bytes.Buffer
	if err := gif.Encode(&b, testImage(), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// riff builds a RIFF file of the given form type.
func riff(form string, chunk []byte) []byte {
	body := append([]byte(form), chunk...)
	out := []byte("RIFF")
	out = binary.LittleEndian.AppendUint32(out, uint32(len(body)))
	return append(out, body...)
}

// sampleWebP is a lossless WebP header with a stub bitstream.
func sampleWebP() []byte {
	chunk := []byte("VP8L")
	chunk = binary.LittleEndian.AppendUint32(chunk, 5)
	chunk = append(chunk, 0x2f, 0x01, 0x40, 0x00, 0x00, 0x00)
	return riff("WEBP", chunk)
}

// ftyp builds an ISO media file: an ftyp box with the brands, then an empty
// mdat box.
func ftyp(major string, compat ...string) []byte {
	body := []byte(major)
	body = binary.BigEndian.AppendUint32(body, 0x200)
	for _, c := range compat {
		body = append(body, c...)
	}
	out := binary.BigEndian.AppendUint32(nil, uint32(8+len(body)))
	out = append(out, "ftyp"...)
	out = append(out, body...)
	return append(out, 0, 0, 0, 8, 'm', 'd', 'a', 't')
}

// ebml builds one EBML element with a one-byte size.
func ebml(id []byte, data ...byte) []byte {
	out := append([]byte{}, id...)
	out = append(out, 0x80|byte(len(data)))
	return append(out, data...)
}

// sampleEBML is an EBML header with the given DocType, then a Segment start.
func sampleEBML(docType string) []byte {
	var children []byte
	children = append(children, ebml([]byte{0x42, 0x86}, 1)...) // EBMLVersion
	children = append(children, ebml([]byte{0x42, 0xF7}, 1)...) // EBMLReadVersion
	children = append(children, ebml([]byte{0x42, 0xF2}, 4)...) // EBMLMaxIDLength
	children = append(children, ebml([]byte{0x42, 0xF3}, 8)...) // EBMLMaxSizeLength
	if docType != "" {
		children = append(children, ebml([]byte{0x42, 0x82}, []byte(docType)...)...)
	}
	children = append(children, ebml([]byte{0x42, 0x87}, 4)...) // DocTypeVersion
	head := ebml([]byte{0x1A, 0x45, 0xDF, 0xA3}, children...)
	return append(head, 0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF)
}

// oggPage builds one Ogg page holding one packet (shorter than 255 bytes).
func oggPage(flags byte, serial uint32, packet []byte) []byte {
	p := []byte("OggS\x00")
	p = append(p, flags)
	p = append(p, make([]byte, 8)...) // granule position
	p = binary.LittleEndian.AppendUint32(p, serial)
	p = append(p, 0, 0, 0, 0) // page sequence
	p = append(p, 0, 0, 0, 0) // checksum, not checked by the sniffer
	p = append(p, 1, byte(len(packet)))
	return append(p, packet...)
}

func theoraHeader() []byte {
	return append([]byte("\x80theora\x03\x02\x01"), make([]byte, 32)...)
}

func vorbisHeader() []byte {
	return append([]byte("\x01vorbis"), make([]byte, 23)...)
}

// sampleOgg builds an Ogg file whose streams start with the given header
// packets, followed by one data page.
func sampleOgg(headers ...[]byte) []byte {
	var out []byte
	for i, h := range headers {
		out = append(out, oggPage(0x02, uint32(i+1), h)...)
	}
	return append(out, oggPage(0x00, 1, []byte("\x81theora comments"))...)
}
