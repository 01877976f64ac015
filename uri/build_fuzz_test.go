package uri_test

import (
	"errors"
	"net/netip"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// FuzzBuild checks that building from decoded components and parsing the
// result gives the same decoded components back (RFC 3986 §2.4, §5.3), and
// that every refusal is one of the documented errors.
func FuzzBuild(f *testing.F) {
	var cases []normalizeCase
	readConformance(f, "normalize.json", &cases)
	for _, c := range cases {
		if u, err := uri.ParseReference(c.Input); err == nil {
			b := u.Builder()
			f.Add(b.Scheme, b.Userinfo, b.Host, b.Port, b.Path, b.Query, b.Fragment, flagsOf(b))
		}
	}
	f.Add("http", "a b:c", "ex ample", "80", "/a b/%/c", "x=1&y", "frag ment", uint8(0xff))
	f.Add("", "", "", "", "a:b/c", "", "", uint8(0))
	f.Add("http", "", "fe80::1%en0", "", "", "", "", uint8(1)) // a zone: not RFC 3986's
	f.Fuzz(func(t *testing.T, scheme, userinfo, host, port, path, query, fragment string, flags uint8) {
		b := uri.Builder{
			Scheme: scheme, HasAuthority: flags&1 != 0,
			Userinfo: userinfo, HasUserinfo: flags&2 != 0,
			Host: host, Port: port, HasPort: flags&4 != 0,
			Path: path, Query: query, HasQuery: flags&8 != 0,
			Fragment: fragment, HasFragment: flags&16 != 0,
		}
		if !b.HasUserinfo {
			b.Userinfo = ""
		}
		if !b.HasPort {
			b.Port = ""
		}
		if !b.HasQuery {
			b.Query = ""
		}
		if !b.HasFragment {
			b.Fragment = ""
		}
		// An IPv6 address without brackets is written as its IP-literal
		// (Builder.Host), which is the host a parse gives back; with a
		// zone, which RFC 3986 does not have, it is a ParseError.
		want := b
		a, ipErr := netip.ParseAddr(host)
		bareIPv6 := ipErr == nil && a.Is6()
		if bareIPv6 && b.HasAuthority {
			want.Host = "[" + host + "]"
		}
		u, err := b.URI()
		if err != nil {
			var pe *uri.ParseError
			switch {
			case errors.Is(err, uri.ErrBadScheme), errors.Is(err, uri.ErrBadPort),
				errors.Is(err, uri.ErrNoAuthority), errors.Is(err, uri.ErrPathForm):
			case errors.As(err, &pe) && (strings.HasPrefix(host, "[") || bareIPv6 && a.Zone() != ""):
			default:
				t.Fatalf("%+v.URI(): unexpected error %v", b, err)
			}
			return
		}
		again, err := uri.ParseReference(u.String())
		if err != nil {
			t.Fatalf("%+v.URI() = %q does not parse: %v", b, u, err)
		}
		if diff := cmp.Diff(want, again.Builder(), builderFields); diff != "" {
			t.Fatalf("Parse(%+v.URI() = %q) mismatch (-want +got):\n%s", b, u, diff)
		}
	})
}

func flagsOf(b uri.Builder) uint8 {
	var f uint8
	for i, ok := range []bool{b.HasAuthority, b.HasUserinfo, b.HasPort, b.HasQuery, b.HasFragment} {
		if ok {
			f |= 1 << i
		}
	}
	return f
}
