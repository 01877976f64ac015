package whatwg_test

import (
	"net/url"
	"testing"

	"github.com/specuri/specuri/internal/versus"
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

// BenchmarkVersusNetURL compares Parse with net/url.Parse on the
// realistic absolute links (testdata/bench/realistic-abs.txt); see
// versusSet. The ratio is Parse's time over net/url's, per input,
// geometric mean.
func BenchmarkVersusNetURL(b *testing.B) {
	in := loadLines(b, "realistic-abs.txt")
	versusSet(b, in,
		func(i int) { _, _ = whatwg.Parse(in[i]) },
		func(i int) { _, _ = url.Parse(in[i]) },
		"whatwg", "net-url")
}

// BenchmarkParse measures Parse on each realistic absolute link in turn,
// with its allocations.
func BenchmarkParse(b *testing.B) {
	in := loadLines(b, "realistic-abs.txt")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_, _ = whatwg.Parse(in[i%len(in)])
	}
}
