package idna

import (
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
)

// linearShapes are names made of a prefix, a unit repeated and a suffix,
// each a kind of input that a careless implementation handles in
// quadratic time or memory.
var linearShapes = []struct {
	name                 string
	prefix, unit, suffix string
}{
	{"ASCII label", "", "a", ".com"},
	{"ASCII upper case", "", "A", ".com"},
	{"dots", "a", ".", "b"},
	{"combining marks", "a", "\u0301", ""},
	{"combining marks first", "", "\u0301", ""},
	{"non-ASCII label", "", "é", ""},
	{"non-ASCII labels", "", "é.", "x"},
	{"empty labels", "é", ".", ""},
	{"xn-- digits", "xn--", "9", ""},
	{"xn-- basic", "xn--", "a", "-b"},
	{"xn-- labels", "", "xn--bcher-kva.", "de"},
	{"RTL label", "\u05D0", "\u05D1", ""},
	{"joiners", "\u0628", "\u200C\u0610", "\u0628"},
	{"transparent run", "\u0628\u200C", "\u0610", "\u0628"},
	{"invalid UTF-8", "a", "\xff", ""},
	{"ignored", "a", "\u00AD", ""},
	{"expanding mapping", "", "\uFDFA", ""}, // maps to 18 code points
}

// TestLinearTime: the cost per byte at 1 MB is within a wide factor of
// the cost per byte at 16 KB, for ToASCII and ToUnicode (a quadratic cost
// would be 64 times), timing them alternately on the thread's CPU clock
// and keeping the fastest of each (package lineartest), which load does
// not change.
func TestLinearTime(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("converts megabytes")
	}
	const slack = 16
	for _, sh := range linearShapes {
		t.Run(sh.name, func(t *testing.T) {
			small := lineartest.Input(sh.prefix, sh.unit, sh.suffix, 1<<14)
			large := lineartest.Input(sh.prefix, sh.unit, sh.suffix, 1<<20)
			run := func(s string) {
				_, _ = ToASCII(s)
				_, _ = ToUnicode(s)
			}
			lineartest.Check(t,
				lineartest.Sample{N: len(small), Op: func() { run(small) }},
				lineartest.Sample{N: len(large), Op: func() { run(large) }}, slack)
		})
	}
}

// TestLinearAllocs: the bytes allocated per byte of input are about the
// same at 64 KB and at 1 MB (memory proportional to the input), and
// bounded.
func TestLinearAllocs(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("converts megabytes")
	}
	allocated := func(s string) float64 {
		bytes, _ := lineartest.Allocated(func() {
			_, _ = ToASCII(s)
			_, _ = ToUnicode(s)
		})
		return float64(bytes) / float64(len(s))
	}
	for _, sh := range linearShapes {
		t.Run(sh.name, func(t *testing.T) {
			small := allocated(lineartest.Input(sh.prefix, sh.unit, sh.suffix, 1<<16))
			large := allocated(lineartest.Input(sh.prefix, sh.unit, sh.suffix, 1<<20))
			t.Logf("%.1f bytes allocated per byte at 64 KB, %.1f at 1 MB", small, large)
			if large > 2*small+8 || large > 1024 {
				t.Errorf("%.1f bytes allocated per byte at 1 MB, %.1f at 64 KB: not proportional to the input", large, small)
			}
		})
	}
}
