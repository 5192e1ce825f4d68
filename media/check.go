package media

import (
	"fmt"
	"io"
	"os"
)

// Check reports, without storing anything, whether the file at path would be accepted by
// PutFile: it exists, is a regular file within limit bytes, and is an accepted image or
// video. Errors name the file and what was found, so an import can be refused before any
// of it is stored.
func Check(path string, limit int64) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("media: %w", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return fmt.Errorf("media: %w", err)
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("media: %s is not a regular file", path)
	}
	if info.Size() > limit {
		return fmt.Errorf("media: %s: %w: %d bytes, limit %d", path, ErrTooLarge, info.Size(), limit)
	}
	head := make([]byte, sniffLen)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return fmt.Errorf("media: read %s: %w", path, err)
	}
	ct := sniff(head[:n])
	if _, ok := kinds[ct]; !ok {
		return fmt.Errorf("media: %s: %w: detected %s (accepted: PNG, JPEG, GIF, WebP images; MP4, WebM, Ogg video)", path, ErrUnsupportedType, ct)
	}
	return nil
}
