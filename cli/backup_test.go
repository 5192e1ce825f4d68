package cli

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"feedlab/store"
)

// TestBackupWhileServing takes a backup while the real server writes events from several
// participants: the copy passes the integrity check, has the study and only whole events.
func TestBackupWhileServing(t *testing.T) {
	t.Parallel()
	p := newParticipantStudy(t)
	srv := newServer(t, p.data)
	var users []string
	var feeds [][]string
	for i := range 4 {
		u := fmt.Sprintf("writer-%d", i)
		_, ents := loadParticipant(t, srv.url, p.id, u, nil)
		users, feeds = append(users, u), append(feeds, ents)
	}

	ctx, stop := context.WithCancel(t.Context())
	var wg sync.WaitGroup
	var acked, failed atomic.Int64
	for w := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; ctx.Err() == nil; n++ {
				status, _, err := postJSON(http.DefaultClient, srv.url, "/v1/write_batch_dwell", map[string]any{
					"user_id": users[w], "experiment_id": p.id, "event_id": fmt.Sprintf("bk-%d-%d", w, n),
					"dwell_data": []map[string]any{
						{"idx": 0, "entity_id": feeds[w][0], "dwellTimes": []int{n, n + 1}},
						{"idx": 1, "entity_id": feeds[w][1], "dwellTimes": []int{n + 2}},
					},
				})
				if err != nil || status != http.StatusOK {
					failed.Add(1)
					continue
				}
				acked.Add(1)
			}
		}()
	}
	t.Cleanup(func() { stop(); wg.Wait() })
	waitFor(t, 20*time.Second, "events to flow", func() bool { return acked.Load() >= 20 })

	copyDir := t.TempDir()
	out := filepath.Join(copyDir, store.DatabaseFile)
	stdout, _ := mustCLI(t, "", "backup", "--out", out, "--data", p.data)
	ackedAtBackup := acked.Load()
	waitFor(t, 20*time.Second, "events after the backup", func() bool { return acked.Load() >= ackedAtBackup+10 })
	stop()
	wg.Wait()
	if failed.Load() > 0 {
		t.Errorf("%d event writes failed while the backup ran", failed.Load())
	}
	if !strings.Contains(stdout, out) || !strings.Contains(stdout, "media") {
		t.Errorf("stdout %q should name the copy and remind to copy the media directory", stdout)
	}

	if err := store.CheckIntegrity(t.Context(), out); err != nil {
		t.Fatal(err)
	}
	if n := queryInt(t, out, "SELECT count(*) FROM pragma_foreign_key_check"); n != 0 {
		t.Errorf("%d foreign key violations in the copy", n)
	}
	// Each dwell batch is stored whole (3 rows) or not at all.
	if n := queryInt(t, out, "SELECT count(*) FROM (SELECT substr(event_id, 1, instr(event_id, '/')) AS b, count(*) AS c FROM engagements WHERE event_id LIKE 'bk-%' GROUP BY b HAVING c != 3)"); n != 0 {
		t.Errorf("%d dwell batches are partly in the copy", n)
	}
	batches := queryInt(t, out, "SELECT count(*) FROM engagements WHERE event_id LIKE 'bk-%'") / 3
	if batches == 0 || batches > ackedAtBackup+int64(len(users)) {
		t.Errorf("the copy holds %d batches; %d were acknowledged when the backup finished", batches, ackedAtBackup)
	}
	live := queryInt(t, filepath.Join(p.data, store.DatabaseFile), "SELECT count(*) FROM engagements WHERE event_id LIKE 'bk-%'") / 3
	if live <= batches {
		t.Errorf("the live database (%d batches) did not move on after the copy (%d)", live, batches)
	}

	copied, err := store.Open(t.Context(), copyDir)
	if err != nil {
		t.Fatal(err)
	}
	defer copied.Close()
	if _, err := copied.Study(t.Context(), p.id); err != nil {
		t.Errorf("the copy lacks the study: %v", err)
	}
	if _, err := copied.EntitySet(t.Context(), p.set.name); err != nil {
		t.Errorf("the copy lacks the set: %v", err)
	}
	if _, err := copied.Participant(t.Context(), p.id, p.user); err != nil {
		t.Errorf("the copy lacks the participant: %v", err)
	}
}

func TestBackupRefusesExistingOut(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	importFixtureSet(t, data, "bk", 4)
	out := filepath.Join(t.TempDir(), "copy.db")
	os.WriteFile(out, []byte("an older backup"), 0o644)
	stdout, _, err := cli(t, "", "backup", "--out", out, "--data", data)
	wantErr(t, err, out, "exists")
	if stdout != "" {
		t.Errorf("stdout on error: %q", stdout)
	}
	if b, _ := os.ReadFile(out); string(b) != "an older backup" {
		t.Errorf("the existing file was changed: %q", b)
	}

	_, _, err = cli(t, "", "backup", "--data", data)
	if !errors.Is(err, errUsage) {
		t.Errorf("no --out: %v, want a usage error", err)
	}
	_, _, err = cli(t, "", "backup", "--out", filepath.Join(t.TempDir(), "no", "such", "dir", "copy.db"), "--data", data)
	if err == nil {
		t.Error("a backup into a missing directory succeeded")
	}
}

// TestBackupOutWithURICharacters: the integrity check must read the copy that was written,
// whatever its name; it must not open (and create) some other file.
func TestBackupOutWithURICharacters(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	importFixtureSet(t, data, "bkuri", 6)
	for _, name := range []string{"copy #1.db", "copy?v=2.db"} {
		dir := t.TempDir()
		out := filepath.Join(dir, name)
		mustCLI(t, "", "backup", "--out", out, "--data", data)
		entries, _ := os.ReadDir(dir)
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		if len(names) != 1 || names[0] != name {
			t.Errorf("backup to %q left %q in its directory (the integrity check opened another file)", name, names)
		}
		if err := store.CheckIntegrity(t.Context(), out); err != nil {
			t.Error(err)
		}
	}
}

// TestBackupRefusesMissingDataDir: a mistyped --data must not "back up" a new empty
// database (and create the directory) with a success message.
func TestBackupRefusesMissingDataDir(t *testing.T) {
	t.Parallel()
	parent := t.TempDir()
	missing := filepath.Join(parent, "feedlab-dta")
	out := filepath.Join(t.TempDir(), "copy.db")
	stdout, _, err := cli(t, "", "backup", "--out", out, "--data", missing)
	wantErr(t, err, missing)
	if stdout != "" {
		t.Errorf("stdout: %q", stdout)
	}
	if _, err := os.Stat(missing); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("backup created the data directory it was pointed at by mistake (%v)", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("backup of a missing data directory wrote %s", out)
	}
}
