package cli

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"feedlab/store"
)

func today() string { return time.Now().UTC().Format("20060102") }

func TestSetsImport(t *testing.T) {
	t.Parallel()
	data, mediaDir := t.TempDir(), t.TempDir()
	want := make([]string, 3)
	pngs := make([][]byte, 3)
	for i := range 3 {
		p := filepath.Join(mediaDir, "card"+string(rune('1'+i))+".png")
		want[i] = writePNG(t, p, 100+i)
		pngs[i], _ = os.ReadFile(p)
	}
	day := today()
	out, errOut := mustCLI(t, "", "sets", "import", "--name", "My News!", "--category", "news", "--media", mediaDir,
		filepath.Join("testdata", "stimuli.tsv"), "--data", data)
	name := lastLine(out)
	if name != day+"_mynews" && name != today()+"_mynews" {
		t.Fatalf("last stdout line %q, want %s_mynews", name, day)
	}
	if !strings.Contains(errOut, "Imported 3 stimuli (3 media files)") {
		t.Errorf("stderr %q does not report what was imported", errOut)
	}

	st := openStore(t, data)
	set, err := st.EntitySet(t.Context(), name)
	if err != nil {
		t.Fatal(err)
	}
	if set.EntityCategory != "news" {
		t.Errorf("category %q", set.EntityCategory)
	}
	ents, err := st.Entities(t.Context(), name)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != 3 {
		t.Fatalf("%d entities, want 3", len(ents))
	}
	headlines := []string{"Comet seen over the bay", "Council approves bike lanes", "Café opens on Main St; queues form"}
	for i, e := range ents {
		if e.EntityUrl != "/media/"+want[i] {
			t.Errorf("entity %d: entity_url %q, want /media/%s", i+1, e.EntityUrl, want[i])
		}
		if e.Filename != "card"+string(rune('1'+i))+".png" || e.SourceUrl == "" || e.EntityType != "image" || e.Headline != headlines[i] {
			t.Errorf("entity %d stored as %+v", i+1, e)
		}
		cov := store.Covariates(e.Covariates)
		if cov["topic"] == "" || cov["veracity"] == "" {
			t.Errorf("entity %d lost its covariates: %v", i+1, cov)
		}
		stored, err := os.ReadFile(filepath.Join(data, "media", want[i][:2], want[i]))
		if err != nil {
			t.Errorf("media file of entity %d not in the data directory: %v", i+1, err)
		} else if !bytes.Equal(stored, pngs[i]) {
			t.Errorf("media file of entity %d differs from the imported file", i+1)
		}
		if m, err := st.MediaInfo(t.Context(), want[i]); err != nil || m.ContentType != "image/png" || m.Size != int64(len(pngs[i])) {
			t.Errorf("media row of entity %d: %+v, %v", i+1, m, err)
		}
	}

	// The set comes back out with its covariate columns, in the uploaded order.
	csvOut, _ := mustCLI(t, "", "export", "--study", name, "--type", "stimulus_set", "--data", data)
	header, rows := parseCSV(t, csvOut)
	wantHeader := []string{"entity_id", "entity_url", "source_url", "filename", "retrieve_date", "entity_type", "headline", "topic", "veracity"}
	if !slices.Equal(header, wantHeader) {
		t.Errorf("stimulus_set header %v, want %v", header, wantHeader)
	}
	if len(rows) != 3 {
		t.Fatalf("%d rows, want 3", len(rows))
	}
	wantCov := [][2]string{{"science", "true"}, {"local", "false"}, {"local", "true"}}
	for i, r := range rows {
		if r["topic"] != wantCov[i][0] || r["veracity"] != wantCov[i][1] || r["headline"] != headlines[i] || r["entity_url"] != "/media/"+want[i] {
			t.Errorf("row %d: %v", i+1, r)
		}
	}
}

