package origin_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/wpttest"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/idna"
	"github.com/specuri/specuri/uri/origin"
	"github.com/specuri/specuri/uri/whatwg"
)

// needIDNA skips a test that needs UTS #46 processing of non-ASCII names
// when package idna cannot convert them (a build without its tables).
func needIDNA(t testing.TB) {
	t.Helper()
	if _, err := idna.ToASCII("é.example"); err != nil {
		t.Skipf("package idna does not convert non-ASCII names here (%v): UTS #46 tests skipped", err)
	}
}

// TestOfBrowser checks that the host of an origin is the one the URL
// Standard's host parser reads and its host serializer writes (URL
// Standard §3.5 "host parsing", §3.6 "host serializing"): the IPv4
// parser's decimal, hexadecimal, octal and short forms, the trailing dot,
// percent-encoded digits, the IPv6 serializer's compression, and the
// failures, which give an opaque origin.
func TestOfBrowser(t *testing.T) {
	tests := []struct {
		syntax uri.Syntax
		in     string
		want   string
	}{
		{uri.RFC3986, "http://2130706433/", "http://127.0.0.1"},
		{uri.RFC3986, "http://0x7f.1/", "http://127.0.0.1"},
		{uri.RFC3986, "http://0X7F.0.0.1/", "http://127.0.0.1"},
		{uri.RFC3986, "http://0177.0.0.1/", "http://127.0.0.1"},
		{uri.RFC3986, "http://127.1/", "http://127.0.0.1"},
		{uri.RFC3986, "http://127.0.0.1./", "http://127.0.0.1"},
		{uri.RFC3986, "http://%31%32%37.1/", "http://127.0.0.1"},
		{uri.RFC3986, "https://127.0.0.1:443/", "https://127.0.0.1"},
		{uri.RFC3986, "ws://0x7f.1:8080/", "ws://127.0.0.1:8080"},
		{uri.RFC3986, "http://[0:0::1]/", "http://[::1]"},
		{uri.RFC3986, "http://[0:0:0:0:0:0:0:1]:8080/", "http://[::1]:8080"},
		{uri.RFC3986, "http://[2001:DB8::1]/", "http://[2001:db8::1]"},
		{uri.RFC3986, "http://[::ffff:1.2.3.4]/", "http://[::ffff:102:304]"},
		{uri.RFC3986, "http://example.com./", "http://example.com."},
		// Hosts the URL Standard rejects.
		{uri.RFC3986, "http://..7/", "null"},
		{uri.RFC3986, "http://[v1.x]/", "null"},
		{uri.RFC3986, "http://[V1.AB]/", "null"},
		{uri.RFC3986, "http://256.256.256.256.256/", "null"},
		{uri.RFC3986, "http://4294967296/", "null"},
		{uri.RFC3986, "http://0x100000000/", "null"},
		{uri.RFC3986, "http://1.2.3.08/", "null"},
		{uri.RFC3986, "http://a.0x/", "null"},
		{uri.RFC6874, "http://[fe80::1%25en0]/", "null"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, origin.Of(tt.syntax.MustParseReference(tt.in)).String()); diff != "" {
				t.Errorf("Of(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			// The browser's answer for the same text.
			w, err := whatwg.Parse(tt.in)
			want := "null"
			if err == nil {
				want = w.Origin()
			}
			if diff := cmp.Diff(want, origin.Of(tt.syntax.MustParseReference(tt.in)).String()); diff != "" {
				t.Errorf("Of(%q) and whatwg.Parse(%[1]q).Origin() differ (-whatwg +Of):\n%s", tt.in, diff)
			}
		})
	}
	// Same agrees with a browser: the forms of one address are one origin.
	a := origin.Of(uri.MustParse("http://2130706433/"))
	for _, s := range []string{"http://127.0.0.1/", "http://0x7f.1/", "http://127.0.0.1./", "http://%31%32%37.1:80/"} {
		if b := origin.Of(uri.MustParse(s)); !a.Same(b) {
			t.Errorf("Of(%q) = %v and Of(%q) = %v are not the same origin", "http://2130706433/", a, s, b)
		}
	}
}

// TestOfURLWPT checks OfURL against every origin of urltestdata.json, and
// Of against those of the inputs that are RFC 3986 URIs with an authority
// and no base, whose scheme, host and port both parsers read alike.
func TestOfURLWPT(t *testing.T) {
	needIDNA(t)
	var urls, uris int
	for _, c := range wpttest.URLTestData(t, "../../testdata/wpt/url/urltestdata.json") {
		if c.Failure || c.Origin == nil {
			continue
		}
		base := whatwg.URL{}
		if c.Base != nil {
			b, err := whatwg.Parse(*c.Base)
			if err != nil {
				t.Fatalf("base %q: %v", *c.Base, err)
			}
			base = b
		}
		u, err := base.Parse(c.Input)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.Input, err)
			continue
		}
		urls++
		if diff := cmp.Diff(*c.Origin, origin.OfURL(u).String()); diff != "" {
			t.Errorf("OfURL(%q) mismatch (-want +got):\n%s", c.Input, diff)
		}
		if got := origin.OfURL(u).String(); got != u.Origin() {
			t.Errorf("OfURL(%q) = %q, URL.Origin() = %q", c.Input, got, u.Origin())
		}
		if c.Base != nil || !strings.Contains(c.Input, "://") {
			continue
		}
		v, err := uri.Parse(c.Input)
		if _, ok := v.Authority(); err != nil || !ok {
			continue
		}
		uris++
		if diff := cmp.Diff(*c.Origin, origin.Of(v).String()); diff != "" {
			t.Errorf("Of(%q) mismatch (-want +got):\n%s", c.Input, diff)
		}
	}
	if urls < 400 || uris < 50 {
		t.Errorf("checked %d URLs and %d URIs: the suite did not load", urls, uris)
	}
}

// FuzzOf checks that Of never panics and gives, for an http URI, what the
// URL parser gives for the same scheme, host and port: the fast path
// (ASCIIHostname) and the URL parser agree.
func FuzzOf(f *testing.F) {
	for _, s := range []string{
		"example.com", "EXAMPLE.com", "納豆.example.org", "xn--99zt52a.example.org", "2130706433", "0x7f.1",
		"127.0.0.1.", "%31%32%37.1", "[0:0::1]", "..7", "[v1.x]", "[fe80::1%25en0]", "a%2Fb", "%C2%AD",
		"a{b", "１.２.３.４", "1.2.3", "a..b", "", "[::ffff:1.2.3.4]", "0x", "09.1",
	} {
		f.Add(s, "")
		f.Add(s, "8080")
	}
	f.Fuzz(func(t *testing.T, host, port string) {
		for _, syntax := range []uri.Syntax{uri.RFC3986, uri.RFC6874, uri.RFC3987} {
			u, err := syntax.Parse("http://" + host + ":" + port + "/")
			if err != nil {
				continue
			}
			got := origin.Of(u)
			h, _ := u.Host()
			p, _ := u.Port()
			w, werr := whatwg.Parse("http://" + h.String() + ":" + p + "/")
			want := origin.Origin{}
			if werr == nil && h.String() != "" {
				want = origin.OfURL(w)
			}
			if got != want {
				t.Fatalf("Of(%q) = %v, the URL parser's %v", u, got, want)
			}
			if !got.IsOpaque() && got.Port() == 0 && strings.Trim(p, "0") != "" {
				t.Fatalf("Of(%q).Port() = 0", u)
			}
		}
	})
}
