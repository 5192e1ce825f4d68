package feed

import (
	"os"
	"testing"
)

// TestMain lets this test binary serve as a script worker: the sandbox starts the running
// program again with FEEDLAB_RANK_WORKER=1, as serve starts feedlab.
func TestMain(m *testing.M) {
	RunWorkerIfAsked()
	os.Exit(m.Run())
}
