//go:build !race

package main

// raceEnabled is whether the race detector is on.
const raceEnabled = false
