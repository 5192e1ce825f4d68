package cli

import (
	"fmt"
	"time"

	"feedlab/diskspace"
	"feedlab/feed"
)

// checkScriptFlags says what is wrong with --script-timeout and --script-memory.
func checkScriptFlags(timeout time.Duration, memory int64) error {
	if timeout < feed.MinScriptTimeout || timeout > feed.MaxScriptTimeout {
		return fmt.Errorf("%w: --script-timeout must be between %v and %v, not %v", errUsage, feed.MinScriptTimeout, feed.MaxScriptTimeout, timeout)
	}
	if memory < feed.MinScriptMemory || memory > feed.MaxScriptMemory {
		return fmt.Errorf("%w: --script-memory must be between %s and %s, not %s", errUsage,
			diskspace.FormatSize(feed.MinScriptMemory), diskspace.FormatSize(feed.MaxScriptMemory), diskspace.FormatSize(memory))
	}
	return nil
}

// startScriptWorkers starts serve's ranking-script workers with the flags' bounds, so the
// first participant of a custom-ranked study does not wait for one, and a machine that
// cannot run them is told at start, not by a participant.
func startScriptWorkers(timeout time.Duration, memory int64) (stop func(), err error) {
	stop, err = feed.StartScripts(feed.Limits{Timeout: timeout, Memory: memory, Workers: feed.DefaultLimits.Workers})
	if err != nil {
		return nil, fmt.Errorf("serve: %w", err)
	}
	return stop, nil
}
