package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"feedlab/media"
	"feedlab/store"
)

// pngBytes is a small file the media store accepts as PNG, different for each seed.
func pngBytes(seed int) []byte {
	return append([]byte("\x89PNG\r\n\x1a\n"), []byte(fmt.Sprintf("feedlab test image %d", seed))...)
}

func sumOf(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// putMedia sends one file of a hosted upload as the page does.
func (e *testEnv) putMedia(c *http.Client, sum string, body io.Reader, filename string) response {
	e.t.Helper()
	path := "/v1/media/" + sum
	method := http.MethodPut
	if sum == "" {
		path, method = "/v1/media", http.MethodPost
	}
	req, _ := http.NewRequest(method, e.srv.URL+path, body)
	req.Header.Set("Content-Type", "application/octet-stream")
	if filename != "" {
		req.Header.Set("X-Filename", url.PathEscape(filename))
	}
	if c == nil {
		c = http.DefaultClient
	}
	res, err := c.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := response{status: res.StatusCode, header: res.Header, body: raw}
	_ = json.Unmarshal(raw, &r.json)
	return r
}

// storedFiles lists the media store's files (names only).
func (e *testEnv) storedFiles() []string {
	var names []string
	e.media.Files(func(name string, _ time.Time) { names = append(names, name) })
	slices.Sort(names)
	return names
}

// hostedSet creates a set through ingest_entity_set with a filename → stored-name map.
func (e *testEnv) hostedSet(c *http.Client, ident string, files map[string]string, rows ...string) response {
	e.t.Helper()
	var recs []map[string]string
	for _, fn := range rows {
		recs = append(recs, map[string]string{"source_url": "https://example.org/" + fn, "filename": fn, "retrieve_date": "2026-01-01", "entity_type": "image", "headline": "Card%20" + fn, "lean": "left"})
	}
	return e.call(c, http.MethodPost, "/v1/ingest_entity_set", map[string]any{"entity_set_settings": map[string]any{
		"setname": ident, "category": "news", "covariates": recs, "media": files,
	}}, "application/json")
}

func TestHostedUploadStoresVerifiedFilesAndMakesTheSet(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.researcher()
	before := e.storedFiles()
	a, b := pngBytes(1), pngBytes(2)
	ra := e.putMedia(c, sumOf(a), bytes.NewReader(a), "photos/a.png")
	if ra.status != 200 {
		t.Fatalf("put a: %d %s", ra.status, ra.body)
	}
	nameA := data(ra)["name"].(string)
	if nameA != sumOf(a)+".png" || data(ra)["content_type"] != "image/png" {
		t.Fatalf("answer %s", ra.body)
	}
	// The LAN fallback: the server hashes.
	rb := e.putMedia(c, "", bytes.NewReader(b), "photos/b.png")
	if rb.status != 200 || data(rb)["sha256"] != sumOf(b) {
		t.Fatalf("post b: %d %s", rb.status, rb.body)
	}
	nameB := data(rb)["name"].(string)

	// Resume: the appliance says what it has; an unknown sum is simply absent.
	missing := sumOf(pngBytes(3))
	r := e.call(c, http.MethodPost, "/v1/media/stored", map[string]any{"sha256": []string{sumOf(a), missing, sumOf(b)}}, "application/json")
	stored := data(r)["stored"].(map[string]any)
	if r.status != 200 || len(stored) != 2 || stored[sumOf(a)].(map[string]any)["name"] != nameA || stored[missing] != nil {
		t.Fatalf("stored: %d %s", r.status, r.body)
	}
	// Sending a stored file again stores nothing new.
	if r := e.putMedia(c, sumOf(a), bytes.NewReader(a), "a.png"); r.status != 200 {
		t.Fatalf("again: %d %s", r.status, r.body)
	}
	if got := e.storedFiles(); len(got) != len(before)+2 {
		t.Fatalf("files %v", got)
	}

	r = e.hostedSet(c, "hosted", map[string]string{"photos/a.png": nameA, "photos/b.png": nameB}, "photos/a.png", "photos/b.png", "photos/a.png")
	if r.status != 200 || data(r)["num_entities"] != 3.0 {
		t.Fatalf("ingest: %d %s", r.status, r.body)
	}
	set := data(r)["entity_set"].(string)
	r = e.call(c, http.MethodGet, "/v1/sets/"+set, nil, "")
	cards := data(r)["cards"].([]any)
	if r.status != 200 || len(cards) != 3 || cards[1].(map[string]any)["entity_url"] != "/media/"+nameB ||
		cards[0].(map[string]any)["headline"] != "Card photos/a.png" || cards[0].(map[string]any)["covariates"].(map[string]any)["lean"] != "left" {
		t.Fatalf("set: %d %s", r.status, r.body)
	}
	info := data(r)["set"].(map[string]any)
	if info["uploaded_by"] != "ada" || info["num_entities"] != 3.0 {
		t.Fatalf("set info %v", info)
	}
	if res, err := http.Get(e.srv.URL + "/media/" + nameB); err != nil || res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("media served: %v %v", res, err)
	}
}

