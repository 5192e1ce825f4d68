package api

import (
	"archive/zip"
	"bytes"
	"crypto/rand"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"feedlab/demo"
	"feedlab/diskspace"
)

// fileOf is an accepted PNG of exactly size bytes, different for each seed.
func fileOf(seed, size int) []byte {
	b := pngBytes(seed)
	return append(b, make([]byte, size-len(b))...)
}

// chunked hides a body's length, as a browser streaming a file may.
type chunked struct{ io.Reader }

// leftovers lists what an upload left in the media directory: stored files and
// temporary files.
func leftovers(t *testing.T, e *testEnv) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(filepath.Join(filepath.Dir(e.store.Path()), "media"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, filepath.Base(p))
		}
		return nil
	})
	return out
}

func message(r response) string {
	if e, ok := r.json["error"].(map[string]any); ok {
		return e["message"].(string)
	}
	return ""
}

// TestUploadsAreRefusedBelowTheFloor: with the disk below its floor, hosted media (with and
// without a hash), a stimulus set and a bundle import are each refused with 507 disk_low
// and a message saying what to do; nothing is stored and no temporary file stays.
func TestUploadsAreRefusedBelowTheFloor(t *testing.T) {
	e := newEnvWith(t, func(c *Config) { c.Disk = lowDisk(t) })
	c := e.researcher()
	before := leftovers(t, e)
	zipped := e.call(c, http.MethodGet, "/v1/studies/"+demo.ExperimentID+"/bundle.zip", nil, "")
	if zipped.status != 200 {
		t.Fatalf("bundle: %d", zipped.status)
	}
	studies, _ := e.store.VisibleStudies(t.Context(), 0)
	file := fileOf(1, 4096)
	for name, r := range map[string]response{
		"PUT media":     e.putMedia(c, sumOf(file), bytes.NewReader(file), "a.png"),
		"POST media":    e.putMedia(c, "", chunked{bytes.NewReader(file)}, "a.png"),
		"stimulus set":  e.hostedSet(c, "lowdisk", nil, "a.png"),
		"bundle import": e.call(c, http.MethodPost, "/v1/import_study", string(zipped.body), "application/zip"),
	} {
		if r.status != http.StatusInsufficientStorage || errorCode(r) != codeDiskLow || !strings.Contains(message(r), "Free disk space") || !strings.Contains(message(r), "was not stored") {
			t.Errorf("%s on a low disk: %d %s", name, r.status, r.body)
		}
	}
	if after := leftovers(t, e); len(after) != len(before) {
		t.Errorf("files left in the media store: %d before, %d after", len(before), len(after))
	}
	if after, _ := e.store.VisibleStudies(t.Context(), 0); len(after) != len(studies) {
		t.Error("the import made a study on a low disk")
	}
	if sets, _ := e.store.ListEntitySets(t.Context()); len(sets) != 1 {
		t.Errorf("%d sets, want only the built-in one", len(sets))
	}
}

// TestUploadThatWouldCrossTheFloorIsRefused: above the floor, a file that would take the
// disk below it is refused, whether its length is announced (refused before it is read)
// or not (refused when the body runs past the room left); nothing is kept, and a small
// file still fits. The floor is set 8 MB under the free space just before each upload;
// other processes on a shared machine writing meanwhile make the disk low instead, and
// that attempt is repeated.
func TestUploadThatWouldCrossTheFloorIsRefused(t *testing.T) {
	e := newEnv(t)
	c := e.researcher()
	before := leftovers(t, e)
	dir := filepath.Dir(e.store.Path())
	big := fileOf(2, 16<<20)
	small := fileOf(3, 4096)
	try := func(name string, send func() response, status int, says string) {
		t.Helper()
		for attempt := 0; ; attempt++ {
			free := diskspace.New(dir, diskspace.Floor{Bytes: 1}).Fresh().Free
			e.srv = e.sameStore(func(c *Config) { c.Disk = diskspace.New(dir, diskspace.Floor{Bytes: free - 8<<20}) })
			r := send()
			if errorCode(r) == codeDiskLow && strings.Contains(message(r), "nearly full") && attempt < 5 {
				continue // the machine wrote 8 MB meanwhile
			}
			if r.status != status || (says != "" && !strings.Contains(message(r), says)) {
				t.Errorf("%s: %d %s", name, r.status, r.body)
			}
			t.Logf("%s: %d %s", name, r.status, message(r))
			return
		}
	}
	try("announced", func() response { return e.putMedia(c, sumOf(big), bytes.NewReader(big), "big.png") }, http.StatusInsufficientStorage, "it is 16 MB and would take the appliance's disk below")
	try("streamed", func() response { return e.putMedia(c, "", chunked{bytes.NewReader(big)}, "big.png") }, http.StatusInsufficientStorage, "it would take the appliance's disk below")
	if after := leftovers(t, e); len(after) != len(before) {
		t.Errorf("files left in the media store: %v", after)
	}
	try("small", func() response { return e.putMedia(c, sumOf(small), bytes.NewReader(small), "small.png") }, 200, "")
}

