package cli

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"feedlab/demo"
)

// testReplicateInterval is the sync interval the replication tests run serve with
// (FEEDLAB_REPLICATE_INTERVAL): short, so they wait little.
const testReplicateInterval = 100 * time.Millisecond

// timedSender sends engagements like engagementSender and keeps when each was acknowledged.
type timedSender struct {
	*engagementSender
	mu    sync.Mutex
	acked map[string]time.Time
	sent  []string
}

// sendAll sends up to total events from workers goroutines, fewer if stop closes first.
func (s *timedSender) sendAll(prefix string, total, workers int, stop <-chan struct{}) *sync.WaitGroup {
	var wg sync.WaitGroup
	next := make(chan int)
	go func() {
		defer close(next)
		for i := range total {
			select {
			case next <- i:
			case <-stop:
				return
			}
		}
	}()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				id := fmt.Sprintf("%s-%04d", prefix, i)
				s.mu.Lock()
				s.sent = append(s.sent, id)
				s.mu.Unlock()
				s.send(id, i)
				if s.ackedNow(id) {
					s.mu.Lock()
					s.acked[id] = time.Now()
					s.mu.Unlock()
				}
			}
		}()
	}
	return &wg
}

// ackedBefore counts the events with the prefix acknowledged before t.
func (s *timedSender) ackedBefore(prefix string, t time.Time) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for id, at := range s.acked {
		if strings.HasPrefix(id, prefix) && at.Before(t) {
			n++
		}
	}
	return n
}

// ackedNow reports whether id is among the acknowledged ids of engagementSender.
func (s *timedSender) ackedNow(id string) bool {
	s.engagementSender.mu.Lock()
	defer s.engagementSender.mu.Unlock()
	return slices.Contains(s.engagementSender.acked, id)
}

