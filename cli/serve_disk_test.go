package cli

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServeAnswersNewArrivalsStudyFullOnALowDisk runs the real binary with a free-space
// floor above what the disk has (--min-free-space 100%): a new participant gets 503
// study_full and is not registered, a participant who arrived before keeps their feed and
// has their events acknowledged, uploads are refused with 507, serve warns at start, and
// the study page's alerts list low_disk.
func TestServeAnswersNewArrivalsStudyFullOnALowDisk(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	mustCLI(t, "a long enough password\n", "researcher", "add", "ada", "--password-stdin", "--data", data)
	// Before the disk is low: a participant arrives.
	c := childServeOrSkip(t, data)
	_, entities := loadParticipant(t, c.base, "solarflare", "in-before", nil)
	c.kill()

	c = childServeOrSkip(t, data, "--min-free-space", "100%")
	if !strings.Contains(c.out.String(), "below its free-space floor") {
		t.Errorf("serve did not warn at start:\n%s", c.out)
	}
	status, m, err := postJSON(http.DefaultClient, c.base, "/v1/load_experiment", map[string]any{"user_id": "newcomer", "experiment_id": "solarflare"})
	if err != nil || status != 503 || errCode(m) != "study_full" || !strings.Contains(fmt.Sprint(m), "This study is full right now. Please try again later.") {
		t.Fatalf("a new arrival: %d %v %v", status, m, err)
	}
	if status, m, _ := postJSON(http.DefaultClient, c.base, "/v1/load_experiment", map[string]any{"user_id": "in-before", "experiment_id": "solarflare"}); status != 200 {
		t.Fatalf("the participant already in reloads: %d %v", status, m)
	}
	m = mustPost(t, c.base, "/v1/write_user_engagement", map[string]any{"user_id": "in-before", "experiment_id": "solarflare",
		"event_id": "like-1", "entity_id": entities[0], "engagement_type": "likes", "response": "1"})
	if m["data"].(map[string]any)["stored"] != float64(1) {
		t.Fatalf("the event of the participant already in: %v", m)
	}

	jar, _ := cookiejar.New(nil)
	ada := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	if status, m, err := postJSON(ada, c.base, "/v1/auth/login", map[string]string{"name": "ada", "password": "a long enough password"}); err != nil || status != 200 {
		t.Fatalf("login: %d %v %v", status, m, err)
	}
	png := append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 1024)...)
	req, _ := http.NewRequest(http.MethodPost, c.base+"/v1/media", bytes.NewReader(png))
	req.Header.Set("Content-Type", "application/octet-stream")
	res, err := ada.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 507 || !strings.Contains(string(body), `"disk_low"`) {
		t.Errorf("an upload on a low disk: %d %s", res.StatusCode, body)
	}
	res, err = ada.Get(c.base + "/v1/studies/solarflare/dashboard")
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), `"kind":"low_disk"`) {
		t.Errorf("the dashboard's alerts: %d %s", res.StatusCode, body)
	}
	c.kill()

	// What was acknowledged is stored; the newcomer is not.
	out, _ := mustCLI(t, "", "export", "--study", "solarflare", "--type", "engagement", "--data", data)
	if !strings.Contains(out, "in-before") {
		t.Errorf("the acknowledged event is not in the export:\n%s", out)
	}
	out, _ = mustCLI(t, "", "export", "--study", "solarflare", "--type", "participants", "--include-test", "--data", data)
	if strings.Contains(out, "newcomer") || !strings.Contains(out, "in-before") {
		t.Errorf("participants:\n%s", out)
	}
}

func errCode(m map[string]any) string {
	if e, ok := m["error"].(map[string]any); ok {
		s, _ := e["code"].(string)
		return s
	}
	return ""
}

// TestImportsOnTheMachineKeepTheFloorAndTheCap: 'study import' and 'sets import --media'
// refuse to store anything below the free-space floor, 'study import' refuses a bundle
// over --bundle-max-size, and bad sizes are command-line mistakes.
func TestImportsOnTheMachineKeepTheFloorAndTheCap(t *testing.T) {
	t.Parallel()
	p := newParticipantStudy(t)
	zip := filepath.Join(t.TempDir(), "study.zip")
	mustCLI(t, "", "study", "export", "--study", p.id, "--out", zip, "--data", p.data)
	fresh := t.TempDir()

	_, _, err := cli(t, "", "study", "import", zip, "--min-free-space", "100%", "--data", fresh)
	wantErr(t, err, "nearly full", "nothing was stored", "--min-free-space")
	_, _, err = cli(t, "", "study", "import", zip, "--bundle-max-size", "1KB", "--data", fresh)
	wantErr(t, err, "more than 1 KB", "--bundle-max-size", "nothing was imported")

	dir := t.TempDir()
	writePNG(t, filepath.Join(dir, "card1.png"), 1)
	writePNG(t, filepath.Join(dir, "card2.png"), 2)
	writePNG(t, filepath.Join(dir, "card3.png"), 3)
	_, _, err = cli(t, "", "sets", "import", "--name", "full", "--category", "news", "--media", dir, "--min-free-space", "100%",
		filepath.Join("testdata", "stimuli.tsv"), "--data", fresh)
	wantErr(t, err, "nearly full", "nothing was stored")
	if entries, _ := os.ReadDir(filepath.Join(fresh, "media")); len(entries) != 0 {
		t.Errorf("%d entries in the media store after refused imports", len(entries))
	}
	st := openStore(t, fresh)
	if sets, _ := st.ListEntitySets(t.Context()); len(sets) != 0 {
		t.Errorf("sets stored: %v", sets)
	}
	st.Close()
	// With room, the same imports go through.
	mustCLI(t, "", "study", "import", zip, "--data", fresh)

	for _, args := range [][]string{
		{"serve", "--min-free-space", "lots"},
		{"serve", "--media-quota", "-1GB"},
		{"serve", "--bundle-max-size", "0"},
		{"study", "import", zip, "--bundle-max-size", "0"},
	} {
		_, _, err := cli(t, "", append(args, "--data", t.TempDir())...)
		if err == nil || !strings.Contains(err.Error(), strings.TrimPrefix(args[len(args)-2], "--")) && !strings.Contains(err.Error(), "invalid value") {
			t.Errorf("feedlab %s: %v", strings.Join(args, " "), err)
		}
	}
}
