package media

import (
	"bufio"
	"encoding/binary"
	"image"
	_ "image/gif" // registers GIF with image.DecodeConfig
	_ "image/jpeg"
	_ "image/png"
	"io"
)

// maxDimension bounds a believable image side; a header claiming more is treated as
// unknown rather than stored (it would only distort the feed's layout).
const maxDimension = 1 << 16

// ImageSize is the width and height in pixels of the stored image name, read from its
// header; 0, 0 when it is not an image or its header cannot be read.
func (s *Store) ImageSize(name string) (width, height int, err error) {
	f, err := s.Open(name)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	w, h := imageSize(f, ContentTypeOf(name))
	return w, h, nil
}

// imageSize reads the width and height in pixels from the header of an image of content
// type ct: image.DecodeConfig for PNG, JPEG and GIF, webpSize for WebP (the standard
// library has no WebP decoder, and its header is simple enough to read here). It returns
// 0, 0 for a video or a header it cannot read: the file is still stored, only its size is
// unknown, and the feed lays the card out when the image arrives, as before.
func imageSize(r io.Reader, ct string) (width, height int) {
	var w, h int
	switch ct {
	case "image/png", "image/jpeg", "image/gif":
		cfg, _, err := image.DecodeConfig(bufio.NewReader(r))
		if err != nil {
			return 0, 0
		}
		w, h = cfg.Width, cfg.Height
	case "image/webp":
		head := make([]byte, 30)
		n, _ := io.ReadFull(r, head)
		w, h = webpSize(head[:n])
	}
	if w <= 0 || h <= 0 || w > maxDimension || h > maxDimension {
		return 0, 0
	}
	return w, h
}

// webpSize reads a WebP file's canvas size from its first 30 bytes (25 for VP8L) (RIFF header and the
// first chunk): VP8X (extended) stores width-1 and height-1 in 24 bits each; VP8L
// (lossless) packs width-1 and height-1 in 14 bits each after its signature byte; VP8
// (lossy) stores 14-bit width and height after its frame tag and start code.
func webpSize(head []byte) (width, height int) {
	if len(head) < 25 || string(head[0:4]) != "RIFF" || string(head[8:12]) != "WEBP" {
		return 0, 0
	}
	chunk := head[20:]
	kind := string(head[12:16])
	if kind != "VP8L" && len(chunk) < 10 {
		return 0, 0
	}
	switch kind {
	case "VP8X":
		w := int(chunk[4]) | int(chunk[5])<<8 | int(chunk[6])<<16
		h := int(chunk[7]) | int(chunk[8])<<8 | int(chunk[9])<<16
		return w + 1, h + 1
	case "VP8L":
		if chunk[0] != 0x2f {
			return 0, 0
		}
		bits := binary.LittleEndian.Uint32(chunk[1:5])
		return int(bits&0x3fff) + 1, int(bits>>14&0x3fff) + 1
	case "VP8 ":
		if chunk[3] != 0x9d || chunk[4] != 0x01 || chunk[5] != 0x2a {
			return 0, 0
		}
		return int(binary.LittleEndian.Uint16(chunk[6:8]) & 0x3fff), int(binary.LittleEndian.Uint16(chunk[8:10]) & 0x3fff)
	}
	return 0, 0
}
