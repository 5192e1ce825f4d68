package cli

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// These tests run the real main() in a child process: throttles, timeouts and connection
// caps only mean something against the real server (issue 13, items 3 and 10).

func postJSONTo(t *testing.T, url, body string) *http.Response {
	t.Helper()
	res, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res
}

func childServeOrSkip(t *testing.T, data string, flags ...string) *childServe {
	t.Helper()
	c, err := startChildServe(t.Context(), t, data, flags...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.kill)
	return c
}

// TestServeLimitsAnonymousWrites: registrations and sign-ups per address, raised or
// lowered with serve's flags.
func TestServeLimitsAnonymousWrites(t *testing.T) {
	t.Parallel()
	c := childServeOrSkip(t, t.TempDir(), "--arrivals-per-minute", "5", "--signups-per-minute", "2")
	for i := 0; i < 5; i++ {
		if res := postJSONTo(t, c.base+"/v1/load_experiment", fmt.Sprintf(`{"user_id":"p%d","experiment_id":"solarflare"}`, i)); res.StatusCode != 200 {
			t.Fatalf("arrival %d: %d", i, res.StatusCode)
		}
	}
	res := postJSONTo(t, c.base+"/v1/load_experiment", `{"user_id":"p6","experiment_id":"solarflare"}`)
	if res.StatusCode != 429 || res.Header.Get("Retry-After") == "" {
		t.Errorf("6th arrival: %d %v", res.StatusCode, res.Header)
	}
	if res := postJSONTo(t, c.base+"/v1/load_experiment", `{"user_id":"p1","experiment_id":"solarflare"}`); res.StatusCode != 200 {
		t.Errorf("a returning participant: %d", res.StatusCode)
	}
	for i := 0; i < 2; i++ {
		postJSONTo(t, c.base+"/v1/signup", fmt.Sprintf(`{"email":"s%d@example.org"}`, i))
	}
	if res := postJSONTo(t, c.base+"/v1/signup", `{"email":"flood@example.org"}`); res.StatusCode != 429 {
		t.Errorf("3rd sign-up: %d", res.StatusCode)
	}
}

