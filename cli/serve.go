package cli

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"feedlab/alert"
	"feedlab/api"
	"feedlab/auth"
	"feedlab/bundle"
	"feedlab/demo"
	"feedlab/diskspace"
	"feedlab/feed"
	"feedlab/frontend"
	"feedlab/limit"
	"feedlab/media"
	"feedlab/store"
)

// shutdownGrace is how long in-flight requests get to finish on SIGINT/SIGTERM; pending
// events are committed after that in any case.
const shutdownGrace = 10 * time.Second

// connTimeouts are the server's bounds on one connection.
type connTimeouts struct{ readHeader, read, write, idle time.Duration }

// serveTimeouts are serve's connection bounds (README: "a request's headers / body"). A
// variable, not constants, only so that cli's test binary can shorten them in the serve it
// runs as a child (TestMain): the test of the cut then waits seconds, not the real 15 s.
// Nothing else sets it; no flag exposes it.
var serveTimeouts = connTimeouts{readHeader: 5 * time.Second, read: 15 * time.Second, write: 30 * time.Second, idle: time.Minute}

func cmdServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, data := newFlags("serve", stderr)
	addr := fs.String("addr", ":8080", "address to listen on")
	contact := fs.String("contact", os.Getenv("FEEDLAB_CONTACT_EMAIL"), "contact shown on the home page as a link: an email address or an https:// page (none: no link)")
	tlsCert := fs.String("tls-cert", "", "serve HTTPS with this certificate file (PEM, with --tls-key)")
	tlsKey := fs.String("tls-key", "", "the private key file (PEM) of --tls-cert")
	behindProxy := fs.Bool("behind-proxy", false, "trust X-Forwarded-For and X-Forwarded-Proto from a reverse proxy in front of feedlab (listen on 127.0.0.1 then)")
	frameAncestors := fs.String("frame-ancestors", "", "origins allowed to embed the participant pages in a frame, space- or comma-separated (e.g. https://example.qualtrics.com)")
	arrivals := fs.Int("arrivals-per-minute", api.DefaultArrivalsPerMinute, "new participants accepted per client address per minute (also the burst)")
	signups := fs.Int("signups-per-minute", api.DefaultSignupsPerMinute, "home-page sign-ups accepted per client address per minute (also the burst)")
	checks := fs.Int("password-checks-per-minute", 60, "password checks (sign-ins, setup) across the appliance per minute")
	maxConns := fs.Int("max-conns-per-client", defaultMaxConnsPerClient, "open connections allowed per client address (0: no cap)")
	droppedAfter := fs.Duration("dropped-after", api.DefaultDroppedAfter, "on the dashboard, a participant who did not complete and sent nothing for this long counts as dropped")
	minFree := minFreeSpaceFlag(fs)
	mediaQuota := &sizeFlag{n: api.DefaultMediaQuota}
	fs.Var(mediaQuota, "media-quota", "what one researcher's uploaded media files may take together, like 5GB (0: no quota)")
	bundleMax := bundleMaxSizeFlag(fs, bundle.MaxTotalBytes)
	scriptTimeout := fs.Duration("script-timeout", feed.DefaultLimits.Timeout, "wall time a custom ranking script may take for one participant (its run is stopped after it and the participant told the study cannot start right now)")
	scriptMemory := &sizeFlag{n: feed.DefaultLimits.Memory}
	fs.Var(scriptMemory, "script-memory", "memory a custom ranking script may use in one run, like 64MB")
	var replicas stringList
	fs.Var(&replicas, "replicate", "stream the database and copy the media to this destination as they change: file:///folder, s3://bucket/folder or sftp://user@host/folder (credentials from the environment, see docs/replication.md)")
	pprofAddr := fs.String("pprof", "", "serve Go's profiler (net/http/pprof) on this loopback address, say 127.0.0.1:6060 (never on a public address)")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if err := noPositional(pos); err != nil {
		return err
	}
	if (*tlsCert == "") != (*tlsKey == "") {
		return fmt.Errorf("%w: --tls-cert and --tls-key go together", errUsage)
	}
	if *arrivals < 1 || *signups < 1 || *checks < 1 || *maxConns < 0 {
		return fmt.Errorf("%w: --arrivals-per-minute, --signups-per-minute and --password-checks-per-minute must be at least 1, --max-conns-per-client at least 0", errUsage)
	}
	if bundleMax.n <= 0 {
		return fmt.Errorf("%w: --bundle-max-size must be a positive size, say 2GB", errUsage)
	}
	if err := checkScriptFlags(*scriptTimeout, scriptMemory.n); err != nil {
		return err
	}
	if *droppedAfter <= 0 {
		return fmt.Errorf("%w: --dropped-after must be a positive duration, say 30m", errUsage)
	}
	if *pprofAddr != "" {
		if err := checkLoopback(*pprofAddr); err != nil {
			return fmt.Errorf("%w: --pprof: %v", errUsage, err)
		}
	}
	targets, err := parseReplicas(replicas)
	if err != nil {
		return err
	}
	contactLink, err := api.ParseContact(*contact)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	parents, err := parseFrameAncestors(*frameAncestors)
	if err != nil {
		return fmt.Errorf("%w: --frame-ancestors: %v", errUsage, err)
	}
	var certs []tls.Certificate
	if *tlsCert != "" {
		cert, err := tls.LoadX509KeyPair(*tlsCert, *tlsKey)
		if err != nil {
			return fmt.Errorf("serve: load TLS certificate: %w", err)
		}
		certs = []tls.Certificate{cert}
	}
	tuneGC()
	// Custom ranking scripts run in worker processes with these bounds (feed/sandbox.go).
	stopScripts, err := startScriptWorkers(*scriptTimeout, scriptMemory.n)
	if err != nil {
		return err
	}
	defer stopScripts()
	log := slog.New(slog.NewTextHandler(stderr, nil))
	// Checked before anything is opened or any address printed: a server that cannot store
	// what participants send must not invite them.
	if err := checkWritable(*data); err != nil {
		return err
	}
	disk := diskspace.New(*data, minFree.f)
	if r := disk.Check(); r.Low() {
		// Said at start, as the study pages say it: participants already in can finish.
		fmt.Fprintf(stderr, "Warning: the disk of %s is below its free-space floor (%s); new participants are told the study is full and uploads are refused until space is freed (--min-free-space).\n", *data, r.Detail())
	}
	st, ms, err := openData(ctx, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	alerts := alert.New(log)
	repl := startReplication(ctx, st, *data, targets, log, alerts)
	// Runs after st.Close (defers run last first): the events committed at shutdown are
	// shipped too.
	defer repl.close(stdout)
	if err := demo.Ensure(ctx, st, ms); err != nil {
		return err
	}
	if err := fillImageSizes(ctx, st, ms); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", *addr, err)
	}
	scheme := "http"
	if certs != nil {
		scheme = "https"
	}
	app := api.New(api.Config{
		Store: st, Media: ms, Frontend: frontend.Dist(), Logger: log,
		Contact: contactLink, PublicURLs: participantURLs(ln.Addr().(*net.TCPAddr), scheme),
		BehindProxy: *behindProxy, FrameAncestors: parents,
		ArrivalsPerMinute: *arrivals, SignupsPerMinute: *signups, PasswordChecksPerMinute: *checks,
		DroppedAfter: *droppedAfter, Version: version,
		Disk: disk, MediaQuota: mediaQuota.n, BundleMaxBytes: bundleMax.n,
		Alerts: alerts, Replication: repl.states,
	})
	// Media files no stimulus set uses (abandoned uploads, failed imports) are removed
	// after api.MediaGrace; checked at start and every hour.
	go app.SweepMediaEvery(ctx, time.Hour)
	srv := &http.Server{
		Handler: app.Handler(),
		// A request's headers and body must arrive within seconds, so slow clients cannot
		// hold connections open (slowloris); the few calls that need longer (stimulus
		// uploads, exports) extend their own deadlines (api.extendDeadlines).
		ReadHeaderTimeout: serveTimeouts.readHeader,
		ReadTimeout:       serveTimeouts.read,
		WriteTimeout:      serveTimeouts.write,
		IdleTimeout:       serveTimeouts.idle,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	if certs != nil {
		srv.TLSConfig = &tls.Config{Certificates: certs, MinVersion: tls.VersionTLS12}
	}
	if !*behindProxy {
		// Behind a proxy every connection comes from the proxy; capping them is its job.
		ln = limit.NewListener(ln, *maxConns)
	}
	printAddresses(stdout, ln.Addr().(*net.TCPAddr), *data, scheme)
	if *pprofAddr != "" {
		stop, err := servePprof(*pprofAddr, stdout, st.WriterStats, st.WriterQueue)
		if err != nil {
			return err
		}
		defer stop()
	}
	if err := printSetupLink(ctx, st, stdout, ln.Addr().(*net.TCPAddr), scheme); err != nil {
		return err
	}
	errc := make(chan error, 1)
	go func() {
		if certs != nil {
			errc <- srv.ServeTLS(ln, "", "")
			return
		}
		errc <- srv.Serve(ln)
	}()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	fmt.Fprintln(stdout, "Shutting down: finishing requests and committing pending events...")
	shutCtx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shutCtx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := st.Close(); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "Stopped.")
	return nil
}

