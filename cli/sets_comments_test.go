package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSetsImportWithComments: --comments stores a set's seeded comments with their avatar
// files taken into the media store; a comments file with problems names each bad row and
// stores nothing (not even the set).
func TestSetsImportWithComments(t *testing.T) {
	t.Parallel()
	data, mediaDir := t.TempDir(), t.TempDir()
	for i := range 3 {
		writePNG(t, filepath.Join(mediaDir, "card"+string(rune('1'+i))+".png"), 10+i)
	}
	face := writePNG(t, filepath.Join(mediaDir, "faces", "dana.png"), 99)
	good := filepath.Join(t.TempDir(), "comments.tsv")
	write := func(path string, lines ...string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(good, "comment_id\tfilename\tauthor\ttext\tavatar\tlikes\ttime\treply_to\ttag",
		"c1\tcard2.png\tDana Reyes\tThe council voted no; see the minutes.\tfaces/dana.png\t12\t2h\t\tcorrection",
		"c2\tcard2.png\tLee\tGood to know\thttps://example.org/lee.png\t\t1h\tc1\t")
	out, errOut := mustCLI(t, "", "sets", "import", "--name", "withc", "--category", "news", "--media", mediaDir,
		"--comments", good, filepath.Join("testdata", "stimuli.tsv"), "--data", data)
	name := lastLine(out)
	if !strings.Contains(errOut, "Imported 2 seeded comments") {
		t.Errorf("stderr %q does not count the comments", errOut)
	}
	st := openStore(t, data)
	cs, err := st.EntityComments(t.Context(), name)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 || cs[0].AvatarUrl != "/media/"+face || cs[0].Likes != 12 || cs[0].Tag != "correction" ||
		cs[1].AvatarUrl != "https://example.org/lee.png" || cs[1].ReplyTo != "c1" {
		t.Fatalf("stored comments %+v", cs)
	}
	if _, err := st.MediaInfo(t.Context(), face); err != nil {
		t.Errorf("avatar not recorded in the media store: %v", err)
	}
	_ = st.Close()

	bad := filepath.Join(t.TempDir(), "bad.tsv")
	write(bad, "comment_id\tfilename\tauthor\ttext",
		"c1\tcard9.png\tA\thi",
		"c2\tcard1.png\t\thi")
	_, _, err = cli(t, "", "sets", "import", "--name", "bad", "--category", "news",
		"--comments", bad, filepath.Join("testdata", "stimuli.tsv"), "--data", data)
	wantErr(t, err, `Comments row 2: filename "card9.png" is not a card of the set`, "Comments row 3: column author is empty")

	noMedia := filepath.Join(t.TempDir(), "nomedia.tsv")
	write(noMedia, "comment_id\tfilename\tauthor\ttext\tavatar", "c1\tcard1.png\tA\thi\tdana.png")
	_, _, err = cli(t, "", "sets", "import", "--name", "bad", "--category", "news",
		"--comments", noMedia, filepath.Join("testdata", "stimuli.tsv"), "--data", data)
	wantErr(t, err, "comments line 2: avatar", "--media", "nothing was stored")

	st = openStore(t, data)

	sets, err := st.ListEntitySets(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sets {
		if strings.HasSuffix(s.Name, "_bad") {
			t.Errorf("a refused import stored set %s", s.Name)
		}
	}
}
