package media

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"
)

func openStore(t *testing.T) (*Store, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "media")
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return s, dir
}

func hashName(data []byte, ext string) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]) + ext
}

// storedFiles lists every file under dir, relative to it.
func storedFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestPutAcceptedTypes(t *testing.T) {
	tests := []struct {
		name, ct, ext string
		data          []byte
		side          int // the images are 2 × 2 pixels; a video's size is not read
	}{
		{"png", "image/png", ".png", samplePNG(t), 2},
		{"jpeg", "image/jpeg", ".jpg", sampleJPEG(t), 2},
		{"gif", "image/gif", ".gif", sampleGIF(t), 2},
		{"webp", "image/webp", ".webp", sampleWebP(), 2},
		{"mp4", "video/mp4", ".mp4", ftyp("isom", "isom", "iso2", "avc1", "mp41"), 0},
		{"webm", "video/webm", ".webm", sampleEBML("webm"), 0},
		{"ogg", "video/ogg", ".ogg", sampleOgg(theoraHeader(), vorbisHeader()), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, dir := openStore(t)
			it, err := s.Put(bytes.NewReader(tt.data), 1<<20)
			if err != nil {
				t.Fatalf("Put: %v", err)
			}
			want := Item{Name: hashName(tt.data, tt.ext), ContentType: tt.ct, Size: int64(len(tt.data)), Width: tt.side, Height: tt.side}
			if it != want {
				t.Fatalf("Put = %+v, want %+v", it, want)
			}
			rel := it.Name[:2] + "/" + it.Name
			if got := storedFiles(t, dir); len(got) != 1 || got[0] != rel {
				t.Fatalf("files in store = %q, want just %q", got, rel)
			}
			p, err := s.Path(it.Name)
			if err != nil || p != filepath.Join(dir, it.Name[:2], it.Name) {
				t.Fatalf("Path = %q, %v", p, err)
			}
			got, err := os.ReadFile(p)
			if err != nil || !bytes.Equal(got, tt.data) {
				t.Fatalf("stored content differs (err %v)", err)
			}
			info, err := os.Stat(p)
			if err != nil || info.Mode().Perm() != 0o644 {
				t.Fatalf("stored file mode = %v, %v; want 0644", info.Mode(), err)
			}
			if ct := ContentTypeOf(it.Name); ct != tt.ct {
				t.Errorf("ContentTypeOf = %q, want %q", ct, tt.ct)
			}
		})
	}
}

