package api

import (
	"os"
	"testing"

	"feedlab/feed"
)

// TestMain lets this test binary serve as a ranking-script worker: custom scripts run in a
// worker process, which is the running program started again with FEEDLAB_RANK_WORKER=1.
// The demo template the test servers start from (demo_template_test.go) is removed after.
func TestMain(m *testing.M) {
	feed.RunWorkerIfAsked()
	code := m.Run()
	removeDemoTemplate()
	os.Exit(code)
}
