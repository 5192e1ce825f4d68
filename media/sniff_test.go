package media

import (
	"strings"
	"testing"
)

func TestSniff(t *testing.T) {
	skeleton := append([]byte("fishead\x00"), make([]byte, 56)...)
	vp8 := append([]byte("OVP80\x01\x01\x00"), make([]byte, 18)...)
	tests := []struct {
		name string
		data []byte
		want string // content type, or a substring of what is reported
	}{
		{"png", samplePNG(t), "image/png"},
		{"jpeg", sampleJPEG(t), "image/jpeg"},
		{"gif", sampleGIF(t), "image/gif"},
		{"webp", sampleWebP(), "image/webp"},
		{"mp4 isom", ftyp("isom", "isom", "iso2", "avc1", "mp41"), "video/mp4"},
		{"mp4 mp42", ftyp("mp42", "mp42", "mp41"), "video/mp4"},
		{"mp4 brand only among compatible ones", ftyp("XAVC", "XAVC", "mp42"), "video/mp4"},
		{"m4v", ftyp("M4V ", "M4V ", "M4A "), "video/mp4"},
		{"webm", sampleEBML("webm"), "video/webm"},
		{"ogg theora", sampleOgg(theoraHeader(), vorbisHeader()), "video/ogg"},
		{"ogg theora after skeleton and vorbis", sampleOgg(skeleton, vorbisHeader(), theoraHeader()), "video/ogg"},
		{"ogg vp8", sampleOgg(vp8), "video/ogg"},

		{"empty", nil, "empty content"},
		{"plain text", []byte("source_url\tfilename\n"), "text/plain"},
		{"html", []byte("<!DOCTYPE html><html><body>hi</body></html>"), "text/html"},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>`), "text/"},
		{"svg with prolog", []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>`), "text/xml"},
		{"pdf", []byte("%PDF-1.7\n"), "application/pdf"},
		{"zip", []byte("PK\x03\x04\x14\x00\x00\x00"), "application/zip"},
		{"bmp", []byte("BM\x3a\x00\x00\x00\x00\x00"), "image/bmp"},
		{"mp3", []byte("ID3\x04\x00\x00\x00\x00\x00\x00"), "audio/mpeg"},
		{"avi", riff("AVI ", []byte("LIST\x00\x00\x00\x00")), "video/avi"},
		{"wav", riff("WAVE", []byte("fmt \x10\x00\x00\x00")), "audio/wave"},
		{"matroska", sampleEBML("matroska"), "video/x-matroska (DocType matroska)"},
		{"ebml without doc type", sampleEBML(""), "video/x-matroska (no DocType found)"},
		{"quicktime", ftyp("qt  ", "qt  "), "video/quicktime"},
		{"avif", ftyp("avif", "avif", "mif1", "miaf"), "image/heif"},
		{"heic with mp4-ish brand", ftyp("heic", "mif1", "heic", "isom"), "image/heif"},
		{"ogg vorbis only", sampleOgg(vorbisHeader()), "audio/ogg (no video stream)"},
		{"ogg without stream start", oggPage(0x00, 1, theoraHeader()), "application/ogg (no stream header found)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := sniff(tt.data)
			if _, accepted := kinds[tt.want]; accepted {
				if got != tt.want {
					t.Fatalf("sniff = %q, want %q", got, tt.want)
				}
				return
			}
			if _, accepted := kinds[got]; accepted || !strings.Contains(got, tt.want) {
				t.Fatalf("sniff = %q, want a refused type containing %q", got, tt.want)
			}
		})
	}
}

func TestEBMLDocTypeTruncated(t *testing.T) {
	full := sampleEBML("webm")
	for n := range len(full) {
		if got := ebmlDocType(full[:n]); got != "" && got != "webm" {
			t.Fatalf("ebmlDocType(first %d bytes) = %q", n, got)
		}
	}
}

func FuzzSniff(f *testing.F) {
	f.Add(sampleEBML("webm"))
	f.Add(sampleOgg(theoraHeader()))
	f.Add(ftyp("isom", "mp41"))
	f.Add(sampleWebP())
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > sniffLen {
			data = data[:sniffLen]
		}
		ct := sniff(data)
		if ct == "" {
			t.Fatalf("sniff(%q) gave no description", data)
		}
	})
}
