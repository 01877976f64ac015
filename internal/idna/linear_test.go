package idna

import (
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
)

// linearShapes are names made of a prefix, a unit repeated and a suffix,
// each a kind of input that a careless implementation handles in
// quadratic time or memory.
var linearShapes = []lineartest.Shape{
	{Name: "ASCII label", Unit: "a", Suffix: ".com"},
	{Name: "ASCII upper case", Unit: "A", Suffix: ".com"},
	{Name: "dots", Prefix: "a", Unit: ".", Suffix: "b"},
	{Name: "combining marks", Prefix: "a", Unit: "\u0301"},
	{Name: "combining marks first", Unit: "\u0301"},
	{Name: "non-ASCII label", Unit: "é"},
	{Name: "distinct code points", Unit: "àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþ"},
	{Name: "xn-- long label", Prefix: "xn--", Unit: "a", Suffix: "-9ca"},
	{Name: "non-ASCII labels", Unit: "é.", Suffix: "x"},
	{Name: "empty labels", Prefix: "é", Unit: "."},
	{Name: "xn-- digits", Prefix: "xn--", Unit: "9"},
	{Name: "xn-- basic", Prefix: "xn--", Unit: "a", Suffix: "-b"},
	{Name: "xn-- labels", Unit: "xn--bcher-kva.", Suffix: "de"},
	{Name: "RTL label", Prefix: "\u05D0", Unit: "\u05D1"},
	{Name: "joiners", Prefix: "\u0628", Unit: "\u200C\u0610", Suffix: "\u0628"},
	{Name: "transparent run", Prefix: "\u0628\u200C", Unit: "\u0610", Suffix: "\u0628"},
	{Name: "invalid UTF-8", Prefix: "a", Unit: "\xff"},
	{Name: "ignored", Prefix: "a", Unit: "\u00AD"},
	{Name: "expanding mapping", Unit: "\uFDFA"}, // maps to 18 code points
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
	lineartest.CheckShapes(t, linearShapes, 1<<14, 1<<20, 16, func(s string) {
		_, _ = ToASCII(s)
		_, _ = ToUnicode(s)
	})
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
		t.Run(sh.Name, func(t *testing.T) {
			small := allocated(sh.Input(1 << 16))
			large := allocated(sh.Input(1 << 20))
			t.Logf("%.1f bytes allocated per byte at 64 KB, %.1f at 1 MB", small, large)
			if large > 2*small+8 || large > 1024 {
				t.Errorf("%.1f bytes allocated per byte at 1 MB, %.1f at 64 KB: not proportional to the input", large, small)
			}
		})
	}
}

// TestLongNameAllocs: ToASCII and ToUnicode each allocate at most 10
// bytes per byte of a name of 1 MB in the shapes a long host takes: one
// long non-ASCII label, U-labels, A-labels. (Not yet: ToASCII of many
// short U-labels, about 15, the Punycode of each label appended to a
// growing result, and ToUnicode of labels of one or two code points,
// about 15 too, a label's record being 32 bytes.)
func TestLongNameAllocs(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector allocates on its own; make test runs this without it")
	}
	toASCII := func(s string) { _, _ = ToASCII(s) }
	toUnicode := func(s string) { _, _ = ToUnicode(s) }
	for _, c := range []struct {
		shape lineartest.Shape
		conv  string
		f     func(string)
	}{
		{lineartest.Shape{Name: "non-ASCII label", Unit: "é"}, "ToASCII", toASCII},
		{lineartest.Shape{Name: "non-ASCII label", Unit: "é"}, "ToUnicode", toUnicode},
		{lineartest.Shape{Name: "Cyrillic label", Unit: "\u0430"}, "ToASCII", toASCII},
		{lineartest.Shape{Name: "Cyrillic label", Unit: "\u0430"}, "ToUnicode", toUnicode},
		{lineartest.Shape{Name: "astral label", Unit: "\U0001F600"}, "ToASCII", toASCII},
		{lineartest.Shape{Name: "astral label", Unit: "\U0001F600"}, "ToUnicode", toUnicode},
		{lineartest.Shape{Name: "U-labels", Unit: "\u0430pple.", Suffix: "com"}, "ToUnicode", toUnicode},
		{lineartest.Shape{Name: "A-labels", Unit: "xn--pple-43d.", Suffix: "com"}, "ToASCII", toASCII},
		{lineartest.Shape{Name: "A-labels", Unit: "xn--pple-43d.", Suffix: "com"}, "ToUnicode", toUnicode},
	} {
		t.Run(c.shape.Name+"/"+c.conv, func(t *testing.T) {
			s := c.shape.Input(1 << 20)
			bytes, _ := lineartest.Allocated(func() { c.f(s) })
			if per := float64(bytes) / float64(len(s)); per > 10 {
				t.Errorf("%.1f bytes allocated per input byte, want at most 10", per)
			}
		})
	}
}
