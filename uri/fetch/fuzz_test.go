package fetch_test

import (
	"context"
	"net/netip"
	"strings"
	"testing"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/fetch"
)

// reference decides an address as CheckAddr's doc says, from the
// registries read by the test and a scan of every block: the slow
// reference the generated table and its binary search are checked
// against.
func reference(rows4, rows6 []registryRow, a netip.Addr) verdict {
	a = a.WithZone("")
	if a.Is4() {
		return expect4(rows4, a, "")
	}
	b := a.As16()
	v4 := netip.AddrFrom4([4]byte(b[12:]))
	switch {
	case a.Is4In6():
		return expect4(rows4, v4, fetch.ViaMapped)
	case netip.MustParsePrefix("::ffff:0:0:0/96").Contains(a):
		return expect4(rows4, v4, fetch.ViaTranslated)
	case netip.MustParsePrefix("64:ff9b::/96").Contains(a):
		return expect4(rows4, v4, fetch.ViaNAT64)
	}
	if r, ok := mostSpecific(rows6, a); ok && !r.globallyTrue {
		return verdict{true, fetch.RuleRegistry, r.block, ""}
	}
	if err := extraRules6(a); err != nil {
		return verdictOf(err)
	}
	if iid := b[8:12]; (iid[0] == 0 || iid[0] == 2) && iid[1] == 0 && iid[2] == 0x5e && iid[3] == 0xfe {
		return expect4(rows4, v4, fetch.ViaISATAP)
	}
	return verdict{}
}

// FuzzCheckAddr checks CheckAddr against reference on any address, seeded
// with the first and last addresses of every block of both registries.
func FuzzCheckAddr(f *testing.F) {
	rows4 := readRegistryTB(f, "iana-ipv4-special-registry-1.csv")
	rows6 := readRegistryTB(f, "iana-ipv6-special-registry-1.csv")
	for _, r := range append(rows4, rows6...) {
		f.Add(r.prefix.Addr().AsSlice())
		f.Add(lastAddr(r.prefix).AsSlice())
	}
	f.Add(netip.MustParseAddr("2001:4860::200:5efe:7f00:1").AsSlice())
	f.Fuzz(func(t *testing.T, b []byte) {
		a, ok := netip.AddrFromSlice(b)
		if !ok {
			return
		}
		want := reference(rows4, rows6, a)
		if got := verdictOf(fetch.CheckAddr(a)); got != want {
			t.Errorf("CheckAddr(%s) = %+v, reference %+v", a, got, want)
		}
	})
}

// FuzzCheckURL checks that CheckURL never panics, never shows a password,
// and that a URL it allows gives a request (net/url reads every URL that
// NewRequest writes) whose host, in the URL and the Host header, is its
// ASCII host.
func FuzzCheckURL(f *testing.F) {
	for _, s := range []string{
		"https://example.com/", "http://u:hunter2@example.com/", "http://[::ffff:127.0.0.1]/", "http://example.com.:8080/",
		"https://ex%C2%ADample.com/", "http://0x7f.1/", "http://[fe80::1%25en0]/", "https://bücher.de/", "http://example.com:25/",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.RFC3987.ParseReference(s)
		if err != nil {
			return
		}
		err = fetch.CheckURL(u)
		if pw, ok := u.Password(); ok && len(pw) > 2 && err != nil && strings.Contains(err.Error(), pw) {
			t.Fatalf("CheckURL(%q) = %v shows the password", s, err)
		}
		if err != nil || u.IsRelative() {
			return
		}
		req, err := fetch.NewRequest(context.Background(), "GET", s, nil)
		if err != nil {
			t.Fatalf("CheckURL(%q) allows it, NewRequest refuses it: %v", s, err)
		}
		host, _ := u.ASCIIHostname()
		if got := req.URL.Hostname(); got != host || req.Host != req.URL.Host {
			t.Errorf("NewRequest(%q) dials %q with Host %q, checked %q", s, got, req.Host, host)
		}
	})
}
