//go:build !linux

package feed

import (
	"io"
	"syscall"
	"time"
)

// Elsewhere than Linux a worker runs without an address-space limit or a lower priority:
// the memory watch (watchMemory) and the server's kill on overrun still bound a script,
// but one huge allocation can reach the system's limits. feedlab is deployed on Linux.

func limitWorker(int64) (uint64, error)       { return 0, nil }
func limitJobCPU(time.Duration) (stop func()) { return func() {} }
func watchCPULimit(io.Writer)                 {}
func workerAttrs() *syscall.SysProcAttr       { return &syscall.SysProcAttr{} }
