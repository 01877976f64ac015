package norm

import (
	"strings"
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
)

// linearShapes are inputs that repeat a unit: the shapes where
// normalization can go superlinear. A long run of combining marks is the
// stream-safe concern of UAX #15 §13 (one run to put in canonical order,
// one starter every mark may compose with); the others exercise
// decomposition, Hangul, spans that restart the quick check, and
// ill-formed bytes.
var linearShapes = []lineartest.Shape{
	{Name: "marks after a starter", Prefix: "a", Unit: "\u0301"},
	{Name: "marks of two classes out of order", Prefix: "a", Unit: "\u0301\u0316"},
	{Name: "marks of many classes out of order", Prefix: "a", Unit: "\u0301\u0316\u05b0\u0345\u0f72\u093c"},
	{Name: "marks without a starter", Unit: "\u0316"},
	{Name: "non-starter decompositions", Prefix: "a", Unit: "\u0344\u0f73"},
	{Name: "composable pairs", Unit: "e\u0301"},
	{Name: "Hangul jamo", Unit: "\u1100\u1161\u11a8"},
	{Name: "Hangul syllables to decompose", Unit: "\uac01"},
	{Name: "dots", Unit: "."},
	{Name: "ill-formed bytes between marks", Prefix: "a", Unit: "\u0301\xff"},
	{Name: "already NFC", Unit: "é中ä"},
}

// TestLinearAllocs measures memory, which load cannot change: the bytes
// allocated to normalize 1 MB are within a constant factor of the input
// (the result, and a buffer of at most 4 code points per input code point
// plus its sort scratch), and the number of allocations does not grow
// with it.
func TestLinearAllocs(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes allocation; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("normalizes megabytes")
	}
	for _, sh := range linearShapes {
		t.Run(sh.Name, func(t *testing.T) {
			large := sh.Input(1 << 20)
			for _, f := range []struct {
				name string
				fn   func(string) string
			}{{"NFC", NFC}, {"NFD", NFD}, {"IsNFC", func(s string) string {
				if IsNFC(s) {
					return ""
				}
				return "no"
			}}} {
				bytes, allocs := lineartest.Allocated(func() { sinkStr = f.fn(large) })
				t.Logf("%s: %s of %d bytes allocates %d bytes in %d allocations", sh.Name, f.name, len(large), bytes, allocs)
				if bytes > 40*uint64(len(large)) {
					t.Errorf("%s(%d bytes of %s): %d bytes allocated, more than 40 per input byte", f.name, len(large), sh.Name, bytes)
				}
				if allocs > 80 {
					t.Errorf("%s(%d bytes of %s): %d allocations, the count grows with the input", f.name, len(large), sh.Name, allocs)
				}
			}
		})
	}
}

// TestLinearTime compares the time per byte of 16 KB and 1 MB inputs of
// the same shape, the best of interleaved rounds on the thread's CPU
// clock (package lineartest): a linear algorithm spends about the same; a
// quadratic one 64 times more at the least. The slack is wide because the
// small input stays in cache.
func TestLinearTime(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("normalizes megabytes")
	}
	for _, f := range []struct {
		name string
		fn   func(string) string
	}{{"NFC", NFC}, {"NFD", NFD}} {
		t.Run(f.name, func(t *testing.T) {
			lineartest.CheckShapes(t, linearShapes, 1<<14, 1<<20, 12, func(s string) { sinkStr = f.fn(s) })
		})
	}
}

// TestLinearMillion normalizes a million combining marks after one
// starter, in reverse canonical order, and a million dots, and checks the
// results exactly, with the memory bound of TestLinearAllocs.
func TestLinearMillion(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes allocation; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("normalizes megabytes")
	}
	const n = 1000000
	tests := []struct {
		name, in, nfc, nfd string
	}{
		{
			"marks", "a" + strings.Repeat("\u0301\u0316", n/2),
			// D109 puts every U+0316 (class 220) before every U+0301
			// (230); D117 then composes the first U+0301 with "a".
			"\u00e1" + strings.Repeat("\u0316", n/2) + strings.Repeat("\u0301", n/2-1),
			"a" + strings.Repeat("\u0316", n/2) + strings.Repeat("\u0301", n/2),
		},
		{"dots", strings.Repeat(".", n), strings.Repeat(".", n), strings.Repeat(".", n)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var nfc, nfd string
			bytes, allocs := lineartest.Allocated(func() { nfc = NFC(tt.in) })
			if nfc != tt.nfc {
				t.Errorf("NFC(%s): %d bytes, want %d (first difference at %d)", tt.name, len(nfc), len(tt.nfc), firstDiff(nfc, tt.nfc))
			}
			if bytes > 40*uint64(len(tt.in)) || allocs > 80 {
				t.Errorf("NFC(%s): %d bytes in %d allocations for %d input bytes", tt.name, bytes, allocs, len(tt.in))
			}
			if nfd = NFD(tt.in); nfd != tt.nfd {
				t.Errorf("NFD(%s): %d bytes, want %d (first difference at %d)", tt.name, len(nfd), len(tt.nfd), firstDiff(nfd, tt.nfd))
			}
		})
	}
}

// firstDiff returns the first offset where a and b differ.
func firstDiff(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}
