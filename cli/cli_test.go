package cli

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"feedlab/feed"
	"feedlab/store"
)

// The self-exec pattern: a test starts this test binary again with FEEDLAB_TEST_MAIN=1 and
// the command line in FEEDLAB_TEST_ARGS (a JSON list), and the child runs Main, as main() does:
// real exit statuses, real signals, a real process to kill.
const (
	envTestMain = "FEEDLAB_TEST_MAIN"
	envTestArgs = "FEEDLAB_TEST_ARGS"
	// envTestReadTimeouts shortens a child serve's header and body timeouts ("1s,3s"), so
	// a test of the cut waits seconds instead of the real 5 s and 15 s (serveTimeouts).
	envTestReadTimeouts = "FEEDLAB_TEST_READ_TIMEOUTS"
)

func TestMain(m *testing.M) {
	feed.RunWorkerIfAsked() // first: a serve run by these tests starts this binary as its script worker
	if os.Getenv(envTestMain) == "1" {
		var args []string
		if err := json.Unmarshal([]byte(os.Getenv(envTestArgs)), &args); err != nil {
			fmt.Fprintln(os.Stderr, "test child: bad", envTestArgs, err)
			os.Exit(3)
		}
		if v := os.Getenv(envTestReadTimeouts); v != "" {
			header, body, _ := strings.Cut(v, ",")
			h, err1 := time.ParseDuration(header)
			b, err2 := time.ParseDuration(body)
			if err := errors.Join(err1, err2); err != nil {
				fmt.Fprintln(os.Stderr, "test child: bad", envTestReadTimeouts, err)
				os.Exit(3)
			}
			serveTimeouts.readHeader, serveTimeouts.read = h, b
		}
		os.Args = append([]string{"feedlab"}, args...)
		os.Exit(Main())
	}
	os.Exit(m.Run())
}

// mainCommand returns a command that runs main() with args in a child process.
func mainCommand(ctx context.Context, t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	enc, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envTestMain+"=1", envTestArgs+"="+string(enc))
	cmd.WaitDelay = 5 * time.Second
	return cmd
}

// runMain runs main() in a child process and returns its output and exit status.
func runMain(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	cmd := mainCommand(ctx, t, args...)
	var out, errb bytes.Buffer
	cmd.Stdin = strings.NewReader(stdin)
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

// cli runs the command line in-process, as main does, bounded in time.
func cli(t *testing.T, stdin string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	err = Run(ctx, args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), err
}

// mustCLI runs a command that must succeed.
func mustCLI(t *testing.T, stdin string, args ...string) (stdout, stderr string) {
	t.Helper()
	stdout, stderr, err := cli(t, stdin, args...)
	if err != nil {
		t.Fatalf("feedlab %s: %v\nstderr: %s", strings.Join(args, " "), err, stderr)
	}
	return stdout, stderr
}

// lastLine is the last non-empty line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

// wantErr checks that err is non-nil and its message holds every substring.
func wantErr(t *testing.T, err error, subs ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error; want one mentioning %q", subs)
	}
	for _, s := range subs {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("error %q does not mention %q", err, s)
		}
	}
}

