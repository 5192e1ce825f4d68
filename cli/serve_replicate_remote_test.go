package cli

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"feedlab/demo"
)

// s3Env is the environment serve and restore read an S3 destination's endpoint, region and
// credentials from (never the command line).
func s3Env(endpoint string) []string {
	return []string{"AWS_ENDPOINT_URL_S3=" + endpoint, "AWS_REGION=us-east-1",
		"AWS_ACCESS_KEY_ID=feedlab-test", "AWS_SECRET_ACCESS_KEY=feedlab-test-secret"}
}

// withS3Env is env with the S3 variables, less AWS_CA_BUNDLE: Litestream 0.5.18's S3
// client refuses to start when it is set ("unable to add custom RootCAs HTTPClient"), and
// this machine sets it (docs/replication.md says so for operators).
func withS3Env(base []string, endpoint string) []string {
	return append(withoutCABundle(base), s3Env(endpoint)...)
}

func withoutCABundle(env []string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, "AWS_") {
			out = append(out, kv)
		}
	}
	return out
}

// runMainEnv is runMain with extra environment variables (AWS_CA_BUNDLE dropped, see
// withS3Env).
func runMainEnv(t *testing.T, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	cmd := mainCommand(ctx, t, args...)
	cmd.Env = withoutCABundle(cmd.Env)
	cmd.Env = append(cmd.Env, env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		code = exit.ExitCode()
	default:
		t.Fatalf("run child %v: %v", args, err)
	}
	return out.String(), errb.String(), code
}

// TestReplicateToS3AndRestore runs the S3 path against an S3-compatible server on the
// loopback (gofakes3, in this test only): serve replicates the database and copies the
// media to s3://feedlab/lab1 (endpoint, region and credentials from the environment).
func TestReplicateToS3AndRestore(t *testing.T) {
	t.Parallel()
	backend := s3mem.New()
	if err := backend.CreateBucket("feedlab"); err != nil {
		t.Fatal(err)
	}
	fake := httptest.NewServer(gofakes3.New(backend).Server())
	defer fake.Close()
	replicateKillRestore(t, "s3://feedlab/lab1", s3Env(fake.URL))
}

// TestReplicateToSFTPAndRestore runs the SFTP path against an SSH server on the loopback
// (golang.org/x/crypto/ssh with github.com/pkg/sftp's server, in this test only), signed
// in with a key and checking the server's host key (both from the environment).
func TestReplicateToSFTPAndRestore(t *testing.T) {
	t.Parallel()
	srv := startSFTPServer(t)
	dest := "sftp://feedlab@" + srv.addr + filepath.ToSlash(filepath.Join(t.TempDir(), "replica"))
	replicateKillRestore(t, dest, srv.env())
}

// replicateKillRestore runs serve replicating to dest (env: the destination's variables),
// sends 150 events, all acknowledged, kills serve with SIGKILL a second later (the issue's
// bound), and restores: every event is there once, and every media file.
func replicateKillRestore(t *testing.T, dest string, env []string) {
	root := t.TempDir()
	data := filepath.Join(root, "data")
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	child, err := startServeWith(t, data, []string{"--replicate", dest}, func(args []string) *exec.Cmd {
		cmd := mainCommand(ctx, t, args...)
		cmd.Env = append(append(withoutCABundle(cmd.Env), env...), "FEEDLAB_REPLICATE_INTERVAL="+testReplicateInterval.String())
		return cmd
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(child.kill)
	_, ents := loadParticipant(t, child.base, demo.ExperimentID, "remote-1", nil)
	e := &engagementSender{base: child.base, experimentID: demo.ExperimentID, user: "remote-1", entities: ents,
		client: &http.Client{Timeout: 20 * time.Second}}
	e.sendAll("r", 150, 8).Wait()
	if len(e.acked) != 150 {
		t.Fatalf("%d of 150 events acknowledged", len(e.acked))
	}
	// The bound: what was acknowledged a second ago is at the destination.
	<-time.After(time.Second)
	if err := child.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-child.exited
	wantMedia := mediaFiles(t, data)

	restored := filepath.Join(root, "restored")
	out, errOut, code := runMainEnv(t, env, "restore", "--from", dest, "--data", restored)
	if code != 0 || !strings.Contains(out, "integrity check ok") {
		t.Fatalf("restore from %s: exit %d\n%s%s", dest, code, out, errOut)
	}
	stored := storedEventIDs(t, restored)
	for _, id := range e.acked {
		if stored[id] != 1 {
			t.Errorf("event %s stored %d times in the restore", id, stored[id])
		}
	}
	if len(stored) != len(e.acked) {
		t.Errorf("%d events restored, %d acknowledged", len(stored), len(e.acked))
	}
	if got := mediaFiles(t, restored); len(got) != len(wantMedia) || len(got) == 0 {
		t.Errorf("restored %d media files from %s, the data directory had %d", len(got), dest, len(wantMedia))
	}
	if ctx.Err() != nil {
		t.Fatal("the test ran out of time")
	}
}
