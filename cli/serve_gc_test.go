package cli

import (
	"runtime/debug"
	"testing"
)

// TestServeTunesTheCollectorUnlessGOGCIsSet: serve runs the collector at serveGCPercent,
// and a GOGC the operator set is left alone.
func TestServeTunesTheCollectorUnlessGOGCIsSet(t *testing.T) {
	before := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(before) })

	t.Setenv("GOGC", "")
	tuneGC()
	if got := debug.SetGCPercent(100); got != serveGCPercent {
		t.Fatalf("GOGC unset: collector at %d, want %d", got, serveGCPercent)
	}
	t.Setenv("GOGC", "100")
	tuneGC()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Fatalf("GOGC=100 set by the operator: collector moved to %d", got)
	}
}