// TestReplicateKill9DeleteRestore is issue 27's story against the real binary: serve
// replicates to a folder under load; a quiet moment is noted mid-run; serve is killed with
// SIGKILL and its data directory deleted; restore rebuilds it from the folder. The latest
// restore holds every event acknowledged more than the sync interval before the kill,
// each exactly once, and the media; the restore to the quiet moment holds exactly the
// events acknowledged before it. A restore into a non-empty directory is refused.
func TestReplicateKill9DeleteRestore(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	data, dest := filepath.Join(root, "data"), filepath.Join(root, "replica")
	destURL := "file://" + filepath.ToSlash(dest)
	ctx, cancel := context.WithTimeout(t.Context(), 90*time.Second)
	defer cancel()

	child := startReplicatingServe(ctx, t, data, destURL)
	_, ents := loadParticipant(t, child.base, demo.ExperimentID, "repl-1", nil)
	transport := &http.Transport{MaxIdleConnsPerHost: 64}
	defer transport.CloseIdleConnections()
	s := &timedSender{acked: map[string]time.Time{}, engagementSender: &engagementSender{
		base: child.base, experimentID: demo.ExperimentID, user: "repl-1", entities: ents,
		client: &http.Client{Timeout: 20 * time.Second, Transport: transport}}}

	// Phase 1, then quiet: the point-in-time restore is defined by the wall clock (the
	// moment Litestream wrote each change off the write-ahead log), so the test lets wall
	// time pass around the noted moment: every phase-1 event is shipped before it, none
	// of phase 2 is written until well after it.
	s.sendAll("p1", 200, 16, nil).Wait()
	quiet := time.Second // the bound on what is not yet replicated
	mid := time.Now().Add(quiet)
	<-time.After(time.Until(mid.Add(quiet)))
	phase1 := len(s.acked)
	if phase1 == 0 {
		t.Fatal("no phase-1 event was acknowledged")
	}

	// Phase 2 runs until 200 of its events were acknowledged more than the bound
	// (1 s) before now, then serve is killed mid-flow.
	stop := make(chan struct{})
	wg := s.sendAll("p2", 100000, 16, stop)
	waitFor(t, 30*time.Second, "phase-2 events acknowledged over a second ago", func() bool {
		return s.ackedBefore("p2-", time.Now().Add(-time.Second)) >= 200
	})
	killed := time.Now()
	if err := child.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-child.exited
	close(stop)
	wg.Wait()
	wantMedia := mediaFiles(t, data)
	if err := os.RemoveAll(data); err != nil {
		t.Fatal(err)
	}

	// The latest state.
	latest := filepath.Join(root, "latest")
	out, errOut, code := runMain(t, "", "restore", "--from", destURL, "--data", latest)
	if code != 0 || !strings.Contains(out, "integrity check ok") {
		t.Fatalf("restore: exit %d\n%s%s", code, out, errOut)
	}
	stored := storedEventIDs(t, latest)
	const bound = time.Second
	var mustHave int
	var oldestMissing time.Duration // the replication lag seen: the oldest acknowledged event not restored
	for id, at := range s.acked {
		if stored[id] == 0 && killed.Sub(at) > oldestMissing {
			oldestMissing = killed.Sub(at)
		}
		if stored[id] > 1 {
			t.Errorf("event %s stored %d times", id, stored[id])
		}
		if killed.Sub(at) > bound { // the bound: 1 s of acknowledged events
			mustHave++
			if stored[id] != 1 {
				t.Errorf("event %s acknowledged %s before the kill is not in the restore", id, killed.Sub(at).Round(time.Millisecond))
			}
		}
	}
	for id, n := range stored {
		if n > 1 {
			t.Errorf("event %s stored %d times", id, n)
		}
		if !slices.Contains(s.sent, id) {
			t.Errorf("event %s restored but never sent", id)
		}
	}
	if mustHave < phase1+200 {
		t.Fatalf("only %d events were acknowledged more than 1 s before the kill; the test checked little", mustHave)
	}
	if got := mediaFiles(t, latest); len(got) != len(wantMedia) || len(wantMedia) == 0 {
		t.Errorf("restored %d media files, the data directory had %d", len(got), len(wantMedia))
	}
	t.Logf("%d acknowledged (%d more than 1 s before kill -9, all restored once); %d restored; the oldest acknowledged event not restored was acknowledged %s before the kill",
		len(s.acked), mustHave, len(stored), oldestMissing.Round(time.Millisecond))

	// The quiet moment: exactly phase 1.
	atMid := filepath.Join(root, "mid")
	out, errOut, code = runMain(t, "", "restore", "--from", destURL, "--data", atMid, "--at", mid.UTC().Format(time.RFC3339Nano))
	if code != 0 {
		t.Fatalf("restore --at: exit %d\n%s%s", code, out, errOut)
	}
	storedMid := storedEventIDs(t, atMid)
	for id := range s.acked {
		if strings.HasPrefix(id, "p1-") && storedMid[id] != 1 {
			t.Errorf("restore at the quiet moment: phase-1 event %s stored %d times", id, storedMid[id])
		}
	}
	for id := range storedMid {
		if !strings.HasPrefix(id, "p1-") {
			t.Errorf("restore at the quiet moment holds %s, sent after it", id)
		}
	}
	if len(storedMid) != phase1 {
		t.Errorf("restore at the quiet moment holds %d events, %d were acknowledged before it", len(storedMid), phase1)
	}

	// Never over a data directory.
	_, errOut, code = runMain(t, "", "restore", "--from", destURL, "--data", latest)
	if code == 0 || !strings.Contains(errOut, "not empty") {
		t.Errorf("restore into a non-empty directory: exit %d, %q", code, errOut)
	}
	if ctx.Err() != nil {
		t.Fatal("the test ran out of time")
	}
}

// unreachedHostKey is a well-formed SSH public key for SFTP destinations that no test reaches.
const unreachedHostKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDcpXRn1jOJ3nvUe3AZyU2k6AbhdfOq3pBTDfRhlIBRv"

