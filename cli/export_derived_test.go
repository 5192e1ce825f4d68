package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The participant of newParticipantStudy, driven through the real HTTP API: a like on
// the first card, dwells of 1200 and 850 ms on it and 4321 ms on the second, two answers
// and a checkpoint. The derived exports say exactly that.
func TestDerivedExportsAreWhatTheParticipantDid(t *testing.T) {
	t.Parallel()
	p := newParticipantStudy(t)
	out, _ := mustCLI(t, "", "export", "--study", p.id, "--type", "exposures", "--data", p.data)
	_, rows := parseCSV(t, out)
	if len(rows) != len(p.entities) {
		t.Fatalf("%d exposure rows, want one per card (%d)", len(rows), len(p.entities))
	}
	got := map[string]string{}
	for _, r := range rows {
		got[r["entity_id"]] = strings.Join([]string{r["item_order"], r["dwell_ms"], r["dwell_visits_ms"], r["likes"], r["seen"]}, ",")
	}
	if got[p.entities[0]] != "0,2050,1200;850,1,1" || got[p.entities[1]] != "1,4321,4321,0,1" {
		t.Errorf("exposures: %v", got)
	}
	// The cleaning flags change the file as the codebook says.
	out, _ = mustCLI(t, "", "export", "--study", p.id, "--type", "exposures", "--dwell-floor-ms", "1000", "--dwell-cap-ms", "3000", "--data", p.data)
	_, rows = parseCSV(t, out)
	for _, r := range rows {
		got[r["entity_id"]] = r["dwell_ms"] + "," + r["dwell_raw_ms"]
	}
	if got[p.entities[0]] != "1200,2050" || got[p.entities[1]] != "3000,4321" {
		t.Errorf("cleaned exposures: %v", got)
	}
	book, _ := mustCLI(t, "", "export", "--study", p.id, "--type", "exposures", "--codebook", "--dwell-floor-ms", "1000", "--dwell-cap-ms", "3000", "--data", p.data)
	for _, s := range []string{"| dwell_cap_ms | 3000 ms", "| dwell_floor_ms | 1000 ms", "| dwell_visits_ms |", "feedlab " + version} {
		if !strings.Contains(book, s) {
			t.Errorf("codebook lacks %q", s)
		}
	}

	out, _ = mustCLI(t, "", "export", "--study", p.id, "--type", "participants", "--data", p.data)
	_, rows = parseCSV(t, out)
	if len(rows) != 1 {
		t.Fatalf("%d participant rows", len(rows))
	}
	r := rows[0]
	for col, want := range map[string]string{"user_id": p.user, "age": "33", "favourite_place": "café;x", "platform_PROLIFIC_PID": "5f2a",
		"URLParams-source": "mail list", "dwell_total_ms": "6371", "cards_seen": "2", "engagements": "1", "completed": "0"} {
		if r[col] != want {
			t.Errorf("participants %s = %q, want %q", col, r[col], want)
		}
	}
	if r["checkpoint_feed-landed"] == "" {
		t.Errorf("no feed-landed time: %v", r)
	}
}

func TestExportFlagMistakes(t *testing.T) {
	t.Parallel()
	p := newParticipantStudy(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--type", "engagement", "--trim", "3"}, "apply to --type exposures only"},
		{[]string{"--type", "exposures", "--trim", "-1"}, "trim must be between 0 and 1000"},
		{[]string{"--type", "exposures", "--dwell-cap-ms", "100", "--dwell-floor-ms", "250"}, "must be above the dwell floor"},
		{[]string{"--type", "participants", "--codebook", "--study", "fl-nosuch"}, "no data found"},
	} {
		args := append([]string{"export", "--study", p.id, "--data", p.data}, c.args...)
		_, _, err := cli(t, "", args...)
		wantErr(t, err, c.want)
	}
}

// A study moved by its bundle to a fresh data directory has the same parameters, sets
// and media.
func TestStudyBundleThroughTheCommandLine(t *testing.T) {
	t.Parallel()
	p := newParticipantStudy(t)
	zip := filepath.Join(t.TempDir(), "study.zip")
	mustCLI(t, "", "study", "export", "--study", p.id, "--out", zip, "--data", p.data)

	fresh := t.TempDir()
	mustCLI(t, "correct horse battery\n", "researcher", "add", "ada", "--password-stdin", "--data", fresh)
	_, _, err := cli(t, "", "study", "import", zip, "--owner", "nobody", "--data", fresh)
	wantErr(t, err, "nobody")
	out, stderr := mustCLI(t, "", "study", "import", zip, "--owner", "ada", "--data", fresh)
	id := lastLine(out)
	if !strings.Contains(stderr, "1 new stimulus set(s) and 3 media file(s)") {
		t.Errorf("stderr: %s", stderr)
	}
	a, _ := mustCLI(t, "", "export", "--study", p.id, "--type", "experiment_parameters", "--data", p.data)
	b, _ := mustCLI(t, "", "export", "--study", id, "--type", "experiment_parameters", "--data", fresh)
	if a != b {
		t.Errorf("parameters differ:\n%s\n---\n%s", a, b)
	}
	a, _ = mustCLI(t, "", "export", "--study", p.set.name, "--type", "stimulus_set", "--data", p.data)
	b, _ = mustCLI(t, "", "export", "--study", p.set.name, "--type", "stimulus_set", "--data", fresh)
	if a != b {
		t.Errorf("sets differ:\n%s\n---\n%s", a, b)
	}
	for _, m := range p.set.media {
		x, err1 := os.ReadFile(filepath.Join(p.data, "media", m[:2], m))
		y, err2 := os.ReadFile(filepath.Join(fresh, "media", m[:2], m))
		if err1 != nil || err2 != nil || !bytes.Equal(x, y) {
			t.Errorf("media %s: %v %v", m, err1, err2)
		}
	}
	// A damaged file is refused with a clear message and nothing changes.
	os.WriteFile(zip, []byte("not a zip"), 0o644)
	_, _, err = cli(t, "", "study", "import", zip, "--data", fresh)
	wantErr(t, err, "not a zip file", "nothing was imported")
	_, _, err = cli(t, "", "study", "export", "--study", "fl-nosuch", "--out", zip, "--data", p.data)
	wantErr(t, err, `no study "fl-nosuch"`)
	_ = fmt.Sprint
}