// TestSetsImportSharedMedia: two rows may show the same picture, and a later set may reuse
// a picture an earlier set stored; the media store keeps one file and one row.
func TestSetsImportSharedMedia(t *testing.T) {
	t.Parallel()
	data, mediaDir := t.TempDir(), t.TempDir()
	m := writePNG(t, filepath.Join(mediaDir, "same.png"), 7)
	tsv := filepath.Join(t.TempDir(), "s.tsv")
	os.WriteFile(tsv, []byte("source_url\tfilename\tretrieve_date\tentity_type\nhttps://a\tsame.png\t2026-01-01\timage\nhttps://b\tsame.png\t2026-01-01\timage\n"), 0o644)
	for _, ident := range []string{"first", "second"} {
		out, _ := mustCLI(t, "", "sets", "import", "--name", ident, "--category", "opinion", "--media", mediaDir, tsv, "--data", data)
		if lastLine(out) != today()+"_"+ident {
			t.Fatalf("set name %q", lastLine(out))
		}
	}
	if files := mediaFiles(t, data); !slices.Equal(files, []string{m}) {
		t.Errorf("media files %v, want just %s", files, m)
	}
	if n := queryInt(t, filepath.Join(data, store.DatabaseFile), "SELECT count(*) FROM media"); n != 1 {
		t.Errorf("%d media rows, want 1", n)
	}
}

func TestSetsImportRefusesBadInputAndStoresNothing(t *testing.T) {
	t.Parallel()
	const header = "source_url\tfilename\tretrieve_date\tentity_type\theadline\n"
	tests := []struct {
		name      string
		tsv       string
		files     map[string]string // extra files in the media directory (content as text)
		flags     []string          // overrides of --name / --category
		before    bool              // import the fixture set as "twice" first (same day)
		wantUsage bool
		wantErr   []string
	}{
		{
			name:    "missing required column",
			tsv:     "source_url\tfilename\tentity_type\nhttps://a\tgood.png\timage\n",
			wantErr: []string{"missing required column", "retrieve_date"},
		},
		{
			name:    "empty file",
			tsv:     "",
			wantErr: []string{"empty"},
		},
		{
			name:    "header but no rows",
			tsv:     header,
			wantErr: []string{"no rows"},
		},
		{
			name:    "empty required value",
			tsv:     header + "https://a\tgood.png\t\timage\tA\n",
			wantErr: []string{"line 2", "retrieve_date", "empty"},
		},
		{
			name:    "media file missing",
			tsv:     header + "https://a\tgood.png\t2026-01-01\timage\tA\nhttps://b\tnot-there.png\t2026-01-01\timage\tB\n",
			wantErr: []string{"line 3", "not-there.png", "nothing was stored"},
		},
		{
			name:    "media file is a text file",
			tsv:     header + "https://a\tgood.png\t2026-01-01\timage\tA\nhttps://b\tnotes.png\t2026-01-01\timage\tB\n",
			files:   map[string]string{"notes.png": "these are my notes, not a picture\n"},
			wantErr: []string{"line 3", "notes.png", "text/plain", "nothing was stored"},
		},
		{
			name:    "media file is empty",
			tsv:     header + "https://a\tgood.png\t2026-01-01\timage\tA\nhttps://b\tempty.png\t2026-01-01\timage\tB\n",
			files:   map[string]string{"empty.png": ""},
			wantErr: []string{"line 3", "empty.png"},
		},
		{
			name:    "media path outside the media directory",
			tsv:     header + "https://a\tgood.png\t2026-01-01\timage\tA\nhttps://b\t../good.png\t2026-01-01\timage\tB\n",
			wantErr: []string{"line 3", "../good.png", "inside"},
		},
		{
			name:    "bad category",
			tsv:     header + "https://a\tgood.png\t2026-01-01\timage\tA\n",
			flags:   []string{"--category", "politics"},
			wantErr: []string{`"politics"`, "news, opinion, sensational, ads"},
		},
		{
			name:    "name that cleans to empty",
			tsv:     header + "https://a\tgood.png\t2026-01-01\timage\tA\n",
			flags:   []string{"--name", "¡!? -"},
			wantErr: []string{"no letters, digits or underscores"},
		},
		{
			name:      "no name",
			tsv:       header + "https://a\tgood.png\t2026-01-01\timage\tA\n",
			flags:     []string{"--name", ""},
			wantUsage: true,
			wantErr:   []string{"--name"},
		},
		{
			name:    "same name twice on the same day",
			tsv:     header + "https://a\tgood.png\t2026-01-01\timage\tA\n",
			flags:   []string{"--name", "Twice"},
			before:  true,
			wantErr: []string{`"` + today() + `_twice"`, "already exists"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			data, mediaDir := t.TempDir(), t.TempDir()
			// good.png is new content: if it reached the media store, the refusal stored something.
			good := writePNG(t, filepath.Join(mediaDir, "good.png"), 55)
			for name, content := range tc.files {
				if err := os.WriteFile(filepath.Join(mediaDir, name), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			tsv := filepath.Join(t.TempDir(), "stimuli.tsv")
			if err := os.WriteFile(tsv, []byte(tc.tsv), 0o644); err != nil {
				t.Fatal(err)
			}
			dbPath := filepath.Join(data, store.DatabaseFile)
			var setsBefore []store.SetSummary
			var mediaRowsBefore int64
			var filesBefore []string
			if tc.before {
				importFixtureSet(t, data, "twice", 9)
				st := openStore(t, data)
				setsBefore, _ = st.ListEntitySets(t.Context())
				st.Close()
				mediaRowsBefore = queryInt(t, dbPath, "SELECT count(*) FROM media")
				filesBefore = mediaFiles(t, data)
			}
			day := today()
			args := []string{"sets", "import", "--name", "news one", "--category", "news", "--media", mediaDir}
			args = append(append(args, tc.flags...), tsv, "--data", data)
			out, _, err := cli(t, "", args...)
			if tc.before && day != today() {
				t.Skip("the UTC date changed during the test")
			}
			wantErr(t, err, tc.wantErr...)
			if tc.wantUsage != errors.Is(err, errUsage) {
				t.Errorf("usage error = %v, want %v", errors.Is(err, errUsage), tc.wantUsage)
			}
			if out != "" {
				t.Errorf("stdout on error: %q", out)
			}
			st := openStore(t, data)
			sets, err := st.ListEntitySets(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if len(sets) != len(setsBefore) || (len(sets) > 0 && sets[0].NumEntities != setsBefore[0].NumEntities) {
				t.Errorf("sets after the refused import: %+v, before: %+v", sets, setsBefore)
			}
			if n := queryInt(t, dbPath, "SELECT count(*) FROM media"); n != mediaRowsBefore {
				t.Errorf("%d media rows, %d before the refused import", n, mediaRowsBefore)
			}
			files := mediaFiles(t, data)
			if !slices.Equal(files, filesBefore) {
				t.Errorf("media files %v, before the refused import %v", files, filesBefore)
			}
			if slices.Contains(files, good) {
				t.Errorf("good.png of the refused import was stored")
			}
		})
	}
}

func TestSetsImportUsage(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	tsv := filepath.Join("testdata", "stimuli.tsv")
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"no file", []string{"--name", "x", "--category", "news"}, "exactly one stimuli.tsv"},
		{"two files", []string{"--name", "x", "--category", "news", tsv, tsv}, "exactly one stimuli.tsv"},
		{"no category", []string{"--name", "x", tsv}, "--category"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := cli(t, "", append(append([]string{"sets", "import"}, tc.args...), "--data", data)...)
			if !errors.Is(err, errUsage) {
				t.Fatalf("error %v, want a usage error", err)
			}
			wantErr(t, err, tc.wantErr)
		})
	}
	_, _, err := cli(t, "", "sets", "import", "--name", "x", "--category", "news", filepath.Join(t.TempDir(), "nope.tsv"), "--data", data)
	wantErr(t, err, "nope.tsv")
}