func TestPutRefusesOtherTypes(t *testing.T) {
	tests := []struct {
		name     string
		data     []byte
		detected string
	}{
		{"text", []byte("just some words\n"), "detected text/plain; charset=utf-8"},
		{"html", []byte("<html><script>alert(1)</script></html>"), "detected text/html; charset=utf-8"},
		{"svg", []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script/></svg>`), "detected text/xml; charset=utf-8"},
		{"empty", nil, "detected empty content"},
		{"matroska", sampleEBML("matroska"), "detected video/x-matroska"},
		{"audio-only ogg", sampleOgg(vorbisHeader()), "detected audio/ogg"},
		{"quicktime", ftyp("qt  ", "qt  "), "detected video/quicktime"},
		{"pdf", []byte("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"), "detected application/pdf"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, dir := openStore(t)
			_, err := s.Put(bytes.NewReader(tt.data), 1<<20)
			if !errors.Is(err, ErrUnsupportedType) {
				t.Fatalf("Put error = %v, want ErrUnsupportedType", err)
			}
			want := "media: put: unsupported media type: " + tt.detected
			if !strings.HasPrefix(err.Error(), want) {
				t.Fatalf("Put error = %q, want it to start with %q", err, want)
			}
			if got := storedFiles(t, dir); len(got) != 0 {
				t.Fatalf("refused content left files: %q", got)
			}
		})
	}
}

func TestPutTwiceIsNoOp(t *testing.T) {
	s, dir := openStore(t)
	data := samplePNG(t)
	first, err := s.Put(bytes.NewReader(data), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := s.Path(first.Name)
	old := time.Now().Add(-48 * time.Hour).Truncate(time.Second)
	if err := os.Chtimes(p, old, old); err != nil {
		t.Fatal(err)
	}
	second, err := s.Put(bytes.NewReader(data), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if second != first {
		t.Fatalf("second Put = %+v, want %+v", second, first)
	}
	info, err := os.Stat(p)
	if err != nil || !info.ModTime().Equal(old) {
		t.Fatalf("existing file was rewritten (mtime %v, want %v; err %v)", info.ModTime(), old, err)
	}
	if got := storedFiles(t, dir); len(got) != 1 {
		t.Fatalf("files in store = %q, want one", got)
	}
}

func TestPutConcurrentSameContent(t *testing.T) {
	s, dir := openStore(t)
	data := sampleGIF(t)
	var wg sync.WaitGroup
	items := make([]Item, 8)
	errs := make([]error, 8)
	for i := range items {
		wg.Go(func() { items[i], errs[i] = s.Put(bytes.NewReader(data), 1<<20) })
	}
	wg.Wait()
	for i := range items {
		if errs[i] != nil || items[i] != items[0] {
			t.Fatalf("Put %d = %+v, %v; want %+v", i, items[i], errs[i], items[0])
		}
	}
	if got := storedFiles(t, dir); len(got) != 1 {
		t.Fatalf("files in store = %q, want one", got)
	}
}

func TestPutLimit(t *testing.T) {
	small := samplePNG(t) // shorter than the sniffed head
	big := append(ftyp("isom", "mp41"), bytes.Repeat([]byte{0}, 3*sniffLen)...)
	tests := []struct {
		name    string
		data    []byte
		limit   int64
		wantErr error
	}{
		{"small, exactly the limit", small, int64(len(small)), nil},
		{"small, one byte over", small, int64(len(small)) - 1, ErrTooLarge},
		{"big, exactly the limit", big, int64(len(big)), nil},
		{"big, one byte over", big, int64(len(big)) - 1, ErrTooLarge},
		{"big, far over", big, 100, ErrTooLarge},
		{"no limit to speak of", big, 1<<63 - 1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, dir := openStore(t)
			it, err := s.Put(bytes.NewReader(tt.data), tt.limit)
			if tt.wantErr == nil {
				if err != nil || it.Size != int64(len(tt.data)) {
					t.Fatalf("Put = %+v, %v", it, err)
				}
				return
			}
			if !errors.Is(err, tt.wantErr) || !strings.HasPrefix(err.Error(), "media: put: content too large") {
				t.Fatalf("Put error = %v, want %v", err, tt.wantErr)
			}
			if got := storedFiles(t, dir); len(got) != 0 {
				t.Fatalf("too-large content left files: %q", got)
			}
		})
	}
	s, _ := openStore(t)
	for _, limit := range []int64{0, -1} {
		if _, err := s.Put(bytes.NewReader(small), limit); err == nil || !strings.Contains(err.Error(), "limit must be positive") {
			t.Errorf("Put with limit %d: error = %v", limit, err)
		}
	}
}

func TestPutReaderError(t *testing.T) {
	s, dir := openStore(t)
	boom := errors.New("connection reset")
	for _, r := range []io.Reader{
		iotest.ErrReader(boom),
		io.MultiReader(bytes.NewReader(samplePNG(t)), bytes.NewReader(make([]byte, sniffLen)), iotest.ErrReader(boom)),
	} {
		_, err := s.Put(r, 1<<20)
		if !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "media: put: ") {
			t.Fatalf("Put error = %v, want the reader's error with context", err)
		}
	}
	if got := storedFiles(t, dir); len(got) != 0 {
		t.Fatalf("failed puts left files: %q", got)
	}
}

func TestPutFile(t *testing.T) {
	s, _ := openStore(t)
	src := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(src, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	jpg := sampleJPEG(t)
	// The name the researcher gave does not matter; the content does.
	p := write("photo.png", jpg)
	it, err := s.PutFile(p, 1<<20)
	if err != nil || it.Name != hashName(jpg, ".jpg") || it.ContentType != "image/jpeg" {
		t.Fatalf("PutFile = %+v, %v", it, err)
	}

	tests := []struct {
		name    string
		path    string
		limit   int64
		wantErr error
	}{
		{"missing file", filepath.Join(src, "nope.png"), 1 << 20, fs.ErrNotExist},
		{"too large", p, int64(len(jpg)) - 1, ErrTooLarge},
		{"html", write("page.png", []byte("<html></html>")), 1 << 20, ErrUnsupportedType},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.PutFile(tt.path, tt.limit)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("PutFile error = %v, want %v", err, tt.wantErr)
			}
			if !strings.HasPrefix(err.Error(), "media: put "+tt.path+": ") {
				t.Fatalf("PutFile error %q does not name the file", err)
			}
		})
	}
}

func TestPathAndOpen(t *testing.T) {
	s, dir := openStore(t)
	data := samplePNG(t)
	it, err := s.Put(bytes.NewReader(data), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	f, err := s.Open(it.Name)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	got, _ := io.ReadAll(f)
	f.Close()
	if !bytes.Equal(got, data) {
		t.Fatal("Open read different content")
	}

	// A file planted outside the fan-out must stay out of reach.
	if err := os.WriteFile(filepath.Join(dir, "..", "secret.png"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	h := strings.TrimSuffix(it.Name, ".png")
	absent := strings.Repeat("0", 64) + ".png"
	for _, name := range []string{
		absent,                      // valid, not stored
		h + ".jpg",                  // stored hash, other extension
		"",                          // empty
		".png",                      // no hash
		"../secret.png",             // escape
		"../../etc/passwd",          // escape
		h[:2] + "/" + it.Name,       // the relative path, not the name
		strings.ToUpper(h) + ".png", // upper-case hex
		h[:63] + ".png",             // short hash
		h + "0.png",                 // long hash
		h + ".PNG",                  // upper-case extension
		h + ".jpeg",                 // non-canonical extension
		h + ".svg",                  // refused type
		h + ".png/",                 // trailing slash
		h + ".png\x00",              // NUL
		"g" + h[1:] + ".png",        // non-hex
		h,                           // no extension
	} {
		if _, err := s.Path(name); !errors.Is(err, ErrNotFound) {
			t.Errorf("Path(%q) error = %v, want ErrNotFound", name, err)
		}
		if f, err := s.Open(name); !errors.Is(err, ErrNotFound) {
			if f != nil {
				f.Close()
			}
			t.Errorf("Open(%q) error = %v, want ErrNotFound", name, err)
		}
	}
}

func TestContentTypeOf(t *testing.T) {
	h := strings.Repeat("ab", 32)
	for name, want := range map[string]string{
		h + ".png":  "image/png",
		h + ".jpg":  "image/jpeg",
		h + ".gif":  "image/gif",
		h + ".webp": "image/webp",
		h + ".mp4":  "video/mp4",
		h + ".webm": "video/webm",
		h + ".ogg":  "video/ogg",
		h + ".jpeg": "",
		h + ".txt":  "",
		"x.png":     "",
		"":          "",
	} {
		if got := ContentTypeOf(name); got != want {
			t.Errorf("ContentTypeOf(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestOpenStore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	if _, err := Open(dir); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(dir)
	if err != nil || !info.IsDir() || info.Mode().Perm()&0o700 != 0o700 {
		t.Fatalf("store dir: %v, %v", info, err)
	}

	// Leftovers of an interrupted Put: a stale one goes, a fresh one stays.
	stale := filepath.Join(dir, tempPrefix+"stale")
	fresh := filepath.Join(dir, tempPrefix+"fresh")
	other := filepath.Join(dir, "notes.txt")
	for _, p := range []string{stale, fresh, other} {
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-2 * staleAfter)
	if err := os.Chtimes(stale, old, old); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("stale temporary file kept: %v", err)
	}
	for _, p := range []string{fresh, other} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s removed: %v", filepath.Base(p), err)
		}
	}

	// A path that cannot be a directory.
	if _, err := Open(other); err == nil || !strings.HasPrefix(err.Error(), "media: open: ") {
		t.Errorf("Open on a file: error = %v", err)
	}
}
