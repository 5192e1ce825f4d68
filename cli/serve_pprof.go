package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/pprof"
	"strings"
	"time"

	"feedlab/store"
)

// checkLoopback accepts only a host:port whose host is a loopback IP or "localhost": the
// profiler shows the program's memory and must never be reachable from the network.
func checkLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%q is not host:port (say 127.0.0.1:6060)", addr)
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return errors.New("the profiler listens on a loopback address only (127.0.0.1 or [::1])")
}

// servePprof serves net/http/pprof on its own listener, apart from the app's router, so
// none of its pages is ever reachable through the public address.
//
// Beside the profiler, /debug/vars answers the event writer's counts (group commits and
// the events they held), so a load test can report the events per commit, and the
// writer's clocks (how long writes wait for the one writer connection and hold it).
func servePprof(addr string, stdout io.Writer, writer func() store.WriterStats, queue func() store.WriterQueue) (stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("--pprof: listen on %s: %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index) // also the named profiles: heap, allocs, goroutine, …
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	mux.HandleFunc("/debug/vars", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"writer": writer(), "writer_queue": queue()})
	})
	srv := &http.Server{Handler: loopbackHostOnly(mux), ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	fmt.Fprintf(stdout, "  Profiler (loopback only):  http://%s/debug/pprof/\n", ln.Addr())
	return func() { srv.Close() }, nil
}

// loopbackHostOnly answers 403 to any request whose Host is not a loopback address
// (127.0.0.1, [::1], localhost, with or without a port). Listening on loopback is not
// enough: a web page can point a name of its own at 127.0.0.1 (DNS rebinding) and then
// read the profiler through the visitor's browser; such a request carries the page's name
// as Host.
func loopbackHostOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !isLoopbackHost(r.Host) {
			http.Error(w, "The profiler answers only requests addressed to 127.0.0.1, [::1] or localhost.", http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func isLoopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	} else if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		host = host[1 : len(host)-1]
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
