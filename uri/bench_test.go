package uri_test

import (
	"bufio"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/specuri/specuri/uri"
)

type benchEntry struct{ name, uri string }

// loadBenchCorpus reads testdata/bench/corpus.txt: name, tab, URI.
func loadBenchCorpus(tb testing.TB) []benchEntry {
	tb.Helper()
	f, err := os.Open("../testdata/bench/corpus.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var es []benchEntry
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, u, ok := strings.Cut(line, "\t")
		if !ok {
			tb.Fatalf("bad corpus line %q", line)
		}
		es = append(es, benchEntry{name, u})
	}
	return es
}

// TestBenchCorpus checks that every benchmark input is valid for both
// parsers, so the benchmarks compare like with like.
func TestBenchCorpus(t *testing.T) {
	es := loadBenchCorpus(t)
	if len(es) < 9 {
		t.Errorf("only %d benchmark entries", len(es))
	}
	for _, e := range es {
		t.Run(e.name, func(t *testing.T) {
			if _, err := uri.ParseReference(e.uri); err != nil {
				t.Errorf("%s: %v", e.name, err)
			}
			if _, err := url.Parse(e.uri); err != nil {
				t.Errorf("%s: net/url: %v", e.name, err)
			}
		})
	}
}

// BenchmarkParse runs ParseReference and net/url.Parse on each corpus entry
// in one run; `make bench` turns the impl= columns into ratios.
func BenchmarkParse(b *testing.B) {
	for _, e := range loadBenchCorpus(b) {
		b.Run("uri="+e.name+"/impl=net-url", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(e.uri)))
			for b.Loop() {
				if _, err := url.Parse(e.uri); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("uri="+e.name+"/impl=specuri", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(e.uri)))
			for b.Loop() {
				if _, err := uri.ParseReference(e.uri); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkValid measures validation alone, which builds nothing.
func BenchmarkValid(b *testing.B) {
	for _, e := range loadBenchCorpus(b) {
		b.Run("uri="+e.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(e.uri)))
			for b.Loop() {
				if !uri.ValidReference(e.uri) {
					b.Fatal("invalid")
				}
			}
		})
	}
}

// BenchmarkParseParallel parses from every core at once, to show there is
// no shared lock or contention in the parser pool.
func BenchmarkParseParallel(b *testing.B) {
	es := loadBenchCorpus(b)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			if _, err := uri.ParseReference(es[i%len(es)].uri); err != nil {
				b.Error(err)
			}
			i++
		}
	})
}

// BenchmarkLinear parses inputs of one shape at growing sizes; with
// SetBytes, flat MB/s across sizes means time linear in length. An IPv6
// literal cannot grow (eight groups at most), so the failing IP-literal is
// an IPvFuture that never closes: it fails at the end of the input, after
// the parser has read it all, and then again in the diagnostic runs.
func BenchmarkLinear(b *testing.B) {
	shapes := []struct {
		name        string
		prefix, rep string
		valid       bool
	}{
		{"path", "http://h/", "abc/", true},
		{"query", "http://h/?", "k=v&", true},
		{"reg-name", "http://", "1.1.", true},
		{"percent", "http://h/", "%41", true},
		{"ip-literal-fail", "http://[v7.", "a:", false},
	}
	for _, sh := range shapes {
		for _, size := range []int{1 << 10, 10 << 10, 100 << 10, 1 << 20} {
			s := sh.prefix + strings.Repeat(sh.rep, (size-len(sh.prefix))/len(sh.rep))
			b.Run("shape="+sh.name+"/size="+sizeName(size), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(s)))
				for b.Loop() {
					if _, err := uri.ParseReference(s); (err == nil) != sh.valid {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func sizeName(n int) string {
	if n >= 1<<20 {
		return strconv.Itoa(n>>20) + "MB"
	}
	return strconv.Itoa(n>>10) + "KB"
}

// BenchmarkVersus times ParseReference and net/url.Parse on each corpus
// entry in alternating batches within one benchmark, so that both see the
// same machine, and reports the ratio of their times (below 1 means
// ParseReference is faster) and each one's ns/op. Each figure comes from
// the fastest batch, which is the one least disturbed by anything else
// running: these machines are noisy. `make bench` summarizes it with
// benchstat, whose geomean row is the geometric-mean ratio.
func BenchmarkVersus(b *testing.B) {
	for _, e := range loadBenchCorpus(b) {
		b.Run("uri="+e.name, func(b *testing.B) {
			// About 20µs a batch, whatever the entry's length.
			batch := max(1, 20000/(len(e.uri)*2))
			bestNet, bestOurs := time.Duration(1<<62), time.Duration(1<<62)
			for n := 0; n < b.N; n += batch {
				t0 := time.Now()
				for range batch {
					if _, err := url.Parse(e.uri); err != nil {
						b.Fatal(err)
					}
				}
				t1 := time.Now()
				for range batch {
					if _, err := uri.ParseReference(e.uri); err != nil {
						b.Fatal(err)
					}
				}
				t2 := time.Now()
				bestNet = min(bestNet, t1.Sub(t0))
				bestOurs = min(bestOurs, t2.Sub(t1))
			}
			b.ReportMetric(0, "ns/op")
			b.ReportMetric(float64(bestOurs)/float64(bestNet), "ratio")
			b.ReportMetric(float64(bestOurs.Nanoseconds())/float64(batch), "specuri-ns/op")
			b.ReportMetric(float64(bestNet.Nanoseconds())/float64(batch), "net-url-ns/op")
		})
	}
}
