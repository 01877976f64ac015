package whatwg_test

import (
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri/whatwg"
)

// linearShapes are inputs made of a prefix, a unit repeated and a suffix,
// each a kind of input that a careless URL parser handles in quadratic
// time or memory.
var linearShapes = []struct {
	name                 string
	prefix, unit, suffix string
}{
	{"path", "http://h/", "a/", ""},
	{"path dot-dot", "http://h/", "../", "x"},
	{"path dot", "http://h/", "./", "x"},
	{"path encoded dots", "http://h/", "%2e%2E/", "x"},
	{"path non-ASCII", "http://h/", "é", ""},
	{"path invalid UTF-8", "http://h/", "\xff", ""},
	{"path percent", "http://h/", "%", ""},
	{"path spaces", "http://h/", " ", "x"},
	{"file drive letters", "file:///", "C:/", ""},
	{"host", "http://", "a", "/"},
	{"host upper case", "http://", "A", "/"},
	{"host dots", "http://a", ".", "/"},
	{"host numbers", "http://", "1.", "/"},
	{"host percent", "http://", "%41", "/"},
	{"host non-ASCII", "http://", "é", "/"},
	{"host xn--", "http://", "xn--9ca.", "/"},
	{"opaque host", "sc://", "a", "/"},
	{"IPv6", "http://[", "1:", "]/"},
	{"IPv6 colons", "http://[", ":", "]/"},
	{"credentials", "http://", "u:", "@h/"},
	{"at signs", "http://", "@", "h/"},
	{"port zeros", "http://h:", "0", "1/"},
	{"slashes", "http:", "/", "h"},
	{"backslashes", "http:", "\\", "h"},
	{"tabs", "http://h/", "\t", "x"},
	{"tabs everywhere", "", "h\tt\n", ""},
	{"newlines in path", "http://h/", "a\n", ""},
	{"opaque path", "sc:", "a ", "?q"},
	{"query", "http://h/?", "a b'", ""},
	{"query percent", "http://h/?", "%", ""},
	{"fragment", "http://h/#", "a`", ""},
	{"no scheme", "", "a", ""},
	{"scheme", "", "a", ":"},
	{"leading spaces", "", " ", "http://h/"},
}

// TestLinearTime: the cost per byte at 512 KB is within a wide factor of
// the cost per byte at 8 KB (a quadratic cost would be 64 times), for
// Parse, ParseWithErrors, parsing against a base, the getters and
// ParseSearchParams, timing the two sizes alternately on the thread's
// CPU clock and keeping the fastest of each (package lineartest), which
// load does not change.
func TestLinearTime(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("parses megabytes")
	}
	base := whatwg.MustParse("https://example.com/a/b/c?q#f")
	const slack = 16
	for _, sh := range linearShapes {
		t.Run(sh.name, func(t *testing.T) {
			small := lineartest.Input(sh.prefix, sh.unit, sh.suffix, 1<<13)
			large := lineartest.Input(sh.prefix, sh.unit, sh.suffix, 1<<19)
			run := func(s string) {
				u, _ := whatwg.Parse(s)
				_ = u.Origin()
				_, _, _ = whatwg.ParseWithErrors(s)
				_, _ = base.Parse(s)
				_ = whatwg.ParseSearchParams(s).String()
			}
			lineartest.Check(t,
				lineartest.Sample{N: len(small), Op: func() { run(small) }},
				lineartest.Sample{N: len(large), Op: func() { run(large) }}, slack)
		})
	}
}

// TestLinearMemory: a 100 MB input allocates a bounded multiple of its
// size: the href (up to nine times the input, a buffer grown by doubling),
// the input without its tabs, at most MaxValidationErrors errors.
func TestLinearMemory(t *testing.T) {
	if testing.Short() || lineartest.RaceEnabled {
		t.Skip("parses 100 MB; make test runs this without the race detector")
	}
	for _, sh := range []struct{ prefix, unit string }{
		{"http://h/", "a/"},
		{"http://h/", "\xff"}, // each byte becomes "%EF%BF%BD", each an error
		{"http://h/", "\ta"},  // the tabs removed, each offset mapped
		{"http://", "a."},
	} {
		in := lineartest.Input(sh.prefix, sh.unit, "", 100<<20)
		var errs []whatwg.ValidationError
		alloc, _ := lineartest.Allocated(func() { _, errs, _ = whatwg.ParseWithErrors(in) })
		ratio := float64(alloc) / float64(len(in))
		t.Logf("%q x %d: %d MB allocated, %.1f times the input, %d validation errors", sh.unit, len(in)/len(sh.unit), alloc>>20, ratio, len(errs))
		if ratio > 24 {
			t.Errorf("%q: %.1f bytes allocated per byte of input", sh.unit, ratio)
		}
	}
}
