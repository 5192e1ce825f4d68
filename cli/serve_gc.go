package cli

import (
	"os"
	"runtime/debug"
)

// serveGCPercent is the garbage collector's target while serving, unless GOGC is set:
// the heap may grow to five times what is live between collections. feedlab's live heap is
// small (tens of MB: caches, one export page at a time), so the default (100) collected
// several times a second under a participant launch, and every collection costs the
// participants CPU; 400 keeps a serving appliance within about a hundred MB.
const serveGCPercent = 400

func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(serveGCPercent)
	}
}
