//go:build !race

package lineartest

// RaceEnabled reports whether the race detector is on. Under it, time
// and allocation measures mean nothing (it slows every memory access and
// drops pooled values at random), so the tests that measure skip
// themselves and `make test` runs them again without it.
const RaceEnabled = false
