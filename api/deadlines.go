package api

import (
	"net/http"
	"time"
)

// The server's ReadTimeout and WriteTimeout (cli/serve.go) are seconds, so an anonymous
// client cannot hold a connection by trickling bytes. Calls that legitimately take longer
// extend their own connection's deadlines, only after the researcher is signed in:
const (
	uploadReadWindow  = 5 * time.Minute // a 16 MB stimulus set over a slow link
	exportWriteWindow = time.Hour       // a million-row export to a slow client
)

// extendRead gives the rest of this request's body until d from now to arrive.
func extendRead(w http.ResponseWriter, d time.Duration) {
	// ErrNotSupported (a writer that is not a connection's) leaves the server's deadline.
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(d))
}

// extendWrite gives this response until d from now to be written.
func extendWrite(w http.ResponseWriter, d time.Duration) {
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(d))
}
