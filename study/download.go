package study

import "io"

// Download is a download of a study's data as the audit log counts it, for the API and the
// command line alike: it counts just before its first byte is written, when Begin runs
// (recording the download, and for the API setting the headers held back until then). A
// download given up before any byte was written is therefore not a download, and one that
// cannot be recorded does not happen: when Begin fails nothing is written and every write
// fails with its error.
type Download struct {
	W     io.Writer
	Begin func() error

	started bool
	refused error
}

func (d *Download) Write(p []byte) (int, error) {
	if err := d.Start(); err != nil {
		return 0, err
	}
	return d.W.Write(p)
}

// Start begins the download if it has not begun: for a download that writes nothing (it
// still counts, and still gets its headers).
func (d *Download) Start() error {
	if d.refused != nil {
		return d.refused
	}
	if d.started {
		return nil
	}
	if err := d.Begin(); err != nil {
		d.refused = err
		return err
	}
	d.started = true
	return nil
}

// Started reports whether the download began (its first byte, or Start).
func (d *Download) Started() bool { return d.started }

// Refused is why Begin failed, or nil.
func (d *Download) Refused() error { return d.refused }
