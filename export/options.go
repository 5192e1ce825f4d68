package export

import (
	"errors"
	"fmt"
	"strconv"
)

// Cleaning is the exposures export's built-in, explicit cleaning of dwell times. Every
// value is written into the file's codebook, so the rule travels with the data. The zero
// value cleans nothing.
type Cleaning struct {
	// DwellCapMs caps each visit's dwell at this many milliseconds (0: no cap). A visit
	// this long most likely means the participant looked away, not that they read on.
	DwellCapMs int64
	// DwellFloorMs drops visits shorter than this many milliseconds (0: none dropped): a
	// card scrolled past is not a card seen.
	DwellFloorMs int64
	// Trim drops each participant's first Trim and last Trim cards of the feed (by
	// item_order), where reading is least typical.
	Trim int
	// SawEveryCard keeps only participants whose every remaining card has a dwell after
	// the cap and floor (saw_every_card = 1).
	SawEveryCard bool
	// DropExcluded leaves out the participants a researcher excluded (issue 22, item 3);
	// without it they have rows, marked excluded = 1 with their exclusion_reason.
	DropExcluded bool
}

// MaxTrim bounds Cleaning.Trim: longer than any feed a study can give.
const MaxTrim = 1000

// ErrBadOption is matched by every invalid download option; its message is for the
// researcher.
var ErrBadOption = errors.New("export: invalid option")

// Check reports an option a researcher cannot mean.
func (c Cleaning) Check() error {
	switch {
	case c.DwellCapMs < 0:
		return fmt.Errorf("%w: the dwell cap must be 0 (no cap) or a positive number of milliseconds", ErrBadOption)
	case c.DwellFloorMs < 0:
		return fmt.Errorf("%w: the dwell floor must be 0 (none) or a positive number of milliseconds", ErrBadOption)
	case c.DwellCapMs > 0 && c.DwellCapMs <= c.DwellFloorMs:
		return fmt.Errorf("%w: the dwell cap (%d ms) must be above the dwell floor (%d ms)", ErrBadOption, c.DwellCapMs, c.DwellFloorMs)
	case c.Trim < 0 || c.Trim > MaxTrim:
		return fmt.Errorf("%w: trim must be between 0 and %d cards", ErrBadOption, MaxTrim)
	}
	return nil
}

// IsZero reports whether no cleaning is asked for.
func (c Cleaning) IsZero() bool { return c == Cleaning{} }

// describe lists the cleaning as the codebook states it: one line per option, with its
// value and what it did.
func (c Cleaning) describe() [][2]string {
	capText := "no cap"
	if c.DwellCapMs > 0 {
		capText = strconv.FormatInt(c.DwellCapMs, 10) + " ms: each visit longer than this counts as this long"
	}
	floorText := "none: every visit counts"
	if c.DwellFloorMs > 0 {
		floorText = strconv.FormatInt(c.DwellFloorMs, 10) + " ms: visits shorter than this are dropped (not counted in dwell_ms, dwell_visits or dwell_visits_ms)"
	}
	trimText := "none: every card of the feed has a row"
	if c.Trim > 0 {
		trimText = fmt.Sprintf("%d: each participant's first %d and last %d cards of the feed (by item_order) have no row", c.Trim, c.Trim, c.Trim)
	}
	sawText := "no: every participant with a feed has rows; saw_every_card says who saw every remaining card"
	if c.SawEveryCard {
		sawText = "yes: only participants with saw_every_card = 1 have rows"
	}
	excludedText := "no: excluded participants have rows, marked excluded = 1"
	if c.DropExcluded {
		excludedText = "yes: participants a researcher excluded have no rows"
	}
	return [][2]string{
		{"dwell_cap_ms", capText},
		{"dwell_floor_ms", floorText},
		{"trim", trimText},
		{"saw_every_card_only", sawText},
		{"drop_excluded", excludedText},
	}
}
