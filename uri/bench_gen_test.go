package uri_test

import (
	"net/url"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/specuri/specuri/gen/rfc3986"
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

// keepRules are the rules whose tokens the package keeps: those the
// generated parser's filtered fast paths (pegen's tight and fused loops)
// must give the same spans for as a parser that records everything.
var keepRules = []string{
	"URI", "URI-reference", "absolute-URI", "relative-ref", "scheme", "authority", "userinfo", "host",
	"port", "query", "fragment", "IPv6address", "IPvFuture", "IPv4address", "reg-name",
	"path-abempty", "path-absolute", "path-noscheme", "path-rootless", "path-empty",
}

// keepAgree checks that a parser of RFC 3986 that records only keepRules
// agrees with one that records every rule on s: the same verdict for
// each entry rule, the same tokens of the kept rules, the same Furthest.
func keepAgree(t *testing.T, s string) {
	t.Helper()
	all, kept := rfc3986.NewParser(), rfc3986.NewParser()
	var keep []rfc3986.Rule
	isKept := map[rfc3986.Rule]bool{}
	for _, n := range keepRules {
		r := rfc3986.MustLookup(n)
		keep = append(keep, r)
		isKept[r] = true
	}
	kept.Keep(keep...)
	for _, n := range keepRules[:4] {
		r := rfc3986.MustLookup(n)
		okAll, okKept := all.Match(r, s), kept.Match(r, s)
		if okAll != okKept {
			t.Fatalf("Match(%s, %q): %v recording every rule, %v after Keep", n, s, okAll, okKept)
		}
		if !okAll {
			if a, k := all.Furthest(), kept.Furthest(); a != k {
				t.Errorf("Match(%s, %q): Furthest %v recording every rule, %v after Keep", n, s, a, k)
			}
			continue
		}
		var want, got []rfc3986.Token
		for i := range all.Tokens().Len() {
			if tok := all.Tokens().At(i); isKept[rfc3986.Rule(tok.Rule)] {
				want = append(want, tok)
			}
		}
		for i := range kept.Tokens().Len() {
			got = append(got, kept.Tokens().At(i))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Match(%s, %q) kept tokens mismatch (-want +got):\n%s", n, s, diff)
		}
	}
}

// TestKeepAgree runs keepAgree on the benchmark corpus and on inputs where
// the fast paths stop: paths of many segments, percent-encodings good and
// bad, userinfo with and without "@", IPv4 addresses and names that start
// like one.
func TestKeepAgree(t *testing.T) {
	inputs := []string{
		"", "/", "//", "///", "a/b//c/", "/a%41/b%4/c", "/a%zz", "http://h/a/b/c?q#f", "http://h//a",
		"http://u:p@h/", "http://u@h@x/", "http://u:p%40@h", "http://a%4@h/", "http://h:80x/", "//1.2.3.4/",
		"//1.2.3.4.5/", "//1.2.3.456/", "//0x1/", "//[::1]/", "//[v1.x]/", "mailto:a@b", "urn:a:b/c/d",
		"../a/./b/%2F/c", "a:/b/c%", "a:b/c/%41%4", "//h/a b", "//h/é", "?a/b", "#a/b",
	}
	for _, e := range loadBenchCorpus(t) {
		inputs = append(inputs, e.uri)
	}
	for _, e := range invalidBench {
		inputs = append(inputs, e.uri)
	}
	for _, s := range inputs {
		t.Run(s, func(t *testing.T) { keepAgree(t, s) })
	}
}

// FuzzKeepAgree is TestKeepAgree on any input.
func FuzzKeepAgree(f *testing.F) {
	for _, e := range loadBenchCorpus(f) {
		f.Add(e.uri)
	}
	f.Add("http://u:p@h/a/%41/b%4?q#f")
	f.Fuzz(keepAgree)
}

// BenchmarkRealisticEach parses every line of the realistic link sets
// (absolute URIs, relative references) once per op, with ParseReference
// and with net/url.Parse, for instruction counts (callgrind) with a fixed
// -benchtime=Nx; lines either rejects are parsed all the same.
func BenchmarkRealisticEach(b *testing.B) {
	for _, set := range []string{"abs", "rel"} {
		lines := loadLines(b, "realistic-"+set+".txt")
		b.Run("uri="+set+"/impl=net-url", func(b *testing.B) {
			for b.Loop() {
				for _, l := range lines {
					_, _ = url.Parse(l)
				}
			}
		})
		b.Run("uri="+set+"/impl=specuri", func(b *testing.B) {
			for b.Loop() {
				for _, l := range lines {
					_, _ = uri.ParseReference(l)
				}
			}
		})
	}
}
