//go:build !race

package uts39

// raceEnabled is whether the race detector is on: timings then mean
// nothing.
const raceEnabled = false
