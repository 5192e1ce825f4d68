// Package media keeps the images and videos of stimulus sets on disk, named
// by their content, so the appliance can serve them itself.
//
// A file's name is the lowercase hex SHA-256 of its bytes plus the canonical
// extension of its type ("3f…9a.png"); it lives in a subdirectory named after
// the first two hex digits, so no directory grows past a few thousand
// entries. Storing the same bytes twice yields the same name and writes
// nothing. Files are written to a temporary file, synced and renamed into
// place, so a reader never sees a partial file, even after a crash.
//
// Only PNG, JPEG, GIF and WebP images and MP4, WebM and Ogg video are
// accepted, judged by content rather than by the name the researcher gave.
// Serve files with the ContentType of their Item (or ContentTypeOf) and the
// header X-Content-Type-Options: nosniff, so a browser never reinterprets
// one as a page.
package media

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// Errors callers check with errors.Is. They are always returned wrapped,
// with context in front.
var (
	// ErrNotFound: no stored file has the name, or the name is not one the
	// store could have given out.
	ErrNotFound = errors.New("not found")
	// ErrUnsupportedType: the content is not an accepted image or video.
	ErrUnsupportedType = errors.New("unsupported media type")
	// ErrTooLarge: the content is longer than the limit passed to Put.
	ErrTooLarge = errors.New("content too large")
	// ErrHashMismatch: the content's SHA-256 is not the one the sender announced.
	ErrHashMismatch = errors.New("content does not match its SHA-256")
)

// tempPrefix marks files being written; Open removes stale ones left behind
// by a crash. A stored name never starts with it.
const tempPrefix = ".put-"

// staleAfter is how old a temporary file must be before Open removes it, so
// a store opened twice in one process does not delete a write in progress.
const staleAfter = time.Hour

// Store is a directory of content-addressed media files. It is safe for
// concurrent use, including by several processes sharing the directory.
type Store struct {
	dir string
}

// Item describes a stored file.
type Item struct {
	// Name is the file's stored name: hex SHA-256 plus extension.
	Name string
	// ContentType is the media type detected from the content, one of
	// image/png, image/jpeg, image/gif, image/webp, video/mp4, video/webm
	// and video/ogg.
	ContentType string
	// Size is the length of the content in bytes.
	Size int64
	// Width and Height are an image's size in pixels, read from its header; 0 for a
	// video or when the header cannot be read.
	Width, Height int
}

// Open opens the store in dir, creating the directory (mode 0755) if needed.
// It removes temporary files left by an interrupted Put more than an hour
// ago.
func Open(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("media: open: %w", err)
	}
	s := &Store{dir: filepath.Clean(dir)}
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return nil, fmt.Errorf("media: open: %w", err)
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), tempPrefix) {
			continue
		}
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > staleAfter {
			os.Remove(filepath.Join(s.dir, e.Name())) // best effort; retried on next Open
		}
	}
	return s, nil
}

// Put stores the content read from r and describes it. It reads at most
// limit bytes: longer content fails with ErrTooLarge and is not stored. The
// type is detected from the content; anything other than the accepted image
// and video types fails with ErrUnsupportedType, before anything is written.
// Storing content that is already present returns the same Item and leaves
// the existing file alone.
func (s *Store) Put(r io.Reader, limit int64) (Item, error) {
	it, err := s.put(r, limit, "")
	if err != nil {
		return Item{}, fmt.Errorf("media: put: %w", err)
	}
	return it, nil
}

