package bundle

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"feedlab/media"
	"feedlab/params"
	"feedlab/store"
	"feedlab/study"
)

type data struct {
	dir string
	st  *store.Store
	ms  *media.Store
}

func openData(t *testing.T) data {
	t.Helper()
	dir := t.TempDir()
	st, err := store.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ms, err := media.Open(filepath.Join(dir, "media"))
	if err != nil {
		t.Fatal(err)
	}
	return data{dir, st, ms}
}

func pngOf(t *testing.T, shade uint8) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	img.Set(1, 1, color.RGBA{shade, 0, 0, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// source holds a study with two conditions over a set with media (two cards share one
// image) and a set of external links, and returns its id.
func source(t *testing.T, d data, setName string) string {
	t.Helper()
	ctx := context.Background()
	var names []string
	for _, shade := range []uint8{10, 20} {
		item, err := d.ms.Put(bytes.NewReader(pngOf(t, shade)), 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, item.Name)
		if err := d.st.CreateEntitySet(ctx, store.NewSet{Name: "tmp_" + fmt.Sprint(shade), Category: "news", Columns: []string{"source_url", "filename", "retrieve_date", "entity_type"},
			Entities: []store.NewEntity{{EntityURL: "/media/" + item.Name, SourceURL: "https://e.org", Filename: "a.png", RetrieveDate: "2026", EntityType: "image"}}},
			[]store.Media{{Name: item.Name, ContentType: item.ContentType, Size: item.Size}}); err != nil {
			t.Fatal(err)
		}
	}
	set := store.NewSet{Name: setName, Category: "news", Columns: []string{"source_url", "filename", "retrieve_date", "entity_type", "headline", "topic"}}
	for i, n := range []string{names[0], names[1], names[0]} {
		set.Entities = append(set.Entities, store.NewEntity{EntityURL: "/media/" + n, SourceURL: fmt.Sprintf("https://e.org/%d", i), Filename: fmt.Sprintf("f%d.png", i),
			RetrieveDate: "2026-01-01", EntityType: "image", Headline: fmt.Sprintf("Headline %d, with \"quotes\" & 100%%", i), Covariates: map[string]string{"topic": "t" + fmt.Sprint(i)}})
	}
	if err := d.st.CreateEntitySet(ctx, set, nil); err != nil {
		t.Fatal(err)
	}
	csv, err := os.ReadFile("../cli/testdata/params.csv")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := params.ParseCSV(strings.NewReader(strings.ReplaceAll(string(csv), "@SET@", setName)))
	if err != nil {
		t.Fatal(err)
	}
	id, err := study.Create(ctx, d.st, rows, "")
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func writeBundle(t *testing.T, d data, id string) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(context.Background(), d.st, d.ms, &b, id, "test-1"); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func importBundle(d data, zipped []byte, owner string) (Result, error) {
	b, err := OpenLimit(bytes.NewReader(zipped), int64(len(zipped)), 0)
	if err != nil {
		return Result{}, err
	}
	return Import(context.Background(), d.st, d.ms, b, owner)
}

// snapshot is what must survive a move: the study's rows, its sets (as TSV) and the
// hashes of the media files they serve.
func snapshot(t *testing.T, d data, id string) (string, []string, []string) {
	t.Helper()
	ctx := context.Background()
	ps, err := d.st.StudyParams(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var rows strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&rows, "%d|%s|%s\n", p.Condition, p.Param, p.Value)
	}
	var sets, hashes []string
	for _, name := range []string{"20260101_moved"} {
		set, err := d.st.EntitySet(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		var tsv bytes.Buffer
		_, used, err := writeSetTSV(ctx, d.st, &tsv, set)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, set.EntityCategory+"|"+strings.Join(set.Columns, ",")+"\n"+tsv.String())
		for _, u := range used {
			f, err := d.ms.Open(u)
			if err != nil {
				t.Fatal(err)
			}
			h := sha256.New()
			io.Copy(h, f)
			f.Close()
			hashes = append(hashes, u+"="+hex.EncodeToString(h.Sum(nil)))
		}
	}
	return rows.String(), sets, hashes
}

func TestExportImportRecreatesTheStudyOnAFreshAppliance(t *testing.T) {
	src := openData(t)
	id := source(t, src, "20260101_moved")
	zipped := writeBundle(t, src, id)

	dst := openData(t)
	res, err := importBundle(dst, zipped, "")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.SetsCreated, []string{"20260101_moved"}) || res.MediaFiles != 2 || res.ExperimentID == "" {
		t.Fatalf("result %+v", res)
	}
	r1, s1, h1 := snapshot(t, src, id)
	r2, s2, h2 := snapshot(t, dst, res.ExperimentID)
	if r1 != r2 {
		t.Errorf("parameters differ:\n%s\nvs\n%s", r1, r2)
	}
	if !slices.Equal(s1, s2) || !slices.Equal(h1, h2) || len(h1) != 2 {
		t.Errorf("sets or media differ:\n%q\n%q\n%q\n%q", s1, s2, h1, h2)
	}
	// The bundle holds the codebooks and says which feedlab wrote it.
	b, _ := OpenLimit(bytes.NewReader(zipped), int64(len(zipped)), 0)
	if b.Manifest.FeedlabVersion != "test-1" || b.files["codebooks/exposures.md"] == nil || b.files["codebooks/user_form.md"] == nil {
		t.Errorf("manifest %+v", b.Manifest)
	}

	// A second import reuses the identical set and makes a second study.
	again, err := importBundle(dst, zipped, "")
	if err != nil || !slices.Equal(again.SetsReused, []string{"20260101_moved"}) || len(again.SetsCreated) != 0 || again.ExperimentID == res.ExperimentID {
		t.Fatalf("second import: %+v, %v", again, err)
	}
}

func TestADifferentSetWithTheSameNameStopsTheImport(t *testing.T) {
	src := openData(t)
	zipped := writeBundle(t, src, source(t, src, "20260101_moved"))
	dst := openData(t)
	ctx := context.Background()
	if err := dst.st.CreateEntitySet(ctx, store.NewSet{Name: "20260101_moved", Category: "news", Columns: []string{"source_url", "filename", "retrieve_date", "entity_type"},
		Entities: []store.NewEntity{{EntityURL: "https://x.org/a.png", SourceURL: "https://x.org", Filename: "a.png", RetrieveDate: "2026", EntityType: "image"}}}, nil); err != nil {
		t.Fatal(err)
	}
	before, _ := dst.st.VisibleStudies(ctx, 0)
	_, err := importBundle(dst, zipped, "")
	if !errors.Is(err, ErrSetConflict) || !strings.Contains(err.Error(), "nothing was imported") {
		t.Fatalf("err = %v", err)
	}
	after, _ := dst.st.VisibleStudies(ctx, 0)
	if len(after) != len(before) {
		t.Errorf("a study was created despite the conflict")
	}
}

// zipOf builds a zip from name → content pairs.
func zipOf(t testing.TB, files ...[2]string) []byte {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, f := range files {
		w, err := zw.Create(f[0])
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(f[1]))
	}
	zw.Close()
	return b.Bytes()
}

