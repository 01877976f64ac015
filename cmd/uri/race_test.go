//go:build race

package main

// raceEnabled is whether the race detector is on: timings then mean
// nothing.
const raceEnabled = true
