package whatwg

import (
	"os"
	"strings"
	"testing"
)

// realisticLinks returns the realistic absolute links of the module's
// benchmarks (testdata/bench/realistic-abs.txt).
func realisticLinks(tb testing.TB) []string {
	tb.Helper()
	b, err := os.ReadFile("../../testdata/bench/realistic-abs.txt")
	if err != nil {
		tb.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// BenchmarkParseURL runs ParseURL and CanParse over the realistic links,
// one link an operation, each link hot times in a row, as
// internal/whatwgcompare's BenchmarkVersus times them (which gives the
// ratios to net/url): for profiles of the parser alone.
func BenchmarkParseURL(b *testing.B) {
	const hot = 64
	in := realisticLinks(b)
	b.Run("op=parse", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			_, _ = ParseURL(in[i/hot%len(in)], nil, nil)
		}
	})
	b.Run("op=canparse", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			_ = CanParse(in[i/hot%len(in)], nil)
		}
	})
}