// openData opens the database and the media store of a data directory.
func openData(ctx context.Context, dir string) (*store.Store, *media.Store, error) {
	st, err := store.Open(ctx, dir)
	if err != nil {
		return nil, nil, err
	}
	ms, err := media.Open(filepath.Join(dir, "media"))
	if err != nil {
		st.Close()
		return nil, nil, err
	}
	return st, ms, nil
}

// printAddresses tells the user where the pages are, on this machine and on the local
// network (participants in a classroom open the LAN address).
func printAddresses(w io.Writer, addr *net.TCPAddr, data, scheme string) {
	fmt.Fprintf(w, "feedlab %s serving (data in %s)\n", version, data)
	for i, base := range serveBases(addr, scheme) {
		label := "Local"
		if i > 0 {
			label = "LAN  "
		}
		fmt.Fprintf(w, "  %s participant feed:  %s/?experiment_id=%s\n", label, base, demo.ExperimentID)
		fmt.Fprintf(w, "  %s researcher pages:  %s/login\n", label, base)
	}
}

func lanAddresses() []string {
	var out []string
	ifaces, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	for _, a := range ifaces {
		ipnet, ok := a.(*net.IPNet)
		if !ok || ipnet.IP.IsLoopback() || ipnet.IP.To4() == nil || ipnet.IP.IsLinkLocalUnicast() {
			continue
		}
		out = append(out, ipnet.IP.String())
	}
	return out
}

// printSetupLink prints a one-time link to create the first researcher account when none
// exists. Only the token's hash is stored, with its expiry (api.SetupTokenTTL); a new link
// replaces the previous one. It stops working as soon as any account exists.
func printSetupLink(ctx context.Context, st *store.Store, w io.Writer, addr *net.TCPAddr, scheme string) error {
	n, err := st.CountResearchers(ctx)
	if err != nil || n > 0 {
		return err
	}
	token := auth.NewToken()
	if err := st.PutSetupToken(ctx, api.SetupTokenSetting, auth.HashToken(token), api.SetupTokenTTL); err != nil {
		return err
	}
	host := "localhost"
	if addr.IP != nil && !addr.IP.IsUnspecified() {
		host = addr.IP.String()
	}
	fmt.Fprintf(w, "\nNo researcher account yet. Create the first one (this link works once, for 24 hours):\n  %s://%s/setup?token=%s\n", scheme, net.JoinHostPort(host, fmt.Sprint(addr.Port)), token)
	fmt.Fprintln(w, "  or run: feedlab researcher add NAME --password-stdin")
	fmt.Fprintln(w, strings.Repeat("-", 60))
	return nil
}