func TestMaliciousBundlesAreRefused(t *testing.T) {
	src := openData(t)
	good := writeBundle(t, src, source(t, src, "20260101_moved"))
	// A file changed after the manifest was written.
	tampered := rewrite(t, good, func(name string, body []byte) []byte {
		if name == "params.csv" {
			return bytes.Replace(body, []byte("scroll"), []byte("swipe"), 1)
		}
		return body
	})
	bomb := func() []byte {
		var b bytes.Buffer
		zw := zip.NewWriter(&b)
		w, _ := zw.Create("params.csv")
		zeros := make([]byte, 1<<20)
		for range 20 {
			w.Write(zeros)
		}
		zw.Close()
		return b.Bytes()
	}()
	for name, z := range map[string][]byte{
		"not a zip":        []byte("PK but not really"),
		"traversal":        zipOf(t, [2]string{"../../etc/cron.d/x", "boom"}),
		"absolute":         zipOf(t, [2]string{"/etc/passwd", "boom"}),
		"dot segments":     zipOf(t, [2]string{"media/../../x", "boom"}),
		"backslash":        zipOf(t, [2]string{`sets\..\x.tsv`, "boom"}),
		"unknown file":     zipOf(t, [2]string{"manifest.json", "{}"}, [2]string{"run.sh", "boom"}),
		"no manifest":      zipOf(t, [2]string{"params.csv", "condition,param,value\n"}),
		"bomb":             bomb,
		"tampered":         tampered,
		"unlisted":         rewrite(t, good, nil, [2]string{"codebooks/extra.md", "hi"}),
		"manifest garbage": zipOf(t, [2]string{"manifest.json", `{"format":"feedlab-study-bundle/1","files":[{"path":"../x"}]}`}),
	} {
		t.Run(name, func(t *testing.T) {
			dst := openData(t)
			_, err := importBundle(dst, z, "")
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("err = %v, want ErrInvalid", err)
			}
			entries, _ := os.ReadDir(filepath.Join(dst.dir, "media"))
			sets, _ := dst.st.ListEntitySets(context.Background())
			if len(entries) != 0 || len(sets) != 0 {
				t.Errorf("something was stored: %d media files, %d sets", len(entries), len(sets))
			}
		})
	}
}

// rewrite copies a zip, changing each file's body with change (nil: unchanged) and
// adding extra files.
func rewrite(t *testing.T, z []byte, change func(string, []byte) []byte, extra ...[2]string) []byte {
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	var files [][2]string
	for _, f := range zr.File {
		rc, _ := f.Open()
		body, _ := io.ReadAll(rc)
		rc.Close()
		if change != nil {
			body = change(f.Name, body)
		}
		files = append(files, [2]string{f.Name, string(body)})
	}
	return zipOf(t, append(files, extra...)...)
}

func FuzzOpen(f *testing.F) {
	f.Add(zipOf(f, [2]string{"manifest.json", `{"format":"feedlab-study-bundle/1","params":"params.csv","files":[]}`}))
	f.Add(zipOf(f, [2]string{"../x", "y"}))
	f.Add([]byte("PK\x03\x04"))
	f.Fuzz(func(t *testing.T, z []byte) {
		b, err := OpenLimit(bytes.NewReader(z), int64(len(z)), 0)
		if err == nil && b == nil {
			t.Fatal("nil bundle without error")
		}
		if err != nil && !errors.Is(err, ErrInvalid) {
			t.Fatalf("error not marked invalid: %v", err)
		}
	})
}
