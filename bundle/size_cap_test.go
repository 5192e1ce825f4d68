package bundle

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// declaredBundle builds a zip whose media entries declare each bytes decompressed while
// holding only a megabyte of raw deflate data: the sizes a bundle claims, without writing
// them.
func declaredBundle(t *testing.T, files int, each uint64) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	junk := make([]byte, 1<<20)
	rand.Read(junk)
	for i := range files {
		w, err := zw.CreateRaw(&zip.FileHeader{Name: fmt.Sprintf("media/%064x.png", i), Method: zip.Deflate,
			UncompressedSize64: each, CompressedSize64: uint64(len(junk))})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(junk)
	}
	w, _ := zw.Create("manifest.json")
	w.Write([]byte(`{"format":"feedlab-study-bundle/1"}`))
	zw.Close()
	return b.Bytes()
}

// TestBundleDeclaringMoreThanTheCapIsRefused: six media files declaring 500 MB each (3 GB,
// in a 6 MB zip) are refused on their declared sizes before a byte is decompressed; the
// message names the limit and the flag. Before, the total bound was 4 GiB and this bundle
// went on to be read.
func TestBundleDeclaringMoreThanTheCapIsRefused(t *testing.T) {
	z := declaredBundle(t, 6, 500<<20)
	dst := openData(t)
	_, err := importBundle(dst, z, "")
	if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "more than 2 GB") || !strings.Contains(err.Error(), "--bundle-max-size") {
		t.Fatalf("a 3 GB bundle: %v", err)
	}
	// The cap is what refused it: with a 4 GB cap the same zip gets past the sizes (and
	// fails later, on its manifest).
	if _, err := OpenLimit(bytes.NewReader(z), int64(len(z)), 4<<30); err == nil || strings.Contains(err.Error(), "add up to") {
		t.Fatalf("with a 4 GB cap: %v", err)
	}
	// A lower cap (serve --bundle-max-size 1GB) refuses a 1.5 GB bundle.
	z = declaredBundle(t, 3, 500<<20)
	if _, err := OpenLimit(bytes.NewReader(z), int64(len(z)), 1<<30); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "more than 1 GB") {
		t.Fatalf("1.5 GB under a 1 GB cap: %v", err)
	}
	entries, _ := os.ReadDir(filepath.Join(dst.dir, "media"))
	if len(entries) != 0 {
		t.Errorf("%d media files stored", len(entries))
	}
}

// TestBundleLyingAboutItsSizesIsRefused: a real bundle whose media entry declares 100
// bytes but inflates to 8 MB is stopped while reading (by the zip reader's own check and
// by the bundle's count of bytes read); nothing is stored.
func TestBundleLyingAboutItsSizesIsRefused(t *testing.T) {
	src := openData(t)
	good := writeBundle(t, src, source(t, src, "20260101_moved"))
	zr, err := zip.NewReader(bytes.NewReader(good), int64(len(good)))
	if err != nil {
		t.Fatal(err)
	}
	var big bytes.Buffer
	fw, _ := flate.NewWriter(&big, flate.BestCompression)
	fw.Write(pngOf(t, 10))
	fw.Write(make([]byte, 8<<20))
	fw.Close()
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	lied := false
	for _, f := range zr.File {
		if strings.HasPrefix(f.Name, "media/") && !lied {
			lied = true
			w, err := zw.CreateRaw(&zip.FileHeader{Name: f.Name, Method: zip.Deflate, UncompressedSize64: 100, CompressedSize64: uint64(big.Len())})
			if err != nil {
				t.Fatal(err)
			}
			w.Write(big.Bytes())
			continue
		}
		if err := zw.Copy(f); err != nil {
			t.Fatal(err)
		}
	}
	zw.Close()
	if !lied {
		t.Fatal("the bundle has no media")
	}
	for name, limit := range map[string]int64{"default cap": 0, "cap under the true size": 1 << 20} {
		dst := openData(t)
		b, err := OpenLimit(bytes.NewReader(out.Bytes()), int64(out.Len()), limit)
		if err == nil {
			_, err = Import(context.Background(), dst.st, dst.ms, b, "")
		}
		if !errors.Is(err, ErrInvalid) {
			t.Fatalf("%s: err = %v, want ErrInvalid", name, err)
		}
		entries, _ := os.ReadDir(filepath.Join(dst.dir, "media"))
		sets, _ := dst.st.ListEntitySets(context.Background())
		if len(entries) != 0 || len(sets) != 0 {
			t.Errorf("%s: stored %d media files, %d sets", name, len(entries), len(sets))
		}
		t.Logf("%s: %v", name, err)
	}
}

// TestBundleReadBudget: the count of bytes read stops a reader at the cap whatever the
// headers say (the zip reader's own size check is the first line; this is the second).
func TestBundleReadBudget(t *testing.T) {
	b := &Bundle{maxTotal: 1 << 20}
	read := &budget{left: b.maxTotal, over: b.overCap}
	n, err := io.Copy(io.Discard, read.reader(bytes.NewReader(make([]byte, 2<<20))))
	if !errors.Is(err, ErrInvalid) || n > 1<<20+32<<10 {
		t.Fatalf("read %d bytes, err %v", n, err)
	}
}
