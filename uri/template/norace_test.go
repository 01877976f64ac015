//go:build !race

package template

// underRace is whether the race detector is on: sync.Pool then drops
// items (allocation counts mean nothing) and timings mean nothing.
const underRace = false