// TestExportRawKeepsFormulas: a covariate a spreadsheet would run is neutralised by
// 'feedlab export' and kept as stored with --raw (issue 13 item 7).
func TestExportRawKeepsFormulas(t *testing.T) {
	t.Parallel()
	data, mediaDir := t.TempDir(), t.TempDir()
	writePNG(t, filepath.Join(mediaDir, "a.png"), 3)
	tsv := filepath.Join(t.TempDir(), "s.tsv")
	os.WriteFile(tsv, []byte("source_url\tfilename\tretrieve_date\tentity_type\tnote\tscore\nhttps://a\ta.png\t2026-01-01\timage\t=1+1\t-3\n"), 0o644)
	out, _ := mustCLI(t, "", "sets", "import", "--name", "f", "--category", "news", "--media", mediaDir, tsv, "--data", data)
	set := lastLine(out)
	safe, _ := mustCLI(t, "", "export", "--study", set, "--type", "stimulus_set", "--data", data)
	raw, _ := mustCLI(t, "", "export", "--study", set, "--type", "stimulus_set", "--raw", "--data", data)
	if !strings.Contains(safe, ",'=1+1,-3") {
		t.Errorf("default export:\n%s", safe)
	}
	if !strings.Contains(raw, ",=1+1,-3") {
		t.Errorf("--raw export:\n%s", raw)
	}
}