// PutFile stores the file at path, as Put does; errors name the file.
func (s *Store) PutFile(path string, limit int64) (Item, error) {
	f, err := os.Open(path)
	if err != nil {
		return Item{}, fmt.Errorf("media: put %s: %w", path, err)
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && limit > 0 && info.Size() > limit {
		return Item{}, fmt.Errorf("media: put %s: %w: %d bytes, limit %d", path, ErrTooLarge, info.Size(), limit)
	}
	it, err := s.put(f, limit, "")
	if err != nil {
		return Item{}, fmt.Errorf("media: put %s: %w", path, err)
	}
	return it, nil
}

// PutExpect stores the content read from r as Put does, but only when its SHA-256 is sum
// (lowercase hex): otherwise it fails with ErrHashMismatch and nothing is stored. The
// content streams through a temporary file, so its size never costs memory.
func (s *Store) PutExpect(r io.Reader, limit int64, sum string) (Item, error) {
	if len(sum) != sha256.Size*2 || !validName(sum+".png") {
		return Item{}, fmt.Errorf("media: put: %w: %q is not a SHA-256", ErrHashMismatch, sum)
	}
	it, err := s.put(r, limit, sum)
	if err != nil {
		return Item{}, fmt.Errorf("media: put: %w", err)
	}
	return it, nil
}

// Remove deletes the stored file name; a name with no file is not an error.
func (s *Store) Remove(name string) error {
	if !validName(name) {
		return fmt.Errorf("media: remove %q: %w", name, ErrNotFound)
	}
	if err := os.Remove(s.file(name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("media: remove %s: %w", name, err)
	}
	// Its variants go with it (the name is checked, so the pattern holds no wildcard).
	copies, _ := filepath.Glob(filepath.Join(s.dir, "variants", name[:2], name+".w*.jpg"))
	for _, c := range copies {
		if err := os.Remove(c); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("media: remove %s: %w", name, err)
		}
	}
	return nil
}

// Files calls fn with the name and modification time of every stored file.
func (s *Store) Files(fn func(name string, modified time.Time)) error {
	subs, err := os.ReadDir(s.dir)
	if err != nil {
		return fmt.Errorf("media: list: %w", err)
	}
	for _, sub := range subs {
		if !sub.IsDir() || len(sub.Name()) != 2 {
			continue
		}
		entries, err := os.ReadDir(filepath.Join(s.dir, sub.Name()))
		if err != nil {
			return fmt.Errorf("media: list: %w", err)
		}
		for _, e := range entries {
			if !validName(e.Name()) {
				continue
			}
			if info, err := e.Info(); err == nil {
				fn(e.Name(), info.ModTime())
			}
		}
	}
	return nil
}

func (s *Store) put(r io.Reader, limit int64, expect string) (Item, error) {
	if limit <= 0 {
		return Item{}, fmt.Errorf("limit must be positive, got %d", limit)
	}
	// Read one byte past the limit to tell "exactly limit" from "more".
	over := limit
	if over < math.MaxInt64 {
		over++
	}
	lr := &io.LimitedReader{R: r, N: over}
	head := make([]byte, min(sniffLen, over))
	n, err := io.ReadFull(lr, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return Item{}, fmt.Errorf("read: %w", err)
	}
	head = head[:n]
	if int64(n) > limit {
		return Item{}, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)
	}
	ct := sniff(head)
	ext, ok := kinds[ct]
	if !ok {
		return Item{}, fmt.Errorf("%w: detected %s", ErrUnsupportedType, ct)
	}

	tmp, err := os.CreateTemp(s.dir, tempPrefix+"*")
	if err != nil {
		return Item{}, err
	}
	committed := false
	defer func() {
		if !committed {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	h := sha256.New()
	size, err := io.Copy(io.MultiWriter(tmp, h), io.MultiReader(bytes.NewReader(head), lr))
	if err != nil {
		return Item{}, fmt.Errorf("write: %w", err)
	}
	if size > limit {
		return Item{}, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)
	}
	sum := hex.EncodeToString(h.Sum(nil))
	if expect != "" && sum != expect {
		return Item{}, fmt.Errorf("%w: announced %s, received %s", ErrHashMismatch, expect, sum)
	}
	it := Item{Name: sum + ext, ContentType: ct, Size: size}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return Item{}, fmt.Errorf("rewind: %w", err)
	}
	it.Width, it.Height = imageSize(tmp, ct)
	final := s.file(it.Name)

	if _, err := os.Stat(final); err == nil {
		return it, nil // same bytes already stored
	}
	if err := tmp.Chmod(0o644); err != nil {
		return Item{}, err
	}
	if err := tmp.Sync(); err != nil {
		return Item{}, err
	}
	if err := tmp.Close(); err != nil {
		return Item{}, err
	}
	sub := filepath.Dir(final)
	_, statErr := os.Stat(sub)
	if err := os.Mkdir(sub, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return Item{}, err
	}
	if err := os.Rename(tmp.Name(), final); err != nil {
		return Item{}, err
	}
	committed = true
	if err := syncDir(sub); err != nil {
		return Item{}, err
	}
	// The rename also removed the temporary name from the top directory,
	// which holds the new subdirectory's entry too when it was just made.
	if statErr != nil {
		if err := syncDir(s.dir); err != nil {
			return Item{}, err
		}
	}
	return it, nil
}

// Path returns the location on disk of the stored file name. A name the
// store could not have given out, such as one with a slash, fails with
// ErrNotFound, as does a valid name with no file.
func (s *Store) Path(name string) (string, error) {
	if !validName(name) {
		return "", fmt.Errorf("media: path %q: %w", name, ErrNotFound)
	}
	p := s.file(name)
	if _, err := os.Stat(p); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("media: path %q: %w", name, ErrNotFound)
		}
		return "", fmt.Errorf("media: path %q: %w", name, err)
	}
	return p, nil
}

// Open opens the stored file name for reading; names are checked as in
// Path. The caller closes the file.
func (s *Store) Open(name string) (*os.File, error) {
	if !validName(name) {
		return nil, fmt.Errorf("media: open %q: %w", name, ErrNotFound)
	}
	f, err := os.Open(s.file(name))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("media: open %q: %w", name, ErrNotFound)
		}
		return nil, fmt.Errorf("media: open %q: %w", name, err)
	}
	return f, nil
}

// ContentTypeOf returns the content type for a stored name, judged by its
// extension, or "" when name is not a valid stored name. It does not look
// at the disk.
func ContentTypeOf(name string) string {
	if !validName(name) {
		return ""
	}
	return extTypes[filepath.Ext(name)]
}

// file is the on-disk path of a valid name.
func (s *Store) file(name string) string {
	return filepath.Join(s.dir, name[:2], name)
}

// validName reports whether name is 64 lowercase hex digits followed by an
// accepted extension. Nothing else can reach the file system.
func validName(name string) bool {
	const hexLen = sha256.Size * 2
	if len(name) <= hexLen {
		return false
	}
	for i := range hexLen {
		c := name[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	_, ok := extTypes[name[hexLen:]]
	return ok
}

// syncDir makes a directory's entries durable. Windows cannot sync a
// directory and does not need to.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	if err := d.Sync(); err != nil {
		d.Close()
		return err
	}
	return d.Close()
}
