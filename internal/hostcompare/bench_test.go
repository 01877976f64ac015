package hostcompare

import (
	"net/url"
	"testing"

	"golang.org/x/net/idna"

	"github.com/specuri/specuri/internal/versus"
	"github.com/specuri/specuri/uri"
)

// pair is one link parsed by both packages.
type pair struct {
	ours   uri.URI
	theirs *url.URL
}

// international are links with international hosts: U-labels, mixed case,
// A-labels and percent-encoded UTF-8.
var international = []string{
	"http://納豆.example.org/", "https://BÜCHER.de/x", "http://résumé.example.org/", "https://例え.テスト/",
	"http://xn--bcher-kva.de/", "http://b%C3%BCcher.de/", "https://한국어.도메인/", "http://пример.испытание/",
}

// load returns the links of the set parsed by both, keeping those with a
// host both can convert.
func load(tb testing.TB, set string) []pair {
	var lines []string
	if set == "international" {
		lines = international
	} else {
		lines = versus.Lines(tb, "../../testdata/bench/realistic-abs.txt")
	}
	var out []pair
	for _, s := range lines {
		u, err := uri.RFC3987.Parse(s)
		if err != nil {
			continue
		}
		v, err := url.Parse(s)
		if err != nil {
			continue
		}
		h, err1 := u.ASCIIHostname()
		_, err2 := idna.Lookup.ToASCII(v.Hostname())
		if err1 != nil || err2 != nil || h == "" {
			continue
		}
		out = append(out, pair{u, v})
	}
	if len(out) == 0 {
		tb.Fatalf("no link of %s has a host both convert", set)
	}
	return out
}

var sink string

// BenchmarkASCIIHostnameVersus times, on every link of the set in turn,
// uri.URI.ASCIIHostname and idna.Lookup.ToASCII(url.URL.Hostname()),
// alternating the two in rounds within one benchmark so that both see
// the same machine, and reports the ratio of their times (below 1:
// specuri is faster) and each one's time per link, from the fastest round
// of each.
func BenchmarkASCIIHostnameVersus(b *testing.B) {
	for _, set := range []string{"realistic-abs", "international"} {
		b.Run("set="+set, func(b *testing.B) {
			pairs := load(b, set)
			versus.Batches(b, len(pairs), func() {
				for _, p := range pairs {
					sink, _ = p.ours.ASCIIHostname()
				}
			}, func() {
				for _, p := range pairs {
					sink, _ = idna.Lookup.ToASCII(p.theirs.Hostname())
				}
			}, "host", "specuri", "x-net")
		})
	}
}

// TestAgreement reports the international links on which the two give
// different hosts (x/net follows an older Unicode version and has bugs
// of its own, so only these common names must agree).
func TestAgreement(t *testing.T) {
	for _, p := range load(t, "international") {
		ours, _ := p.ours.ASCIIHostname()
		theirs, _ := idna.Lookup.ToASCII(p.theirs.Hostname())
		if ours != theirs {
			t.Errorf("%q: specuri %q, x/net %q", p.ours, ours, theirs)
		}
	}
}