// writePNG writes a small real PNG whose pixels (and so bytes and SHA-256) depend on seed,
// and returns its stored media name (hex SHA-256 + ".png").
func writePNG(t *testing.T, path string, seed int) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 8, 6))
	for y := range 6 {
		for x := range 8 {
			img.Set(x, y, color.RGBA{uint8(seed * 37), uint8(x * 30), uint8(y*40 + seed), 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(buf.Bytes())
	return hex.EncodeToString(sum[:]) + ".png"
}

// fixtureSet is a stimulus set imported through the command line.
type fixtureSet struct {
	name  string   // stored set name (date prefix + identifier)
	media []string // stored media name of card1.png, card2.png, card3.png
}

// importFixtureSet imports testdata/stimuli.tsv with three generated PNGs into data.
func importFixtureSet(t *testing.T, data, ident string, seed int) fixtureSet {
	t.Helper()
	dir := t.TempDir()
	var fs fixtureSet
	for i := 1; i <= 3; i++ {
		fs.media = append(fs.media, writePNG(t, filepath.Join(dir, fmt.Sprintf("card%d.png", i)), seed*10+i))
	}
	out, _ := mustCLI(t, "", "sets", "import", "--name", ident, "--category", "news", "--media", dir,
		filepath.Join("testdata", "stimuli.tsv"), "--data", data)
	fs.name = lastLine(out)
	return fs
}

// fixtureParams writes testdata/params.csv for set to a temporary file.
func fixtureParams(t *testing.T, set string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "params.csv"))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "params.csv")
	if err := os.WriteFile(p, bytes.ReplaceAll(b, []byte("@SET@"), []byte(set)), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// createFixtureStudy creates the two-condition fixture study and returns its experiment_id.
func createFixtureStudy(t *testing.T, data, set string) string {
	t.Helper()
	out, _ := mustCLI(t, "", "study", "create", "--from", fixtureParams(t, set), "--data", data)
	return lastLine(out)
}

// openStore opens the data directory's database for checking; it is closed at cleanup.
func openStore(t *testing.T, data string) *store.Store {
	t.Helper()
	st, err := store.Open(t.Context(), data)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// queryInt runs a counting query on a database file, read-only, outside the store.
func queryInt(t *testing.T, dbPath, query string, args ...any) int64 {
	t.Helper()
	uri := "file:" + (&url.URL{Path: filepath.ToSlash(dbPath)}).EscapedPath()
	conn, err := sql.Open("sqlite", uri+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var n int64
	if err := conn.QueryRowContext(t.Context(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// mediaFiles lists the stored files under data/media (names only, images' smaller copies left out).
func mediaFiles(t *testing.T, data string) []string {
	t.Helper()
	var names []string
	root := filepath.Join(data, "media")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && p == root {
			return fs.SkipAll
		}
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "variants" {
			return fs.SkipDir // images' smaller copies, derived from the stored files (media/variants.go)
		}
		if !d.IsDir() {
			names = append(names, d.Name())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// parseCSV parses an export and fails the test if it is not RFC 4180 with a header.
func parseCSV(t *testing.T, s string) (header []string, rows []map[string]string) {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(s)).ReadAll()
	if err != nil {
		t.Fatalf("export is not valid CSV: %v\n%s", err, s)
	}
	if len(recs) == 0 {
		t.Fatal("export has no header row")
	}
	header = recs[0]
	for _, r := range recs[1:] {
		m := make(map[string]string, len(header))
		for i, h := range header {
			m[h] = r[i]
		}
		rows = append(rows, m)
	}
	return header, rows
}

// freePort returns a TCP port on 127.0.0.1 that was free a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// syncBuffer is a bytes.Buffer safe to read while a server writes to it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor polls cond until it holds or the timeout passes.
func waitFor(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", timeout, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestVersionHelpAndUnknownCommands(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		wantOut   []string // substrings of stdout
		wantUsage bool     // errUsage expected
		wantErr   string
	}{
		{name: "version", args: []string{"version"}, wantOut: []string{"feedlab " + version + "\n"}},
		{name: "--version", args: []string{"--version"}, wantOut: []string{"feedlab " + version + "\n"}},
		{name: "help", args: []string{"help"}, wantOut: []string{
			"feedlab serve", "feedlab study create --from params.csv", "feedlab sets import --name NAME --category CAT",
			"feedlab export --study ID --type TYPE [--out FILE]", "feedlab backup --out FILE",
			"feedlab researcher add NAME [--password-stdin]", "feedlab researcher list", "--owner NAME",
			"feedlab researcher unlock NAME", "feedlab researcher password NAME [--password-stdin]", "feedlab version", "--data",
			"[--script-timeout 200ms] [--script-memory 64MB]", "feedlab study launch|archive|restore|delete ID [--confirm ID]",
		}},
		{name: "-h", args: []string{"-h"}, wantOut: []string{"Usage:"}},
		{name: "--help", args: []string{"--help"}, wantOut: []string{"Usage:"}},
		{name: "unknown command", args: []string{"frobnicate"}, wantUsage: true, wantErr: `unknown command "frobnicate"`},
		{name: "study without create", args: []string{"study"}, wantUsage: true, wantErr: "study create"},
		{name: "study delete without id", args: []string{"study", "delete"}, wantUsage: true, wantErr: "feedlab study delete ID"},
		{name: "unknown study subcommand", args: []string{"study", "frobnicate"}, wantUsage: true, wantErr: "study launch|archive|restore|delete ID"},
		{name: "sets without import", args: []string{"sets", "list"}, wantUsage: true, wantErr: "sets import"},
		{name: "researcher without add", args: []string{"researcher"}, wantUsage: true, wantErr: "researcher add"},
		{name: "unknown flag", args: []string{"backup", "--bogus", "x"}, wantUsage: true, wantErr: "bogus"},
		{name: "script memory too small", args: []string{"serve", "--script-memory", "1KB"}, wantUsage: true, wantErr: "--script-memory must be between 16 MB and 16 GB, not 1 KB"},
		{name: "script memory not a size", args: []string{"serve", "--script-memory", "lots"}, wantUsage: true, wantErr: `"lots" is not a size like 5GB, 512MB or 0`},
		{name: "script timeout too long", args: []string{"serve", "--script-timeout", "2m"}, wantUsage: true, wantErr: "--script-timeout must be between 10ms and 1m0s, not 2m0s"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, _, err := cli(t, "", tc.args...)
			if tc.wantUsage {
				if !errors.Is(err, errUsage) {
					t.Fatalf("error %v, want a usage error", err)
				}
				wantErr(t, err, tc.wantErr)
				if out != "" {
					t.Errorf("a usage error wrote to stdout: %q", out)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.wantOut {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

// TestMainExitStatus runs the real main() in a child: data on stdout, errors on stderr,
// exit status 0, 1 for failures and 2 for usage errors.
func TestMainExitStatus(t *testing.T) {
	data := t.TempDir()
	openStore(t, data).Close() // an existing, empty database
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout string // substring; "" means stdout must be empty
		wantStderr []string
	}{
		{name: "version", args: []string{"version"}, wantCode: 0, wantStdout: "feedlab " + version},
		{name: "help", args: []string{"help"}, wantCode: 0, wantStdout: "Usage:"},
		{name: "unknown command", args: []string{"frobnicate"}, wantCode: 2,
			wantStderr: []string{"feedlab: ", `unknown command "frobnicate"`, "Run 'feedlab help' for usage."}},
		{name: "missing required flag", args: []string{"backup", "--data", data}, wantCode: 2,
			wantStderr: []string{"--out FILE is required", "Run 'feedlab help'"}},
		{name: "failure", args: []string{"export", "--study", "fl-nosuchid", "--type", "engagement", "--data", data}, wantCode: 1,
			wantStderr: []string{"feedlab: ", "no data found"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runMain(t, "", tc.args...)
			if code != tc.wantCode {
				t.Errorf("exit status %d, want %d (stderr %q)", code, tc.wantCode, errOut)
			}
			if tc.wantStdout == "" && out != "" {
				t.Errorf("stdout should be empty on error, got %q", out)
			}
			if !strings.Contains(out, tc.wantStdout) {
				t.Errorf("stdout %q lacks %q", out, tc.wantStdout)
			}
			for _, w := range tc.wantStderr {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr %q lacks %q", errOut, w)
				}
			}
			if tc.wantCode == 0 && errOut != "" {
				t.Errorf("stderr should be empty on success, got %q", errOut)
			}
		})
	}
}

// TestStrayArgumentsAreUsageErrors: an argument a command does not take is a mistake
// (say, an output file given without --out) and must be refused before anything happens,
// not silently ignored.
func TestStrayArgumentsAreUsageErrors(t *testing.T) {
	data := t.TempDir()
	set := importFixtureSet(t, data, "stray", 5)
	params := fixtureParams(t, set.name)
	id := createFixtureStudy(t, data, set.name)
	dir := filepath.Join(t.TempDir(), "out")
	tests := []struct {
		name string
		args []string
	}{
		{"export with a file name but no --out", []string{"export", "--study", id, "--type", "engagement", filepath.Join(dir, "e.csv")}},
		{"backup with a second file", []string{"backup", "--out", filepath.Join(dir, "b.db"), filepath.Join(dir, "c.db")}},
		{"study create with a second file", []string{"study", "create", "--from", params, params}},
		{"serve with a port as argument", []string{"serve", "8081"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			os.RemoveAll(dir)
			os.Mkdir(dir, 0o755)
			before := studyCount(t, data)
			ctx, cancel := context.WithCancel(t.Context())
			if tc.args[0] == "serve" {
				cancel() // if the argument were ignored, serve would stop at once instead of blocking
			}
			defer cancel()
			var out, errb bytes.Buffer
			err := Run(ctx, append(tc.args, "--data", data), strings.NewReader(""), &out, &errb)
			if !errors.Is(err, errUsage) {
				t.Errorf("error %v, want a usage error naming the stray argument", err)
			}
			if out.Len() > 0 {
				t.Errorf("stdout: %q", out.String())
			}
			if n := studyCount(t, data); n != before {
				t.Errorf("studies went from %d to %d", before, n)
			}
			if entries, _ := os.ReadDir(dir); len(entries) > 0 {
				t.Errorf("%s was written", entries[0].Name())
			}
		})
	}
}

// TestDataDirWithURICharacters: --data is a path; characters that mean something in a
// SQLite URI ('#', '?', '%') must not move the database out of the data directory or stop
// it from opening.
func TestDataDirWithURICharacters(t *testing.T) {
	for _, tc := range []struct{ test, name string }{{"hash", "Study #2"}, {"question_mark", "what?"}, {"percent", "100% done"}} {
		name := tc.name
		// The subtest names stay plain: t.TempDir keeps '#' and '%', and a buggy store
		// would then write outside the temporary directory.
		t.Run(tc.test, func(t *testing.T) {
			parent := t.TempDir()
			data := filepath.Join(parent, name)
			if _, _, err := cli(t, "a long enough password\n", "researcher", "add", "ada", "--password-stdin", "--data", data); err != nil {
				t.Fatalf("researcher add with --data %q: %v", data, err)
			}
			if _, err := os.Stat(filepath.Join(data, store.DatabaseFile)); err != nil {
				t.Errorf("the database is not in the data directory: %v", err)
			}
			entries, _ := os.ReadDir(parent)
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			if len(names) != 1 || names[0] != name {
				t.Errorf("next to the data directory %q there is %q", name, names)
			}
		})
	}
}
