package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/pprof"
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
// the events they held), so a load test can report the events per commit.
func servePprof(addr string, stdout io.Writer, writer func() store.WriterStats) (stop func(), err error) {
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
		json.NewEncoder(w).Encode(map[string]any{"writer": writer()})
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	fmt.Fprintf(stdout, "  Profiler (loopback only):  http://%s/debug/pprof/\n", ln.Addr())
	return func() { srv.Close() }, nil
}
