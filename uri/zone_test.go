package uri_test

import (
	"net/netip"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// TestConformanceZones runs the corpus cases marked with an RFC 6874 mode:
// each is valid with RFC6874 and invalid with the default RFC 3986 syntax.
func TestConformanceZones(t *testing.T) {
	ran := 0
	for _, c := range loadParseCases(t) {
		if !strings.HasPrefix(c.Mode, "rfc6874") {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			ran++
			u, err := uri.RFC6874.ParseReference(c.Input)
			if err != nil {
				t.Errorf("%s: RFC6874.ParseReference(%q): %v", c.ID, c.Input, err)
				return
			}
			if _, err := uri.ParseReference(c.Input); err == nil {
				t.Errorf("%s: ParseReference(%q) accepted a zone identifier", c.ID, c.Input)
			}
			h, _ := u.Host()
			zone, ok := h.Zone()
			a, aok := h.Addr()
			if !ok || zone == "" || !aok || a.Zone() != zone || u.Syntax() != uri.RFC6874 || u.String() != c.Input {
				t.Errorf("%s: %q: zone %q %v, addr %v %v, syntax %v, string %q", c.ID, c.Input, zone, ok, a, aok, u.Syntax(), u.String())
			}
		})
	}
	if ran != 45 {
		t.Errorf("ran %d RFC 6874 cases; the corpus has 45", ran)
	}
}

// TestZonesExtendStrict checks that RFC6874 changes nothing but zones: on
// every strict corpus case it gives RFC 3986's verdict and components,
// except for inputs with a "%25" inside brackets.
func TestZonesExtendStrict(t *testing.T) {
	for _, c := range loadParseCases(t) {
		if c.Mode != "" {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			u, err := uri.ParseReference(c.Input)
			z, zerr := uri.RFC6874.ParseReference(c.Input)
			if err == nil {
				if zerr != nil {
					t.Errorf("%s: %q: RFC6874 rejects a valid RFC 3986 reference: %v", c.ID, c.Input, zerr)
				} else if z != u {
					t.Errorf("%s: %q: RFC6874 gives %#v, RFC 3986 %#v", c.ID, c.Input, z, u)
				}
				return
			}
			if zerr == nil && !strings.Contains(c.Input, "%25") {
				t.Errorf("%s: %q: RFC6874 accepts an invalid reference without a zone", c.ID, c.Input)
			}
		})
	}
}

func TestZones(t *testing.T) {
	type result struct {
		Valid   bool
		Host    string
		Literal string
		Zone    string
		Addr    string
		Syntax  string
		Rule    string // of the error
		Offset  int
	}
	for _, tc := range []struct {
		in   string
		want result
	}{
		{"http://[fe80::1%25en0]/", result{Valid: true, Host: "[fe80::1%25en0]", Literal: "fe80::1%25en0", Zone: "en0", Addr: "fe80::1%en0", Syntax: "RFC 6874"}},
		{"http://[fe80::1%25%65n0]:8080", result{Valid: true, Host: "[fe80::1%25%65n0]", Literal: "fe80::1%25%65n0", Zone: "en0", Addr: "fe80::1%en0", Syntax: "RFC 6874"}},
		{"//[::ffff:1.2.3.4%25x]", result{Valid: true, Host: "[::ffff:1.2.3.4%25x]", Literal: "::ffff:1.2.3.4%25x", Zone: "x", Addr: "::ffff:1.2.3.4%x", Syntax: "RFC 6874"}},
		{"http://[FF02::2%2525]/", result{Valid: true, Host: "[FF02::2%2525]", Literal: "FF02::2%2525", Zone: "25", Addr: "ff02::2%25", Syntax: "RFC 6874"}},
		{"http://[fe80::1%25%26]/", result{Valid: true, Host: "[fe80::1%25%26]", Literal: "fe80::1%25%26", Zone: "&", Addr: "fe80::1%&", Syntax: "RFC 6874"}},
		// Without a zone, the value is the RFC 3986 one.
		{"http://[fe80::1]/", result{Valid: true, Host: "[fe80::1]", Literal: "fe80::1", Addr: "fe80::1", Syntax: "RFC 3986"}},
		{"http://[v1.x]/", result{Valid: true, Host: "[v1.x]", Literal: "v1.x", Syntax: "RFC 3986"}},
		// The "%" must be encoded as "%25" (RFC 6874 §2).
		{"http://[fe80::1%en0]/", result{Rule: "pct-encoded", Offset: 15}},
		// An empty zone: ZoneID = 1*( unreserved / pct-encoded ).
		{"http://[fe80::1%25]/", result{Rule: "IPv6addrz", Offset: 18}},
		// Nothing but "]" after the zone: the attack net/url accepts.
		{"http://[fe80::1%25]evil.com]/", result{Rule: "IPv6addrz", Offset: 18}},
		{"http://[fe80::1%25en0]evil.com]/", result{Rule: "host", Offset: 22}},
		{"http://[fe80::1%25en0/x]/", result{Rule: "IPv6addrz", Offset: 21}},
		{"http://[fe80::1%25en%]/", result{Rule: "pct-encoded", Offset: 20}},
		// Only an IPv6address takes a zone.
		{"http://[v1.x%25en0]/", result{Rule: "IPvFuture", Offset: 12}},
		{"http://1.2.3.4%25en0/", result{Valid: true, Host: "1.2.3.4%25en0", Syntax: "RFC 3986"}},
	} {
		t.Run(tc.in, func(t *testing.T) {
			var got result
			u, err := uri.RFC6874.ParseReference(tc.in)
			if err != nil {
				pe := err.(*uri.ParseError)
				got.Rule, got.Offset = pe.Rule, pe.Offset
			} else {
				got.Valid = true
				h, _ := u.Host()
				got.Host = h.String()
				got.Literal, _ = h.Literal()
				got.Zone, _ = h.Zone()
				if a, ok := h.Addr(); ok {
					got.Addr = a.String()
				}
				got.Syntax = u.Syntax().String()
				if u.String() != tc.in {
					t.Errorf("RFC6874.ParseReference(%q).String() = %q", tc.in, u.String())
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("RFC6874.ParseReference(%q) (-want +got):\n%s", tc.in, diff)
			}
			if uri.RFC6874.ValidReference(tc.in) != tc.want.Valid {
				t.Errorf("RFC6874.ValidReference(%q) = %v", tc.in, !tc.want.Valid)
			}
		})
	}
}

// TestZoneResolveNormalize checks that references with zones resolve and
// normalize in their own syntax, keeping the zone's case.
func TestZoneResolveNormalize(t *testing.T) {
	base, err := uri.RFC6874.Parse("http://[FE80::0:1%25En0]/a/b")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ got, want string }{
		{base.ResolveReference(uri.MustParseReference("../c?q")).String(), "http://[FE80::0:1%25En0]/c?q"},
		{base.Normalize().String(), "http://[fe80::0:1%25En0]/a/b"},
		{uri.NormalizeOptions{IPv6Canonical: true}.Normalize(base).String(), "http://[fe80::1%25En0]/a/b"},
	} {
		t.Run(tc.got, func(t *testing.T) {
			if tc.got != tc.want {
				t.Errorf("got %q, want %q", tc.got, tc.want)
			}
		})
	}
	h, _ := base.Host()
	if a, _ := h.Addr(); a != netip.MustParseAddr("fe80::1%En0") {
		t.Errorf("Addr() = %v", a)
	}
}
