package idna

import "runtime"

// runtimeMem reads the bytes allocated so far.
type runtimeMem struct{ bytes uint64 }

func (m *runtimeMem) read() {
	var s runtime.MemStats
	runtime.ReadMemStats(&s)
	m.bytes = s.TotalAlloc
}