func TestHostedUploadRefusesWhatSetsImportRefuses(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.researcher()
	before := e.storedFiles()
	bmp := append([]byte("BM"), bytes.Repeat([]byte{0}, 60)...)
	r := e.putMedia(c, sumOf(bmp), bytes.NewReader(bmp), "scans/cover.bmp")
	if r.status != 415 || errorCode(r) != codeUnsupportedMedia || !strings.Contains(string(r.body), "scans/cover.bmp is not an accepted image or video") {
		t.Fatalf("bmp: %d %s", r.status, r.body)
	}
	a := pngBytes(1)
	r = e.putMedia(c, sumOf(pngBytes(2)), bytes.NewReader(a), "a.png")
	if r.status != 400 || errorCode(r) != codeHashMismatch || !strings.Contains(string(r.body), "a.png") {
		t.Fatalf("mismatch: %d %s", r.status, r.body)
	}
	if r := e.putMedia(c, "NOTAHASH", bytes.NewReader(a), "a.png"); r.status != 400 {
		t.Fatalf("bad sum: %d %s", r.status, r.body)
	}
	if r := e.putMedia(nil, sumOf(a), bytes.NewReader(a), "a.png"); r.status != 401 {
		t.Fatalf("without a session: %d", r.status)
	}
	if got := e.storedFiles(); !slices.Equal(got, before) {
		t.Fatalf("something was stored: %v", got)
	}
	entries, _ := os.ReadDir(filepath.Dir(filepath.Dir(mustPath(t, e.media, before[0]))))
	for _, en := range entries {
		if strings.HasPrefix(en.Name(), ".put-") {
			t.Fatalf("temporary file left: %s", en.Name())
		}
	}
}