// TestServeCutsSlowRequests: a client trickling its body had its connection held for 2
// minutes; now the server cuts it at the ReadTimeout, and headers that never end at the
// ReadHeaderTimeout. The child serve runs with the two shortened to 1 s and 3 s
// (envTestReadTimeouts) so the test waits seconds, not the real 5 s and 15 s
// (TestServeTimeoutsAreTheDocumentedOnes holds those); the connection must stay open
// until its timeout (the trickle is served, not refused) and be closed soon after.
func TestServeCutsSlowRequests(t *testing.T) {
	t.Parallel()
	const headerTimeout, bodyTimeout = time.Second, 3 * time.Second
	c, err := startServeWith(t, t.TempDir(), nil, func(args []string) *exec.Cmd {
		cmd := mainCommand(t.Context(), t, args...)
		cmd.Env = append(cmd.Env, fmt.Sprintf("%s=%s,%s", envTestReadTimeouts, headerTimeout, bodyTimeout))
		return cmd
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.kill)
	addr := strings.TrimPrefix(c.base, "http://")
	cut := func(name, start, trickle string, timeout time.Duration) {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close()
		began := time.Now()
		fmt.Fprint(conn, start)
		closed := make(chan struct{})
		go func() { io.Copy(io.Discard, conn); close(closed) }()
		for {
			select {
			case <-closed:
				// The timeout counts from the connection's first read, a moment after
				// began; the slack below it is the machine's, above it a loaded machine's.
				took := time.Since(began)
				t.Logf("%s: cut after %v", name, took.Round(10*time.Millisecond))
				if took < timeout-200*time.Millisecond {
					t.Errorf("%s: cut after %v, before its %v timeout", name, took, timeout)
				}
				return
			case <-time.After(200 * time.Millisecond):
			}
			if time.Since(began) > timeout+10*time.Second {
				t.Errorf("%s: the connection was still open %v after it began (timeout %v)", name, time.Since(began).Round(time.Second), timeout)
				return
			}
			conn.Write([]byte(trickle))
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		cut("slow headers", "GET / HTTP/1.1\r\nHost: x\r\n", "X", headerTimeout)
	}()
	defer func() { <-done }()
	cut("slow body", "POST /v1/load_experiment HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{", " ", bodyTimeout)
}

// TestServeTimeoutsAreTheDocumentedOnes: the bounds TestServeCutsSlowRequests proves
// shortened are, in the real serve, the ones README and docs/security.md promise.
func TestServeTimeoutsAreTheDocumentedOnes(t *testing.T) {
	want := connTimeouts{readHeader: 5 * time.Second, read: 15 * time.Second, write: 30 * time.Second, idle: time.Minute}
	if serveTimeouts != want {
		t.Errorf("serve's connection timeouts are %+v, documented %+v", serveTimeouts, want)
	}
}

// TestServeCapsConnectionsPerClient: one address cannot hold every connection; a
// connection past the cap is closed at once, and a slot frees when one closes.
func TestServeCapsConnectionsPerClient(t *testing.T) {
	t.Parallel()
	const capacity = 3
	c := childServeOrSkip(t, t.TempDir(), "--max-conns-per-client", fmt.Sprint(capacity))
	http.DefaultClient.CloseIdleConnections() // the start-up poll's connection
	addr := strings.TrimPrefix(c.base, "http://")
	// held dials and reports whether the server keeps the connection (no EOF or reset
	// within a second); kept connections stay open until the test ends.
	var kept []net.Conn
	held := func() bool {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conn.SetReadDeadline(time.Now().Add(time.Second))
		_, err = conn.Read(make([]byte, 1))
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			conn.SetReadDeadline(time.Time{})
			kept = append(kept, conn)
			return true
		}
		conn.Close()
		return false
	}
	defer func() {
		for _, k := range kept {
			k.Close()
		}
	}()
	var got []bool
	for i := 0; i < capacity+2; i++ {
		got = append(got, held())
	}
	if fmt.Sprint(got) != "[true true true false false]" {
		t.Fatalf("connections kept: %v, want the first %d", got, capacity)
	}
	kept[0].Close()
	freed := false
	for i := 0; i < 20 && !freed; i++ {
		freed = held()
	}
	if !freed {
		t.Error("no connection was kept after one of the three closed")
	}
}

// mountTmpfs mounts a small tmpfs (root only; the test is skipped elsewhere).
func mountTmpfs(t *testing.T, size string) string {
	t.Helper()
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs (needs root): %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", "-l", dir).Run() })
	return dir
}

// TestServeRefusesAReadOnlyDataDirectory: serve says the data directory is not writable
// and prints no address, instead of inviting participants whose data it cannot store.
func TestServeRefusesAReadOnlyDataDirectory(t *testing.T) {
	dir := mountTmpfs(t, "64m")
	data := filepath.Join(dir, "data")
	mustCLI(t, "a long enough password\n", "researcher", "add", "ada", "--password-stdin", "--data", data) // creates the database
	if out, err := exec.Command("mount", "-o", "remount,ro", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot remount read-only: %v %s", err, out)
	}
	stdout, stderr, code := runMain(t, "", "serve", "--addr", "127.0.0.1:0", "--data", data)
	if code == 0 || strings.Contains(stdout, "http://") || !strings.Contains(stdout+stderr, "not writable") {
		t.Errorf("serve on a read-only directory: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
}

// TestServeAnswers503WhenTheDiskIsFull: with the disk full, a participant's events are
// refused with 503 and a reason (the outbox retries them), not a 500; the log says so once,
// not once per request.
func TestServeAnswers503WhenTheDiskIsFull(t *testing.T) {
	dir := mountTmpfs(t, "64m")
	data := filepath.Join(dir, "data")
	c := childServeOrSkip(t, data)
	res := postJSONTo(t, c.base+"/v1/load_experiment", `{"user_id":"p1","experiment_id":"solarflare"}`)
	if res.StatusCode != 200 {
		t.Fatalf("load: %d", res.StatusCode)
	}
	// Fill the disk.
	f, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	block := make([]byte, 1<<20)
	for {
		if _, err := f.Write(block); err != nil {
			break
		}
	}
	f.Close()
	// The participant already in keeps sending (new arrivals are turned away by the
	// free-space guard before they reach the disk: TestServeAnswersNewArrivalsStudyFullOnALowDisk).
	var statuses []int
	var reason string
	for i := 0; i < 40; i++ {
		body := fmt.Sprintf(`{"user_id":"p1","experiment_id":"solarflare","event_id":"cp-%d","checkpoint":"note","value":"%s"}`, i, strings.Repeat("x", 1000))
		res, err := http.Post(c.base+"/v1/write_checkpoint", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		statuses = append(statuses, res.StatusCode)
		if res.StatusCode == 503 {
			reason = string(b)
		}
		if res.StatusCode == 500 {
			t.Fatalf("500 on a full disk: %s", b)
		}
	}
	if !strings.Contains(reason, "disk is full") {
		t.Fatalf("no 503 with a reason; statuses %v", statuses)
	}
	if n := strings.Count(c.out.String(), `msg="cannot store data"`); n != 1 {
		t.Errorf("the full disk was logged %d times:\n%s", n, c.out)
	}
}

// TestServeOverTLS: serve --tls-cert/--tls-key answers HTTPS, prints https addresses, and
// sends HSTS; one flag without the other is a usage error.
func TestServeOverTLS(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cert, key := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	writeSelfSigned(t, cert, key)
	if _, _, err := cli(t, "", "serve", "--tls-cert", cert, "--data", t.TempDir()); err == nil || !strings.Contains(err.Error(), "go together") {
		t.Errorf("--tls-cert alone: %v", err)
	}
	port := freePort(t)
	cmd := mainCommand(t.Context(), t, "serve", "--addr", fmt.Sprintf("127.0.0.1:%d", port), "--data", filepath.Join(dir, "data"), "--tls-cert", cert, "--tls-key", key)
	out := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}
	var res *http.Response
	var err error
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if res, err = client.Get(fmt.Sprintf("https://127.0.0.1:%d/", port)); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatalf("no HTTPS answer: %v\n%s", err, out)
	}
	res.Body.Close()
	if res.Header.Get("Strict-Transport-Security") == "" || res.TLS == nil {
		t.Errorf("HSTS %q", res.Header.Get("Strict-Transport-Security"))
	}
	if !strings.Contains(out.String(), fmt.Sprintf("https://127.0.0.1:%d/login", port)) {
		t.Errorf("serve printed:\n%s", out)
	}
}

func writeSelfSigned(t *testing.T, certPath, keyPath string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "127.0.0.1"},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")},
		NotBefore:   time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kb, _ := x509.MarshalECPrivateKey(key)
	os.WriteFile(certPath, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
	os.WriteFile(keyPath, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb}), 0o600)
}

func TestPprofListensOnLoopbackOnly(t *testing.T) {
	for _, ok := range []string{"127.0.0.1:6060", "[::1]:0", "localhost:6060"} {
		if err := checkLoopback(ok); err != nil {
			t.Errorf("checkLoopback(%q) = %v, want nil", ok, err)
		}
	}
	for _, bad := range []string{":6060", "0.0.0.0:6060", "192.168.1.2:6060", "example.com:80", "6060", ""} {
		if err := checkLoopback(bad); err == nil {
			t.Errorf("checkLoopback(%q) = nil, want an error", bad)
		}
	}
}
