//go:build race

package confusion_test

// raceEnabled is whether the race detector is on: timings then mean
// nothing.
const raceEnabled = true
