//go:build race

package whatwg_test

// raceEnabled is whether the race detector is on: timings then mean
// nothing, and `make test` runs the timing tests again without it.
const raceEnabled = true