func mustPath(t *testing.T, ms *media.Store, name string) string {
	t.Helper()
	p, err := ms.Path(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestHostedSetIsAllOrNothing(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.researcher()
	a := pngBytes(1)
	nameA := data(e.putMedia(c, sumOf(a), bytes.NewReader(a), "a.png"))["name"].(string)
	never := sumOf(pngBytes(9)) + ".png"
	cases := []struct {
		files map[string]string
		rows  []string
		code  int
		want  string
	}{
		{map[string]string{"a.png": nameA, "b.png": never}, []string{"a.png", "b.png"}, 409, "is not on the appliance"},
		{map[string]string{"a.png": nameA}, []string{"a.png", "b.png"}, 400, "record 2: no file was uploaded for filename"},
		{map[string]string{"a.png": nameA, "extra/c.png": nameA}, []string{"a.png"}, 400, "No covariate info: extra/c.png"},
		{map[string]string{"a.png": "../../etc/passwd"}, []string{"a.png"}, 400, "not the name of a stored file"},
	}
	for i, tc := range cases {
		r := e.hostedSet(c, fmt.Sprintf("half%d", i), tc.files, tc.rows...)
		if r.status != tc.code || !strings.Contains(string(r.body), tc.want) {
			t.Errorf("case %d: %d %s", i, r.status, r.body)
		}
	}
	sets, _ := e.store.LibrarySets(context.Background())
	for _, s := range sets {
		if strings.Contains(s.Name, "half") {
			t.Fatalf("a half set was stored: %s", s.Name)
		}
	}
}

// TestUploadStreamsALargeFile sends a 96 MB body and checks the server's heap never grows
// by more than a small fraction of it: the file streams through a temporary file.
func TestUploadStreamsALargeFile(t *testing.T) {
	if testing.Short() {
		t.Skip("large upload")
	}
	e := newEnv(t)
	c := e.researcher()
	const size = 96 << 20
	body := func() io.Reader {
		return io.MultiReader(bytes.NewReader(pngBytes(0)), io.LimitReader(zeroReader{}, size))
	}
	h := sha256.New()
	io.Copy(h, body())
	sum := hex.EncodeToString(h.Sum(nil))

	stopWatch := watchHeap(5 * time.Millisecond)
	r := e.putMedia(c, sum, body(), "big.png")
	grew := stopWatch()
	if r.status != 200 || data(r)["size"] != float64(size+len(pngBytes(0))) {
		t.Fatalf("upload: %d %s", r.status, r.body)
	}
	t.Logf("heap in use grew by %d KB during a %d MB upload", grew>>10, size>>20)
	if grew > size/8 {
		t.Fatalf("heap grew by %d MB during a %d MB upload: the body is held in memory", grew>>20, size>>20)
	}
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func TestLibraryListsHidesAndDeletes(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.researcher()
	ctx := context.Background()
	shared, own := pngBytes(1), pngBytes(2)
	nameS := data(e.putMedia(c, sumOf(shared), bytes.NewReader(shared), "s.png"))["name"].(string)
	nameO := data(e.putMedia(c, sumOf(own), bytes.NewReader(own), "o.png"))["name"].(string)
	used := data(e.hostedSet(c, "used", map[string]string{"s.png": nameS}, "s.png"))["entity_set"].(string)
	free := data(e.hostedSet(c, "free", map[string]string{"s.png": nameS, "o.png": nameO}, "s.png", "o.png"))["entity_set"].(string)
	if _, err := e.store.CreateStudy(ctx, store.NewStudy{NConditions: 1, Params: []store.Param{
		{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"` + used + `","number_to_show":1,"randomize_between_subjects":"yes"}]`},
	}}); err != nil {
		t.Fatal(err)
	}

	r := e.call(c, http.MethodGet, "/v1/sets", nil, "")
	list := data(r)["sets"].([]any)
	names := []string{}
	for _, s := range list {
		names = append(names, s.(map[string]any)["entity_set"].(string))
	}
	if r.status != 200 || len(list) < 3 || names[0] != free || names[1] != used {
		t.Fatalf("newest first: %v", names)
	}
	if u := list[1].(map[string]any)["used_by"].([]any); len(u) != 1 {
		t.Fatalf("used by %v", u)
	}

	// Hidden sets are marked for the wizard and stay in the library.
	if r := e.call(c, http.MethodPost, "/v1/sets/"+free+"/hidden", map[string]bool{"hidden": true}, "application/json"); r.status != 200 {
		t.Fatalf("hide: %d %s", r.status, r.body)
	}
	if !pulledHidden(t, e, c)[free] {
		t.Fatal("pull_entity_sets does not mark the hidden set")
	}
	e.call(c, http.MethodPost, "/v1/sets/"+free+"/hidden", map[string]bool{"hidden": false}, "application/json")
	if pulledHidden(t, e, c)[free] {
		t.Fatal("shown again but still marked hidden")
	}
	if r := e.call(c, http.MethodPost, "/v1/sets/nope/hidden", map[string]bool{"hidden": true}, "application/json"); r.status != 404 {
		t.Fatalf("unknown set: %d", r.status)
	}

	// A set in use stays, with the study named; the built-in one too.
	if r := e.call(c, http.MethodDelete, "/v1/sets/"+used, nil, ""); r.status != 409 || errorCode(r) != codeInUse || !strings.Contains(string(r.body), "used by") {
		t.Fatalf("delete used: %d %s", r.status, r.body)
	}
	if r := e.call(c, http.MethodDelete, "/v1/sets/solarflare_demo", nil, ""); r.status != 409 {
		t.Fatalf("delete builtin: %d %s", r.status, r.body)
	}
	// Deleting the unused set removes the file only it used; the shared one stays. Files
	// count as claimed once the set is made, so the set's own upload time is no excuse.
	r = e.call(c, http.MethodDelete, "/v1/sets/"+free, nil, "")
	if r.status != 200 {
		t.Fatalf("delete: %d %s", r.status, r.body)
	}
	files := e.storedFiles()
	if slices.Contains(files, nameO) || !slices.Contains(files, nameS) {
		t.Fatalf("after delete: %v", files)
	}
	if r := e.call(c, http.MethodGet, "/v1/sets/"+free, nil, ""); r.status != 404 {
		t.Fatalf("deleted set still answers: %d", r.status)
	}

	// The library's audit log holds the hiding, the showing and the deletion (not the
	// refused calls), for every researcher to read; no study's log holds them.
	grace := e.signIn("grace")
	r = e.call(grace, http.MethodGet, "/v1/library/audit", nil, "")
	var got []string
	for _, x := range data(r)["entries"].([]any) {
		m := x.(map[string]any)
		got = append(got, m["researcher"].(string)+" "+m["action"].(string)+" "+m["detail"].(string))
	}
	want := []string{"ada hide_set set " + free, "ada show_set set " + free, "ada delete_set set " + free}
	if r.status != 200 || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("library audit: %d\n%s\nwant:\n%s", r.status, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if r := e.call(nil, http.MethodGet, "/v1/library/audit", nil, ""); r.status != 401 {
		t.Errorf("signed out reads the library's log: %d", r.status)
	}
}

func pulledHidden(t *testing.T, e *testEnv, c *http.Client) map[string]bool {
	t.Helper()
	r := e.call(c, http.MethodPost, "/v1/pull_entity_sets", nil, "")
	var sets []map[string]any
	json.Unmarshal([]byte(data(r)["entity_sets"].(string)), &sets)
	out := map[string]bool{}
	for _, s := range sets {
		out[s["entity_set"].(string)] = s["hidden"] == true
	}
	return out
}

func TestUnclaimedUploadsAreSweptAfterTheGracePeriod(t *testing.T) {
	e := newEnv(t)
	c := e.researcher()
	ctx := context.Background()
	before := e.storedFiles()
	lost := pngBytes(5)
	name := data(e.putMedia(c, sumOf(lost), bytes.NewReader(lost), "lost.png"))["name"].(string)
	// A file on disk with no record at all, as an older failed `sets import` left them.
	stray, err := e.media.Put(bytes.NewReader(pngBytes(6)), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := SweepUnusedMedia(ctx, e.store, e.media, time.Now().Add(-MediaGrace)); err != nil || n != 0 {
		t.Fatalf("within the grace period: removed %d, %v", n, err)
	}
	if n, err := SweepUnusedMedia(ctx, e.store, e.media, time.Now().Add(time.Second)); err != nil || n != 2 {
		t.Fatalf("after the grace period: removed %d, %v", n, err)
	}
	if got := e.storedFiles(); !slices.Equal(got, before) || slices.Contains(got, name) || slices.Contains(got, stray.Name) {
		t.Fatalf("files %v, want %v (the demo set's stay)", got, before)
	}
	if _, err := e.store.StoredMediaByHash(ctx, sumOf(lost), 0); err == nil {
		t.Fatal("the record stayed")
	}
}

// TestSweepDoesNotWaitForAnUpload: a sweep that meets an upload under way skips its round
// rather than queueing every later upload behind it.
func TestSweepDoesNotWaitForAnUpload(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	srv := New(Config{Store: e.store, Media: e.media})
	srv.mediaMu.RLock()
	_, busy, err := srv.SweepMedia(context.Background())
	srv.mediaMu.RUnlock()
	if !busy || err != nil {
		t.Fatalf("busy %v, err %v", busy, err)
	}
	if _, busy, err := srv.SweepMedia(context.Background()); busy || err != nil {
		t.Fatalf("idle: busy %v, err %v", busy, err)
	}
}
