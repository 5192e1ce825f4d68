package cli

import (
	"fmt"

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

// startScriptWorkers starts serve's ranking-script workers with the flags' bounds, so the
// first participant of a custom-ranked study does not wait for one, and a machine that
// cannot run them is told at start, not by a participant.
func startScriptWorkers(l feed.Limits) (stop func(), err error) {
	if l.Timeout < feed.MinScriptTimeout || l.Timeout > feed.MaxScriptTimeout {
		return nil, fmt.Errorf("%w: --script-timeout must be between %v and %v, not %v", errUsage, feed.MinScriptTimeout, feed.MaxScriptTimeout, l.Timeout)
	}
	if l.Memory < feed.MinScriptMemory || l.Memory > feed.MaxScriptMemory {
		return nil, fmt.Errorf("%w: --script-memory must be between %s and %s, not %s", errUsage,
			feed.FormatBytes(feed.MinScriptMemory), feed.FormatBytes(feed.MaxScriptMemory), feed.FormatBytes(l.Memory))
	}
	stop, err = feed.StartScripts(l)
	if err != nil {
		return nil, fmt.Errorf("serve: %w", err)
	}
	return stop, nil
}
