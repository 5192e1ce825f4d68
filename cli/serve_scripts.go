package cli

import (
	"fmt"
	"time"

	"feedlab/feed"
)

// bytesFlag is a size flag such as --script-memory 64MB.
type bytesFlag int64

func (b *bytesFlag) String() string { return feed.FormatBytes(int64(*b)) }

func (b *bytesFlag) Set(s string) error {
	n, err := feed.ParseBytes(s)
	if err != nil {
		return err
	}
	*b = bytesFlag(n)
	return nil
}

// checkScriptFlags says what is wrong with --script-timeout and --script-memory.
func checkScriptFlags(timeout time.Duration, memory int64) error {
	if timeout < feed.MinScriptTimeout || timeout > feed.MaxScriptTimeout {
		return fmt.Errorf("%w: --script-timeout must be between %v and %v, not %v", errUsage, feed.MinScriptTimeout, feed.MaxScriptTimeout, timeout)
	}
	if memory < feed.MinScriptMemory || memory > feed.MaxScriptMemory {
		return fmt.Errorf("%w: --script-memory must be between %s and %s, not %s", errUsage,
			feed.FormatBytes(feed.MinScriptMemory), feed.FormatBytes(feed.MaxScriptMemory), feed.FormatBytes(memory))
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
