package whatwgcompare

import (
	"encoding/json"
	"math"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	nlnwa "github.com/nlnwa/whatwg-url/url"
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

// BenchmarkVersus compares whatwg.Parse with each peer on the realistic
// absolute links (testdata/bench/realistic-abs.txt), one sub-benchmark
// per peer: the ratio is whatwg.Parse's time over the peer's, per input,
// geometric mean.
func BenchmarkVersus(b *testing.B) {
	in := loadLines(b, "realistic-abs.txt")
	ours := func(i int) { _, _ = whatwg.Parse(in[i]) }
	b.Run("peer=net-url", func(b *testing.B) {
		versusSet(b, in, ours, func(i int) { _, _ = url.Parse(in[i]) }, "whatwg", "other")
	})
	b.Run("peer=nlnwa", func(b *testing.B) {
		versusSet(b, in, ours, func(i int) { _, _ = nlnwa.Parse(in[i]) }, "whatwg", "other")
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
	data, err := os.ReadFile("../../testdata/wpt/url/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	type tc struct {
		Input   string  `json:"input"`
		Base    *string `json:"base"`
		Failure bool    `json:"failure"`
		Href    string  `json:"href"`
	}
	var cases []tc
	for _, r := range raw {
		var c tc
		if r[0] == '{' && json.Unmarshal(r, &c) == nil {
			cases = append(cases, c)
		}
	}
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
