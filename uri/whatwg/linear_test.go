package whatwg_test

import (
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri/whatwg"
)

// linearShapes are inputs made of a prefix, a unit repeated and a suffix,
// each a kind of input that a careless URL parser handles in quadratic
// time or memory.
var linearShapes = []lineartest.Shape{
	{Name: "path", Prefix: "http://h/", Unit: "a/"},
	{Name: "path dot-dot", Prefix: "http://h/", Unit: "../", Suffix: "x"},
	{Name: "path dot", Prefix: "http://h/", Unit: "./", Suffix: "x"},
	{Name: "path encoded dots", Prefix: "http://h/", Unit: "%2e%2E/", Suffix: "x"},
	{Name: "path non-ASCII", Prefix: "http://h/", Unit: "é"},
	{Name: "path invalid UTF-8", Prefix: "http://h/", Unit: "\xff"},
	{Name: "path percent", Prefix: "http://h/", Unit: "%"},
	{Name: "path spaces", Prefix: "http://h/", Unit: " ", Suffix: "x"},
	{Name: "file drive letters", Prefix: "file:///", Unit: "C:/"},
	{Name: "host", Prefix: "http://", Unit: "a", Suffix: "/"},
	{Name: "host upper case", Prefix: "http://", Unit: "A", Suffix: "/"},
	{Name: "host dots", Prefix: "http://a", Unit: ".", Suffix: "/"},
	{Name: "host numbers", Prefix: "http://", Unit: "1.", Suffix: "/"},
	{Name: "host percent", Prefix: "http://", Unit: "%41", Suffix: "/"},
	{Name: "host non-ASCII", Prefix: "http://", Unit: "é", Suffix: "/"},
	{Name: "host xn--", Prefix: "http://", Unit: "xn--9ca.", Suffix: "/"},
	{Name: "opaque host", Prefix: "sc://", Unit: "a", Suffix: "/"},
	{Name: "IPv6", Prefix: "http://[", Unit: "1:", Suffix: "]/"},
	{Name: "IPv6 colons", Prefix: "http://[", Unit: ":", Suffix: "]/"},
	{Name: "credentials", Prefix: "http://", Unit: "u:", Suffix: "@h/"},
	{Name: "at signs", Prefix: "http://", Unit: "@", Suffix: "h/"},
	{Name: "port zeros", Prefix: "http://h:", Unit: "0", Suffix: "1/"},
	{Name: "slashes", Prefix: "http:", Unit: "/", Suffix: "h"},
	{Name: "backslashes", Prefix: "http:", Unit: "\\", Suffix: "h"},
	{Name: "tabs", Prefix: "http://h/", Unit: "\t", Suffix: "x"},
	{Name: "tabs everywhere", Unit: "h\tt\n"},
	{Name: "newlines in path", Prefix: "http://h/", Unit: "a\n"},
	{Name: "opaque path", Prefix: "sc:", Unit: "a ", Suffix: "?q"},
	{Name: "query", Prefix: "http://h/?", Unit: "a b'"},
	{Name: "query percent", Prefix: "http://h/?", Unit: "%"},
	{Name: "fragment", Prefix: "http://h/#", Unit: "a`"},
	{Name: "no scheme", Unit: "a"},
	{Name: "scheme", Unit: "a", Suffix: ":"},
	{Name: "leading spaces", Unit: " ", Suffix: "http://h/"},
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
	lineartest.CheckShapes(t, linearShapes, 1<<13, 1<<19, 16, func(s string) {
		u, _ := whatwg.Parse(s)
		_ = u.Origin()
		_, _, _ = whatwg.ParseWithErrors(s)
		_, _ = base.Parse(s)
		_ = whatwg.ParseSearchParams(s).String()
	})
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

// TestLinearTimeSetters: every setter takes time linear in its value and
// the URL's href, on the shapes of linearShapes as values.
func TestLinearTimeSetters(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("sets megabytes")
	}
	u := whatwg.MustParse("https://u:p@example.com:8080/a/b?q#f")
	v := whatwg.MustParse("sc://h/p?q#f")
	lineartest.CheckShapes(t, linearShapes, 1<<13, 1<<19, 16, func(s string) {
		for _, name := range setterNames {
			w, _ := u.With(name, s)
			_, _ = w.With(name, s)
			_, _ = v.With(name, s)
		}
	})
}
