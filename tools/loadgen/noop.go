package main

import (
	"io"
	"net/http"
	"os"
)

// serveNoop is the ceiling: Go's HTTP server with a handler that reads the body and answers
// what feedlab answers to a new event, doing nothing else.
func serveNoop(addr string) {
	answer := []byte(`{"data":{"stored":1}}` + "\n")
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.Write(answer)
	})
	if err := http.ListenAndServe(addr, h); err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(1)
	}
}
