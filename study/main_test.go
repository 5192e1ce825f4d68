package study

import (
	"os"
	"testing"

	"feedlab/feed"
)

// TestMain lets this test binary serve as a ranking-script worker: custom scripts run in a
// worker process, which is the running program started again with FEEDLAB_RANK_WORKER=1.
func TestMain(m *testing.M) {
	feed.RunWorkerIfAsked()
	os.Exit(m.Run())
}
