//go:build !linux

package lineartest

// now returns the wall clock: other systems have no thread CPU clock
// through package syscall.
func now() int64 { return wallNow() }
