package uri_test

import (
	"net/url"
	"testing"
	"time"

	"github.com/specuri/specuri/uri"
)

// invalidBench are references that ParseReference rejects, one per kind of
// mistake: a space in the host, a port with a letter, an unclosed IP
// literal, a bad percent-encoding, a non-ASCII byte, a bad byte at the end
// of a long query.
var invalidBench = []benchEntry{
	{"space-host", "http://www.exa mple.com/docs/index.html"},
	{"port-letter", "http://www.example.com:80x/docs/index.html"},
	{"ip-unclosed", "ldap://[2001:db8::7/c=GB?objectClass?one"},
	{"bad-percent", "http://www.example.com/docs/%zzindex.html"},
	{"non-ascii", "http://www.example.com/résumé.html"},
	{"query-end", "https://www.google-analytics.com/collect?v=1&_v=j96&a=1234567890&t=pageview&_s=1&dl=x|"},
}

// TestInvalidBench checks that every input of BenchmarkInvalid is invalid.
func TestInvalidBench(t *testing.T) {
	for _, e := range invalidBench {
		t.Run(e.name, func(t *testing.T) {
			if _, err := uri.ParseReference(e.uri); err == nil {
				t.Errorf("ParseReference(%q) succeeded", e.uri)
			}
		})
	}
}

// BenchmarkInvalid times ParseReference on invalid references against
// net/url.Parse on the same strings (which accepts some of them), in
// alternating batches as BenchmarkVersus does.
func BenchmarkInvalid(b *testing.B) {
	for _, e := range invalidBench {
		b.Run("uri="+e.name, func(b *testing.B) {
			batch := max(1, 20000/(len(e.uri)*2))
			bestNet, bestOurs := time.Duration(1<<62), time.Duration(1<<62)
			for n := 0; n < b.N; n += batch {
				t0 := time.Now()
				for range batch {
					_, _ = url.Parse(e.uri)
				}
				t1 := time.Now()
				for range batch {
					if _, err := uri.ParseReference(e.uri); err == nil {
						b.Fatal("valid")
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

// BenchmarkInvalidEach runs ParseReference and net/url.Parse on each
// invalid input separately, for instruction counts (callgrind) with a
// fixed -benchtime=Nx.
func BenchmarkInvalidEach(b *testing.B) {
	for _, e := range invalidBench {
		b.Run("uri="+e.name+"/impl=net-url", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = url.Parse(e.uri)
			}
		})
		b.Run("uri="+e.name+"/impl=specuri", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := uri.ParseReference(e.uri); err == nil {
					b.Fatal("valid")
				}
			}
		})
	}
}