// TestMediaQuotaPerResearcher: a researcher's uploads stop at the quota with 413
// media_quota saying the quota, what is used and the flag to raise it; nothing is stored.
// A file sent again counts once; another researcher has a quota of their own; a bundle
// whose media would pass the quota is refused too.
func TestMediaQuotaPerResearcher(t *testing.T) {
	e := newEnvWith(t, func(c *Config) { c.MediaQuota = 10 << 10 })
	ada := e.researcher()
	a, b, third := fileOf(10, 4<<10), fileOf(11, 4<<10), fileOf(12, 4<<10)
	for _, f := range [][]byte{a, b, a} { // a twice: counted once
		if r := e.putMedia(ada, sumOf(f), bytes.NewReader(f), "f.png"); r.status != 200 {
			t.Fatalf("within the quota: %d %s", r.status, r.body)
		}
	}
	before := leftovers(t, e)
	for name, r := range map[string]response{
		"announced": e.putMedia(ada, sumOf(third), bytes.NewReader(third), "third.png"),
		"streamed":  e.putMedia(ada, "", chunked{bytes.NewReader(third)}, "third.png"),
	} {
		msg := message(r)
		if r.status != http.StatusRequestEntityTooLarge || errorCode(r) != codeMediaQuota ||
			!strings.Contains(msg, "8 KB of your 10 KB quota") || !strings.Contains(msg, "--media-quota") {
			t.Errorf("%s past the quota: %d %s", name, r.status, r.body)
		}
	}
	if after := leftovers(t, e); len(after) != len(before) {
		t.Errorf("a refused upload left files: %d → %d", len(before), len(after))
	}
	grace := e.signIn("grace")
	if r := e.putMedia(grace, sumOf(third), bytes.NewReader(third), "third.png"); r.status != 200 {
		t.Errorf("another researcher's quota: %d %s", r.status, r.body)
	}
	// The demo study's bundle holds 24 images, far more than 2 KB left.
	zipped := e.call(ada, http.MethodGet, "/v1/studies/"+demo.ExperimentID+"/bundle.zip", nil, "")
	if r := e.call(ada, http.MethodPost, "/v1/import_study", string(zipped.body), "application/zip"); r.status != http.StatusRequestEntityTooLarge || errorCode(r) != codeMediaQuota {
		t.Errorf("a bundle past the quota: %d %s", r.status, r.body)
	}
}

// TestUploadedBundleOverTheCapIsRefused: a bundle declaring 3 GB of files (a 6 MB upload)
// is refused with the cap in the message, and a server with a lower --bundle-max-size
// applies its own.
func TestUploadedBundleOverTheCapIsRefused(t *testing.T) {
	var z bytes.Buffer
	zw := zip.NewWriter(&z)
	junk := make([]byte, 1<<20)
	rand.Read(junk)
	for i := range 6 {
		w, _ := zw.CreateRaw(&zip.FileHeader{Name: fmt.Sprintf("media/%064x.png", i), Method: zip.Deflate, UncompressedSize64: 500 << 20, CompressedSize64: uint64(len(junk))})
		w.Write(junk)
	}
	zw.Close()
	e := newEnv(t)
	c := e.researcher()
	r := e.call(c, http.MethodPost, "/v1/import_study", z.String(), "application/zip")
	if r.status != 400 || !strings.Contains(message(r), "more than 2 GB") || !strings.Contains(message(r), "nothing was imported") {
		t.Fatalf("3 GB declared: %d %s", r.status, r.body)
	}
	small := newEnvWith(t, func(cfg *Config) { cfg.BundleMaxBytes = 1 << 20 })
	r = small.call(small.researcher(), http.MethodPost, "/v1/import_study", z.String(), "application/zip")
	if r.status != 400 || !strings.Contains(message(r), "more than 1 MB") || !strings.Contains(message(r), "--bundle-max-size") {
		t.Fatalf("a 6 MB upload under a 1 MB cap: %d %s", r.status, r.body)
	}
}
