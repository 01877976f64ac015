package whatwgcompare

import (
	"net/url"
	"testing"

	nlnwa "github.com/nlnwa/whatwg-url/url"
	"github.com/specuri/specuri/internal/versus"
	"github.com/specuri/specuri/internal/wpttest"
	"github.com/specuri/specuri/uri/whatwg"
)

func loadLines(tb testing.TB, name string) []string {
	return versus.Lines(tb, "../../testdata/bench/"+name)
}

// versusSet is versus.Set over the inputs in: ours against theirs
// on each input, as a ratio of their fastest batches (the method of
// package uri's BenchmarkVersusRealistic).
func versusSet(b *testing.B, in []string, ours, theirs func(i int), oursName, theirsName string) {
	versus.Set(b, versus.Lengths(in), ours, theirs, oursName, theirsName)
}

// BenchmarkVersus compares whatwg.Parse with each peer on the realistic
// absolute links (testdata/bench/realistic-abs.txt), one sub-benchmark
// per peer: the ratio is whatwg.Parse's time over the peer's, per input,
// geometric mean. The last, op=canparse, is whatwg.CanParse's time over
// net/url.Parse's (Go has no other validate-only WHATWG parser).
func BenchmarkVersus(b *testing.B) {
	in := loadLines(b, "realistic-abs.txt")
	ours := func(i int) { _, _ = whatwg.Parse(in[i]) }
	netURL := func(i int) { _, _ = url.Parse(in[i]) }
	b.Run("peer=net-url", func(b *testing.B) {
		versusSet(b, in, ours, netURL, "whatwg", "other")
	})
	b.Run("peer=nlnwa", func(b *testing.B) {
		versusSet(b, in, ours, func(i int) { _, _ = nlnwa.Parse(in[i]) }, "whatwg", "other")
	})
	b.Run("op=canparse/peer=net-url", func(b *testing.B) {
		versusSet(b, in, func(i int) { _ = whatwg.CanParse(in[i]) }, netURL, "whatwg", "other")
	})
}

// BenchmarkParse measures each parser alone on the realistic links, with
// its allocations (-benchmem).
func BenchmarkParse(b *testing.B) {
	in := loadLines(b, "realistic-abs.txt")
	for _, p := range []struct {
		name  string
		parse func(string)
	}{
		{"whatwg", func(s string) { _, _ = whatwg.Parse(s) }},
		{"whatwg-canparse", func(s string) { _ = whatwg.CanParse(s) }},
		{"net-url", func(s string) { _, _ = url.Parse(s) }},
		{"nlnwa", func(s string) { _, _ = nlnwa.Parse(s) }},
	} {
		b.Run("impl="+p.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				p.parse(in[i%len(in)])
			}
		})
	}
}

// TestURLTestData counts, for each WHATWG parser, the cases of
// web-platform-tests' urltestdata.json whose href (or failure) it gets
// right; uri/whatwg must get all of them (its own tests compare every
// field).
func TestURLTestData(t *testing.T) {
	cases := wpttest.URLTestData(t, "../../testdata/wpt/url/urltestdata.json")
	impls := []struct {
		name  string
		parse func(base *string, in string) (string, bool)
	}{
		{"uri/whatwg", func(base *string, in string) (string, bool) {
			var b whatwg.URL
			if base != nil {
				var err error
				if b, err = whatwg.Parse(*base); err != nil {
					return "", false
				}
			}
			u, err := b.Parse(in)
			return u.Href(), err == nil
		}},
		{"nlnwa/whatwg-url", func(base *string, in string) (string, bool) {
			var u *nlnwa.Url
			var err error
			if base != nil {
				u, err = nlnwa.ParseRef(*base, in)
			} else {
				u, err = nlnwa.Parse(in)
			}
			if err != nil {
				return "", false
			}
			return u.Href(false), true
		}},
	}
	for _, im := range impls {
		pass := 0
		for _, c := range cases {
			href, ok := im.parse(c.Base, c.Input)
			if c.Failure && !ok || !c.Failure && ok && href == c.Href {
				pass++
			}
		}
		t.Logf("%-18s %d of %d", im.name, pass, len(cases))
		if im.name == "uri/whatwg" && pass != len(cases) {
			t.Errorf("uri/whatwg passes %d of %d", pass, len(cases))
		}
	}
}
