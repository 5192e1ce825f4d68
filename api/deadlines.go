package api

import (
	"net/http"
	"time"
)

// The server's ReadTimeout and WriteTimeout (cli/serve.go) are seconds, so an anonymous
// client cannot hold a connection by trickling bytes. Calls that legitimately take longer
// extend their own connection's deadlines, only after the researcher is signed in:
const (
	setUploadWindow   = 5 * time.Minute // a 16 MB stimulus set over a slow link
	exportWriteWindow = time.Hour       // a million-row export to a slow client
)

// extendReadWrite gives the rest of this request's body until d from now to arrive, and
// the answer as long. Both are needed: the server's WriteTimeout counts from the end of the
// request's headers, so a long upload would otherwise lose its answer.
func extendReadWrite(w http.ResponseWriter, d time.Duration) {
	rc := http.NewResponseController(w)
	// ErrNotSupported (a writer that is not a connection's) leaves the server's deadlines.
	_ = rc.SetReadDeadline(time.Now().Add(d))
	_ = rc.SetWriteDeadline(time.Now().Add(d))
}

// extendWrite gives this response until d from now to be written.
func extendWrite(w http.ResponseWriter, d time.Duration) {
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(d))
}
