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
	if err := l.Check(); err != nil {
		return nil, fmt.Errorf("%w: --script-timeout, --script-memory: %v", errUsage, err)
	}
	stop, err = feed.StartScripts(l)
	if err != nil {
		return nil, fmt.Errorf("serve: %w", err)
	}
	return stop, nil
}
