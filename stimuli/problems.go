package stimuli

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// maxRowProblems bounds how many row problems one answer lists: enough to fix a paste in
// one go, few enough that a wrong file (every row bad) gives a readable message.
const maxRowProblems = 50

// rowChecker collects the problems of every row of a set, so the researcher sees them all
// at once instead of one per attempt. A file name on two rows is not one: the same image
// under two headlines is a design (the upload page's preview points it out as a warning).
type rowChecker struct {
	list []string
	more int
}

// check records rowErr (the row's own problem, if any); an error that is not a Problem
// is returned as it is.
func (c *rowChecker) check(rowErr error) error {
	if rowErr == nil {
		return nil
	}
	var p *Problem
	if !errors.As(rowErr, &p) {
		return rowErr
	}
	c.add(p.Message)
	return nil
}

func (c *rowChecker) add(msg string) {
	if len(c.list) == maxRowProblems {
		c.more++
		return
	}
	c.list = append(c.list, msg)
}

// err is every row problem found as one Problem (nil when none): its Message joins them,
// Rows lists them.
func (c *rowChecker) err() error {
	if len(c.list) == 0 {
		return nil
	}
	msg := strings.Join(c.list, "; ")
	if c.more > 0 {
		msg += fmt.Sprintf(" (and %d more problems)", c.more)
	}
	return &Problem{Message: msg, Rows: slices.Clone(c.list), More: c.more}
}
