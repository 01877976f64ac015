// Package lineartest decides whether an operation takes time linear in its
// input, in a way a loaded machine cannot fool: it times the operation on
// a small and a large input of the same shape alternately, on the calling
// goroutine's own thread CPU clock where the system has one (Linux), so
// that time spent waiting for a CPU is not counted, keeps the fastest
// time per byte of each size, and stops as soon as the large input's cost
// per byte is within a margin of the small one's. A linear operation
// usually passes in one round; only an operation slower in every round
// fails.
// The margin stays wide: a quadratic operation's ratio is the ratio of
// the sizes (a thousand for 1 KB and 1 MB), a linear one's a few at most
// (caches), so a margin of a tenth of the sizes' ratio tells them apart.
//
// The tests that use it have "Linear" in their name: `make test` runs
// them once without the race detector (which changes what costs time)
// and skips them in its race run; RaceEnabled tells them which run they
// are in. Check and CheckShapes fail a test on Compare's answer, Input
// and Shape build the inputs, and Allocated measures memory, the other
// measure that load cannot change.
package lineartest

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// Sample is one input size of an operation: Op processes N bytes.
type Sample struct {
	N  int
	Op func()
}

// Result is what Compare measured: the fastest nanoseconds per byte of
// each sample, their ratio and the rounds it took.
type Result struct {
	Small, Large float64
	Ratio        float64
	Rounds       int
}

func (r Result) String() string {
	return fmt.Sprintf("%.2f ns/byte small, %.2f ns/byte large, ratio %.2f after %d rounds", r.Small, r.Large, r.Ratio, r.Rounds)
}

// MaxRounds is how many interleaved rounds Compare runs before it
// decides an operation is superlinear.
const MaxRounds = 6

// Compare times small and large alternately, each round running small
// enough times to process a quarter of the bytes large does once, and
// reports whether the large cost per byte is within margin times the
// small one in the fastest of the rounds run. It returns as soon as it
// is.
func Compare(small, large Sample, margin float64) (Result, bool) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	reps := max(1, large.N/4/max(1, small.N))
	var r Result
	for r.Rounds < MaxRounds {
		r.Rounds++
		s := perByte(small.N, reps, small.Op)
		l := perByte(large.N, 1, large.Op)
		if r.Rounds == 1 || s < r.Small {
			r.Small = s
		}
		if r.Rounds == 1 || l < r.Large {
			r.Large = l
		}
		r.Ratio = r.Large / max(r.Small, 1e-3)
		// The first round also warms the caches and the pools, which
		// makes the small input look slower: it decides a pass alone
		// only well within the margin.
		if r.Ratio <= margin/4 || r.Rounds >= 2 && r.Ratio <= margin {
			return r, true
		}
	}
	return r, false
}

// Check fails t unless large costs at most margin times what small
// costs per byte (see Compare), and logs what Compare measured.
func Check(t testing.TB, small, large Sample, margin float64) {
	t.Helper()
	r, ok := Compare(small, large, margin)
	t.Log(r)
	if !ok {
		t.Errorf("%v: the cost per byte of %d bytes is more than %g times that of %d bytes: superlinear", r, large.N, margin, small.N)
	}
}

// Input returns an input of the shape the tests measure: prefix, unit
// repeated (once at the least), and suffix, about size bytes in all.
func Input(prefix, unit, suffix string, size int) string {
	return prefix + strings.Repeat(unit, max(1, (size-len(prefix)-len(suffix))/len(unit))) + suffix
}

// A Shape is a kind of input that a careless implementation handles in
// superlinear time: Prefix, Unit repeated, Suffix.
type Shape struct {
	Name                 string
	Prefix, Unit, Suffix string
}

// Input returns the shape's input of about size bytes (see Input).
func (sh Shape) Input(size int) string { return Input(sh.Prefix, sh.Unit, sh.Suffix, size) }

// CheckShapes runs a subtest per shape that checks (see Check) that op
// costs per byte at most margin times as much on the shape's input of
// large bytes as on that of small bytes.
func CheckShapes(t *testing.T, shapes []Shape, small, large int, margin float64, op func(string)) {
	t.Helper()
	for _, sh := range shapes {
		t.Run(sh.Name, func(t *testing.T) {
			s, l := sh.Input(small), sh.Input(large)
			Check(t, Sample{N: len(s), Op: func() { op(s) }}, Sample{N: len(l), Op: func() { op(l) }}, margin)
		})
	}
}

// Allocated returns the bytes and the number of allocations of one call
// of op, counted from a collected heap: a measure that load cannot
// change.
func Allocated(op func()) (bytes, allocs uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	op()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, after.Mallocs - before.Mallocs
}

// perByte returns the CPU nanoseconds per byte of reps calls of op on n
// bytes.
func perByte(n, reps int, op func()) float64 {
	start := now()
	for range reps {
		op()
	}
	return float64(now()-start) / float64(max(1, reps*n))
}

// wallNow is the clock where the system has no thread CPU clock.
func wallNow() int64 { return time.Now().UnixNano() }
