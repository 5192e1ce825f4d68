package cli

import (
	"context"
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

	"feedlab/api"
	"feedlab/auth"
	"feedlab/demo"
	"feedlab/frontend"
	"feedlab/media"
	"feedlab/store"
)

// shutdownGrace is how long in-flight requests get to finish on SIGINT/SIGTERM; pending
// events are committed after that in any case.
const shutdownGrace = 10 * time.Second

func cmdServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, data := newFlags("serve", stderr)
	addr := fs.String("addr", ":8080", "address to listen on")
	contact := fs.String("contact", os.Getenv("FEEDLAB_CONTACT_EMAIL"), "contact email shown on the home page")
	droppedAfter := fs.Duration("dropped-after", api.DefaultDroppedAfter, "on the dashboard, a participant who did not complete and sent nothing for this long counts as dropped")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if err := noPositional(pos); err != nil {
		return err
	}
	if *droppedAfter <= 0 {
		return fmt.Errorf("%w: --dropped-after must be a positive duration, say 30m", errUsage)
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	st, ms, err := openData(ctx, *data)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := demo.Ensure(ctx, st, ms); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", *addr, err)
	}
	srv := &http.Server{
		Handler: api.New(api.Config{
			Store: st, Media: ms, Frontend: frontend.Dist(), Logger: log,
			ContactEmail: *contact, DroppedAfter: *droppedAfter, PublicURLs: participantURLs(ln.Addr().(*net.TCPAddr)),
		}).Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       2 * time.Minute, // uploads of media over slow links
		IdleTimeout:       2 * time.Minute,
	}
	printAddresses(stdout, ln.Addr().(*net.TCPAddr), *data)
	if err := printSetupLink(ctx, st, stdout, ln.Addr().(*net.TCPAddr)); err != nil {
		return err
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
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
func printAddresses(w io.Writer, addr *net.TCPAddr, data string) {
	fmt.Fprintf(w, "feedlab %s serving (data in %s)\n", version, data)
	for i, base := range serveBases(addr) {
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
func printSetupLink(ctx context.Context, st *store.Store, w io.Writer, addr *net.TCPAddr) error {
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
	fmt.Fprintf(w, "\nNo researcher account yet. Create the first one (this link works once, for 24 hours):\n  http://%s/setup?token=%s\n", net.JoinHostPort(host, fmt.Sprint(addr.Port)), token)
	fmt.Fprintln(w, "  or run: feedlab researcher add NAME --password-stdin")
	fmt.Fprintln(w, strings.Repeat("-", 60))
	return nil
}
