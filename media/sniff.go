package media

import (
	"bytes"
	"encoding/binary"
	"net/http"
)

// sniffLen is how much of the content is examined. net/http looks at 512
// bytes; the Ogg check needs room for every stream's first page.
const sniffLen = 4096

// kinds maps each accepted content type to its canonical file extension.
var kinds = map[string]string{
	"image/png":  ".png",
	"image/jpeg": ".jpg",
	"image/gif":  ".gif",
	"image/webp": ".webp",
	"video/mp4":  ".mp4",
	"video/webm": ".webm",
	"video/ogg":  ".ogg",
}

// extTypes is kinds inverted.
var extTypes = func() map[string]string {
	m := make(map[string]string, len(kinds))
	for ct, ext := range kinds {
		m[ext] = ct
	}
	return m
}()

// sniff returns the content type of head, the start of a file. When the
// type is one the store accepts it is a key of kinds; otherwise it is a
// description of what was seen, for the error message.
//
// net/http's sniffer follows the WHATWG algorithm, which is enough for the
// images. For video it only looks at container magic, so three refinements
// are made: an EBML file is WebM only when its DocType says so (otherwise it
// is Matroska, which browsers do not reliably play); an ISO media file is MP4
// only when it carries an MP4 brand and no HEIF/AVIF image brand; an Ogg file
// counts as video only when one of its streams is Theora or VP8, so audio-only
// Ogg is refused. Audio-only MP4 cannot be told apart this early (the track
// list may sit at the end of the file), so it is accepted.
func sniff(head []byte) string {
	if len(head) == 0 {
		return "empty content"
	}
	if ct, ok := isoMedia(head); ok {
		return ct
	}
	ct := http.DetectContentType(head)
	switch ct {
	case "video/webm":
		if doc := ebmlDocType(head); doc != "webm" {
			if doc == "" {
				return "video/x-matroska (no DocType found)"
			}
			return "video/x-matroska (DocType " + doc + ")"
		}
	case "application/ogg":
		return oggKind(head)
	}
	return ct
}

// isoMedia recognises an ISO base media file (MP4 and relatives) by its
// leading ftyp box. ok is false when head does not start with one.
func isoMedia(head []byte) (ct string, ok bool) {
	if len(head) < 16 || !bytes.Equal(head[4:8], []byte("ftyp")) {
		return "", false
	}
	size := int(binary.BigEndian.Uint32(head[:4]))
	if size < 16 || size > len(head) || size%4 != 0 {
		return "", false
	}
	// The major brand, a minor version, then compatible brands.
	brands := [][]byte{head[8:12]}
	for i := 16; i+4 <= size; i += 4 {
		brands = append(brands, head[i:i+4])
	}
	video := false
	for _, b := range brands {
		switch string(b) {
		case "avif", "avis", "heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1":
			return "image/heif (ISO media with brand " + string(b) + ")", true
		case "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "avc1", "M4V ", "dash":
			video = true
		}
		if bytes.HasPrefix(b, []byte("mp4")) {
			video = true
		}
	}
	if !video {
		return "video/quicktime or other ISO media (brand " + string(head[8:12]) + ")", true
	}
	return "video/mp4", true
}

// ebmlDocType returns the DocType from the EBML header at the start of head,
// or "" when it cannot be read.
func ebmlDocType(head []byte) string {
	const (
		idEBML    = 0x1A45DFA3
		idDocType = 0x4282
	)
	p := 0
	id, n := ebmlID(head[p:])
	if n == 0 || id != idEBML {
		return ""
	}
	p += n
	size, n := ebmlSize(head[p:])
	if n == 0 {
		return ""
	}
	p += n
	end := len(head)
	if size < uint64(end-p) {
		end = p + int(size)
	}
	for p < end {
		id, n := ebmlID(head[p:end])
		if n == 0 {
			return ""
		}
		p += n
		size, n := ebmlSize(head[p:end])
		if n == 0 || size > uint64(end-p-n) {
			return ""
		}
		p += n
		if id == idDocType {
			return string(bytes.TrimRight(head[p:p+int(size)], "\x00"))
		}
		p += int(size)
	}
	return ""
}

// ebmlVint returns the length of the variable-size integer starting with b
// (1 to 8), or 0 when b cannot start one.
func ebmlVint(b byte) int {
	for i := range 8 {
		if b&(0x80>>i) != 0 {
			return i + 1
		}
	}
	return 0
}

// ebmlID reads an element ID, which keeps its length marker.
func ebmlID(b []byte) (id uint32, n int) {
	if len(b) == 0 {
		return 0, 0
	}
	n = ebmlVint(b[0])
	if n == 0 || n > 4 || n > len(b) {
		return 0, 0
	}
	for _, c := range b[:n] {
		id = id<<8 | uint32(c)
	}
	return id, n
}

// ebmlSize reads an element size, which drops its length marker. The
// reserved all-ones "unknown size" reads as a very large number.
func ebmlSize(b []byte) (size uint64, n int) {
	if len(b) == 0 {
		return 0, 0
	}
	n = ebmlVint(b[0])
	if n == 0 || n > len(b) {
		return 0, 0
	}
	size = uint64(b[0] & (0xFF >> n))
	for _, c := range b[1:n] {
		size = size<<8 | uint64(c)
	}
	return size, n
}

// oggKind walks the beginning-of-stream pages, which the Ogg format puts
// before any data page, and reports video/ogg when one of them starts a
// video stream.
func oggKind(head []byte) string {
	p := 0
	streams := 0
	for {
		if len(head)-p < 27 || !bytes.Equal(head[p:p+4], []byte("OggS")) || head[p+4] != 0 {
			break // truncated head or not a page: stop looking
		}
		const bos = 0x02
		if head[p+5]&bos == 0 {
			break // first data page: every stream has been announced
		}
		nseg := int(head[p+26])
		if len(head)-p < 27+nseg {
			break
		}
		body := 0
		for _, s := range head[p+27 : p+27+nseg] {
			body += int(s)
		}
		start := p + 27 + nseg
		packet := head[start:min(start+body, len(head))]
		streams++
		for _, sig := range [][]byte{[]byte("\x80theora"), []byte("OVP80")} {
			if bytes.HasPrefix(packet, sig) {
				return "video/ogg"
			}
		}
		p = start + body
	}
	if streams == 0 {
		return "application/ogg (no stream header found)"
	}
	return "audio/ogg (no video stream)"
}
