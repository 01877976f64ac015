package fetchcompare

import (
	"net/netip"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/specuri/specuri/internal/versus"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/fetch"
)

// TestProbes decides every probe with the three packages; a verdict that
// changes (a new release of a peer, a new registry snapshot) fails until
// the table and its explanation are brought up to date.
func TestProbes(t *testing.T) {
	for _, p := range probes {
		t.Run(p.addr, func(t *testing.T) {
			got := probe{addr: p.addr}
			got.ours, got.ssrf, got.doyensec = refusedBy(netip.MustParseAddr(p.addr))
			if diff := cmp.Diff(p, got, cmp.AllowUnexported(probe{})); diff != "" {
				t.Errorf("refused by fetch, ssrf, safeurl mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestURLProbes runs the URL forms of safeurl's TestBlockedIP through
// fetch.CheckURL: numbers that a resolver may read as IPv4 addresses
// (decimal, octal, hexadecimal, fewer than four parts) are not DNS names
// (RFC 3986 §7.4) and are refused before any lookup; safeurl refuses them
// at connect time, once the system resolver has read them as 127.0.0.1 or
// 192.168.x.x.
func TestURLProbes(t *testing.T) {
	for _, host := range []string{
		"127.0.0.1", "[::1]", "2130706433", "3232235777", "017700000001:80/", "0x7f000001", "0xc0a80014",
		"0x0000007f.0x00000000.0x00000000.0x00000001", "0x7f.0x0.0x00000000.0x01", "[::]:80", "0/", "127.1",
		"0177.0x0.0x0.0x1", "0.0.0.0", "127.127.127.127", "[::ffff:192.0.2.1]", "[0000::1]:80", "[::1]/server-status",
	} {
		u, err := uri.Parse("http://" + host)
		if err != nil {
			continue // not a URI: refused by the parser
		}
		if err := fetch.CheckURL(u); err == nil {
			t.Errorf("CheckURL(%q) = nil, want an error", u)
		}
	}
}

var sink error

// BenchmarkCheckAddrVersus times fetch.CheckAddr against ssrf's
// Guardian.SafeAddr in one run, alternating batches (ratio below 1: fetch
// is faster), on every probe, and on the probes both allow (ssrf builds a
// message with fmt.Errorf for each refusal; fetch returns a static error).
func BenchmarkCheckAddrVersus(b *testing.B) {
	for _, set := range []string{"probes", "allowed"} {
		var addrs []netip.Addr
		for _, p := range probes {
			if set == "probes" || !p.ours && !p.ssrf {
				addrs = append(addrs, netip.MustParseAddr(p.addr))
			}
		}
		b.Run("set="+set, func(b *testing.B) {
			b.ReportAllocs()
			versus.Batches(b, len(addrs), func() {
				for _, a := range addrs {
					sink = fetch.CheckAddr(a)
				}
			}, func() {
				for _, a := range addrs {
					sink = guardian.SafeAddr(a)
				}
			}, "addr", "specuri", "ssrf")
		})
	}
}
