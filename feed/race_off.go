//go:build !race

package feed

const raceEnabled = false
