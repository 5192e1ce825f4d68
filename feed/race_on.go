//go:build race

package feed

// raceEnabled: the race detector reserves terabytes of address space for its shadow
// memory, so a worker built with -race cannot take an address-space limit; its memory
// bound is then only the memory watch, and tests of the hard limit are skipped.
const raceEnabled = true
