package lineartest

import (
	"syscall"
	"unsafe"
)

// clockThreadCPUTime is CLOCK_THREAD_CPUTIME_ID of clock_gettime(2).
const clockThreadCPUTime = 3

// now returns the CPU time of the calling thread, which Compare has
// locked its goroutine to, falling back to the wall clock if the call
// fails.
func now() int64 {
	var ts syscall.Timespec
	if _, _, e := syscall.RawSyscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return wallNow()
	}
	return ts.Nano()
}