// startReplicatingServe starts the real serve replicating to destURL with the tests'
// short sync interval.
func startReplicatingServe(ctx context.Context, t *testing.T, data, destURL string, flags ...string) *childServe {
	t.Helper()
	child, err := startServeWith(t, data, append([]string{"--replicate", destURL}, flags...), func(args []string) *exec.Cmd {
		cmd := mainCommand(ctx, t, args...)
		cmd.Env = append(cmd.Env, "FEEDLAB_REPLICATE_INTERVAL="+testReplicateInterval.String())
		if strings.HasPrefix(destURL, "sftp://") {
			// An SFTP destination needs its server's key pinned; the servers these
			// tests name through here are never reached, so any well-formed key does.
			cmd.Env = append(cmd.Env, "FEEDLAB_SFTP_HOST_KEY="+unreachedHostKey)
		}
		return cmd
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(child.kill)
	return child
}

// TestReplicateFailingDestinationIsAnAlert breaks the destination while serve runs (its
// folder becomes a file): participants' events are still acknowledged, the study page's
// alerts list replica_failing with when it last replicated and Litestream's error, and
// the log says it once (once a minute). Before, the dashboard's replication line names
// the destination and when it last replicated; after, Litestream's error too.
func TestReplicateFailingDestinationIsAnAlert(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	data, dest := filepath.Join(root, "data"), filepath.Join(root, "replica")
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	mustCLI(t, "a long enough password\n", "researcher", "add", "ada", "--password-stdin", "--data", data)
	c := startReplicatingServe(ctx, t, data, "file://"+filepath.ToSlash(dest))
	_, ents := loadParticipant(t, c.base, demo.ExperimentID, "during-failure", nil)
	jar, _ := cookiejar.New(nil)
	ada := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	if status, m, err := postJSON(ada, c.base, "/v1/auth/login", map[string]string{"name": "ada", "password": "a long enough password"}); err != nil || status != 200 {
		t.Fatalf("login: %d %v %v", status, m, err)
	}
	dashboard := func() string {
		res, err := ada.Get(c.base + "/v1/studies/" + demo.ExperimentID + "/dashboard")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return string(body)
	}
	if b := dashboard(); strings.Contains(b, "replica_failing") || !strings.Contains(b, `"replication":[{"url":"file://`+filepath.ToSlash(dest)+`","last_replicated":"`) {
		t.Fatalf("while replication works, the dashboard: %s", b)
	}

	// Litestream may be writing into the folder while it goes (a removal then meets a file
	// just created, or the folder is made again before the file takes its name): try until
	// the file holds the name.
	waitFor(t, 10*time.Second, "the destination's folder replaced by a file", func() bool {
		_ = os.RemoveAll(filepath.Join(dest, "db"))
		f, err := os.OpenFile(filepath.Join(dest, "db"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return false
		}
		_, err = f.WriteString("not a folder")
		return f.Close() == nil && err == nil
	})
	i := 0
	waitFor(t, 20*time.Second, "the replica_failing alert", func() bool {
		i++
		m := mustPost(t, c.base, "/v1/write_user_engagement", map[string]any{"user_id": "during-failure", "experiment_id": demo.ExperimentID,
			"event_id": fmt.Sprintf("f-%d", i), "entity_id": ents[0], "engagement_type": "likes", "response": "1"})
		if m["success"] != "true" {
			t.Fatalf("an event while the replica fails: %v", m)
		}
		return strings.Contains(dashboard(), `"kind":"replica_failing"`)
	})
	b := dashboard()
	t.Logf("dashboard: %s", b)
	for _, want := range []string{"last replicated", "behind", "last error", `"last_error":"`} {
		if !strings.Contains(b, want) {
			t.Errorf("the alert's detail lacks %q: %s", want, b)
		}
	}
	// The error is Litestream's own: "not a directory" once the file holds the name, or "no
	// such file or directory" when its write fell in the moment of the swap.
	if !strings.Contains(b, "not a directory") && !strings.Contains(b, "no such file or directory") {
		t.Errorf("the alert's last error is not the destination's: %s", b)
	}
	if n := strings.Count(c.out.String(), "kind=replica_failing"); n != 1 {
		t.Errorf("the failing replica was logged %d times, want once:\n%s", n, c.out)
	}
}

// TestReplicateEmptiedDestinationIsRebuilt empties the destination folder while serve
// runs (someone cleaned the bucket): Litestream alone would go on uploading changes no
// restore can start from; serve notices the missing snapshot, writes a new one and copies
// the media again, and a restore after kill -9 holds the events sent since.
func TestReplicateEmptiedDestinationIsRebuilt(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	data, dest := filepath.Join(root, "data"), filepath.Join(root, "replica")
	destURL := "file://" + filepath.ToSlash(dest)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	c := startReplicatingServe(ctx, t, data, destURL)
	snapshots := filepath.Join(dest, "db", "ltx", "9")
	hasSnapshot := func() bool { e, _ := os.ReadDir(snapshots); return len(e) > 0 }
	waitFor(t, 20*time.Second, "the first snapshot", hasSnapshot)
	// Litestream keeps writing into the folder while it is removed, so a removal can meet
	// a file created behind it ("directory not empty"); the person cleaning the bucket
	// would simply try again.
	waitFor(t, 10*time.Second, "the destination removed", func() bool { return os.RemoveAll(dest) == nil })
	_, ents := loadParticipant(t, c.base, demo.ExperimentID, "after-wipe", nil)
	e := &engagementSender{base: c.base, experimentID: demo.ExperimentID, user: "after-wipe", entities: ents,
		client: &http.Client{Timeout: 20 * time.Second}}
	e.sendAll("w", 40, 4).Wait()
	wantMedia := mediaFiles(t, data)
	waitFor(t, 20*time.Second, "a new snapshot and the media copied again", func() bool {
		return hasSnapshot() && len(mediaFiles(t, dest)) == len(wantMedia)
	})
	<-time.After(time.Second) // the bound for the last events
	c.kill()

	restored := filepath.Join(root, "restored")
	if out, errOut, code := runMain(t, "", "restore", "--from", destURL, "--data", restored); code != 0 {
		t.Fatalf("restore after the destination was emptied: exit %d\n%s%s", code, out, errOut)
	}
	stored := storedEventIDs(t, restored)
	for _, id := range e.acked {
		if stored[id] != 1 {
			t.Errorf("event %s stored %d times", id, stored[id])
		}
	}
	if len(e.acked) != 40 || len(stored) != 40 {
		t.Errorf("%d acknowledged, %d restored, 40 sent", len(e.acked), len(stored))
	}
	if !strings.Contains(c.out.String(), "had no snapshot") {
		t.Errorf("serve did not log the rebuilt destination:\n%s", c.out)
	}
}

// TestReplicateUnreachableAtStartStillServes starts serve replicating to an SFTP server
// that is not there (after a power cut the NAS comes back later than the VPS): serve
// starts and takes participants, and the study pages say replication could not start.
func TestReplicateUnreachableAtStartStillServes(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	mustCLI(t, "a long enough password\n", "researcher", "add", "ada", "--password-stdin", "--data", data)
	nobody := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	c := startReplicatingServe(ctx, t, data, "sftp://feedlab@"+nobody+"/srv/feedlab")
	if _, ents := loadParticipant(t, c.base, demo.ExperimentID, "while-down", nil); len(ents) == 0 {
		t.Fatal("no feed while the destination is down")
	}
	jar, _ := cookiejar.New(nil)
	ada := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	if status, m, err := postJSON(ada, c.base, "/v1/auth/login", map[string]string{"name": "ada", "password": "a long enough password"}); err != nil || status != 200 {
		t.Fatalf("login: %d %v %v", status, m, err)
	}
	res, err := ada.Get(c.base + "/v1/studies/" + demo.ExperimentID + "/dashboard")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(body), `"kind":"replica_failing"`) || !strings.Contains(string(body), "could not start") {
		t.Errorf("the dashboard while the destination is down: %s", body)
	}
}
