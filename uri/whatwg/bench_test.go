package whatwg_test

import (
	"math"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/specuri/specuri/uri/whatwg"
)

func loadLines(tb testing.TB, name string) []string {
	tb.Helper()
	b, err := os.ReadFile("../../testdata/bench/" + name)
	if err != nil {
		tb.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// versusSet times ours(i) and theirs(i) on each input, alternating a
// batch of one with a batch of the other input by input, keeping each
// input's fastest batch of each side over the b.N rounds; it reports the
// geometric mean over the inputs of the time ratio (below 1: ours is
// faster) and of each side's time per call (the method of package uri's
// BenchmarkVersusRealistic).
func versusSet(b *testing.B, in []string, ours, theirs func(i int), oursName, theirsName string) {
	n := len(in)
	bestOurs := make([]time.Duration, n)
	bestTheirs := make([]time.Duration, n)
	batches := make([]int, n)
	for i, s := range in {
		bestOurs[i], bestTheirs[i] = 1<<62, 1<<62
		batches[i] = max(1, 4000/max(len(s), 1))
	}
	for range b.N {
		for i := range n {
			t0 := time.Now()
			for range batches[i] {
				theirs(i)
			}
			t1 := time.Now()
			for range batches[i] {
				ours(i)
			}
			t2 := time.Now()
			bestTheirs[i] = min(bestTheirs[i], t1.Sub(t0))
			bestOurs[i] = min(bestOurs[i], t2.Sub(t1))
		}
	}
	var logRatio, logOurs, logTheirs float64
	for i := range n {
		o := float64(bestOurs[i]) / float64(batches[i])
		t := float64(bestTheirs[i]) / float64(batches[i])
		logRatio += math.Log(o / t)
		logOurs += math.Log(o)
		logTheirs += math.Log(t)
	}
	fn := float64(n)
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(math.Exp(logRatio/fn), "ratio")
	b.ReportMetric(math.Exp(logOurs/fn), oursName+"-ns/op")
	b.ReportMetric(math.Exp(logTheirs/fn), theirsName+"-ns/op")
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
