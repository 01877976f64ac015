package uri_test

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/ascii"
	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/idna"
	"github.com/specuri/specuri/uri/neturl"
	"github.com/specuri/specuri/uri/origin"
)

// needIDNA skips a test that needs UTS #46 processing of non-ASCII names
// when package idna cannot convert them (a build without its tables).
func needIDNA(t testing.TB) {
	t.Helper()
	if _, err := idna.ToASCII("é.example"); err != nil {
		t.Skipf("package idna does not convert non-ASCII names here (%v): UTS #46 tests skipped", err)
	}
}

// hostResult is what ASCIIHostname returned: the name, or the error's
// code (HostError.Code) or "no-hostname" for ErrNoHostname.
type hostResult struct {
	Name string
	Err  string
}

func asciiHostnameOf(u uri.URI) hostResult {
	name, err := u.ASCIIHostname()
	var he *uri.HostError
	switch {
	case err == nil:
		return hostResult{Name: name}
	case errors.Is(err, uri.ErrNoHostname):
		return hostResult{Err: "no-hostname"}
	case errors.As(err, &he):
		return hostResult{Err: he.Code}
	}
	return hostResult{Err: "undocumented: " + err.Error()}
}

// TestASCIIHostname checks the one ASCII host of every kind of host (RFC
// 3986 §3.2.2, RFC 6874 §2, RFC 3987 §3.1, UTS #46 §4.2).
func TestASCIIHostname(t *testing.T) {
	tests := []struct {
		syntax  uri.Syntax
		in      string
		want    hostResult
		unicode bool // needs UTS #46 processing of non-ASCII text
	}{
		{uri.RFC3986, "http://example.com/", hostResult{Name: "example.com"}, false},
		{uri.RFC3986, "HTTP://WWW.Example.COM:8080/", hostResult{Name: "www.example.com"}, false},
		{uri.RFC3986, "http://a_b.example/", hostResult{Name: "a_b.example"}, false},
		{uri.RFC3986, "http://example.com./", hostResult{Name: "example.com."}, false},
		{uri.RFC3986, "http://EXAMPLE.com../", hostResult{Name: "example.com.."}, false},
		{uri.RFC3986, "http://./", hostResult{Name: "."}, false},
		{uri.RFC3986, "http://%65xample.com/", hostResult{Name: "example.com"}, false},
		{uri.RFC3986, "http://192.0.2.1:80/", hostResult{Name: "192.0.2.1"}, false},
		{uri.RFC3986, "http://[2001:DB8:0::1]/", hostResult{Name: "2001:db8::1"}, false},
		{uri.RFC3986, "http://[::FFFF:1.2.3.4]/", hostResult{Name: "::ffff:1.2.3.4"}, false},
		{uri.RFC6874, "http://[fe80::1%25en0]:8080/", hostResult{Name: "fe80::1%en0"}, false},
		{uri.RFC6874, "http://[FE80::1%25EN%30]/", hostResult{Name: "fe80::1%EN0"}, false},
		{uri.RFC6874, "http://[fe80::1%25eth%2F0]/", hostResult{Name: "fe80::1%eth/0"}, false},
		{uri.RFC6874, "hAa://[::%25%80]:0", hostResult{Err: uri.HostByte}, false},
		{uri.RFC6874, "http://[fe80::1%25a%20b]/", hostResult{Err: uri.HostByte}, false},
		{uri.RFC6874, "http://[fe80::1%25a%25b]/", hostResult{Err: uri.HostByte}, false},
		{uri.RFC3986, "mailto:a@example.com", hostResult{Err: "no-hostname"}, false},
		{uri.RFC3986, "file:///etc/hosts", hostResult{Err: "no-hostname"}, false},
		{uri.RFC3986, "http://[v1.x]/", hostResult{Err: "no-hostname"}, false},
		{uri.RFC3986, "", hostResult{Err: "no-hostname"}, false},
		// Forbidden domain code points (URL Standard, host parsing) and
		// bytes no reg-name holds unencoded (RFC 3986 §3.2.2).
		{uri.RFC3986, "http://a%2Fb/", hostResult{Err: uri.HostIDNA}, true},
		{uri.RFC3986, "http://a%00b/", hostResult{Err: uri.HostIDNA}, true},
		{uri.RFC3986, "http://evil.com%40good.com/", hostResult{Err: uri.HostIDNA}, true},
		{uri.RFC3986, "http://a%7Bb/", hostResult{Err: uri.HostByte}, true},
		{uri.RFC3986, "http://a%22b/", hostResult{Err: uri.HostByte}, true},
		{uri.RFC3986, "http://%FF.example/", hostResult{Err: uri.HostInvalidUTF8}, false},
		{uri.RFC3986, "http://1.2.3/", hostResult{Err: uri.HostNumber}, false},
		{uri.RFC3986, "http://0x7f.1/", hostResult{Err: uri.HostNumber}, false},
		{uri.RFC3986, "http://01.2.3.4/", hostResult{Err: uri.HostNumber}, false},
		{uri.RFC3986, "http://example.0x/", hostResult{Err: uri.HostNumber}, false},
		{uri.RFC3986, "http://example.123./", hostResult{Err: uri.HostNumber}, false},
		{uri.RFC3986, "http://123.example/", hostResult{Name: "123.example"}, false},
		{uri.RFC3986, "http://0xg.example/", hostResult{Name: "0xg.example"}, false},
		// The URL Standard's domain to ASCII (beStrict false) takes an
		// all-ASCII "xn--" label that does not decode (web-platform-tests'
		// IdnaTestV2.json: "xn--a.pt"), not one with non-ASCII in it (UTS
		// #46 §4 step 4, P4; the x/net #81116 bug).
		{uri.RFC3986, "http://xn--a.example/", hostResult{Name: "xn--a.example"}, true},
		{uri.RFC3986, "http://xn--a-%C3%A4.example/", hostResult{Err: uri.HostIDNA}, true},
		{uri.RFC3987, "http://xn--a-ä.example/", hostResult{Err: uri.HostIDNA}, true},
		// International names (RFC 3987 §3.1, UTS #46 §4.2).
		{uri.RFC3987, "http://納豆.example.org/", hostResult{Name: "xn--99zt52a.example.org"}, true},
		{uri.RFC3987, "http://BÜCHER.de/", hostResult{Name: "xn--bcher-kva.de"}, true},
		{uri.RFC3986, "http://B%C3%9Ccher.de/", hostResult{Name: "xn--bcher-kva.de"}, true},
		{uri.RFC3986, "http://XN--BCHER-KVA.de/", hostResult{Name: "xn--bcher-kva.de"}, true},
		{uri.RFC3987, "http://résumé.example.org/", hostResult{Name: "xn--rsum-bpad.example.org"}, true},
		{uri.RFC3987, "http://аpple.com/", hostResult{Name: "xn--pple-43d.com"}, true},
		{uri.RFC3987, "http://ＥＸＡＭＰＬＥ.com/", hostResult{Name: "example.com"}, true},
		{uri.RFC3987, "urn-like://例え.jp/", hostResult{Name: "xn--r8jz45g.jp"}, true},
		// U+FF0F FULLWIDTH SOLIDUS maps to "/" (UTS #46 §4 step 1), a
		// forbidden domain code point; U+FF5B to "{", which no host holds.
		{uri.RFC3987, "http://a／b.example/", hostResult{Err: uri.HostIDNA}, true},
		{uri.RFC3987, "http://a｛b.example/", hostResult{Err: uri.HostByte}, true},
		// A lone U+00AD maps to nothing (x/net #80990: an empty host).
		{uri.RFC3986, "http://%C2%AD/", hostResult{Err: uri.HostIDNA}, true},
		// Fullwidth digits map to an IPv4 look-alike reg-name.
		{uri.RFC3987, "http://１.２.３/", hostResult{Err: uri.HostNumber}, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if tt.unicode {
				needIDNA(t)
			}
			u := tt.syntax.MustParseReference(tt.in)
			got := asciiHostnameOf(u)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ASCIIHostname(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if got.Err != "" {
				return
			}
			// Its own ASCIIHostname (idempotent).
			host := got.Name
			if addr, zone, ok := strings.Cut(host, "%"); ok {
				host = "[" + addr + "%25" + encodeZone(zone) + "]"
			} else if strings.Contains(host, ":") {
				host = "[" + host + "]"
			}
			v := uri.RFC6874.MustParse("http://" + host + "/")
			if again := asciiHostnameOf(v); again != got {
				t.Errorf("ASCIIHostname(%q) = %+v, not its own %+v", v, again, got)
			}
		})
	}
}

// TestASCIIHostnameErrors checks the offsets and messages of HostError: the
// offset of the octet at fault or of the host, never a byte of a password.
func TestASCIIHostnameErrors(t *testing.T) {
	tests := []struct {
		in      string
		offset  int
		message string
	}{
		{"http://u:secret@a%7Bb/", 16, "uri: invalid host name at offset 16 (byte): byte 0x7b of its ASCII form is not allowed unencoded in a host (RFC 3986 §3.2.2)"},
		{"http://ab%C3%28/", 9, "uri: invalid host name at offset 9 (invalid-utf8): the percent-decoded host is not UTF-8 (RFC 3986 §3.2.2)"},
		{"http://%FF.example/", 7, "uri: invalid host name at offset 7 (invalid-utf8): the percent-decoded host is not UTF-8 (RFC 3986 §3.2.2)"},
		{"http://h.1/", 7, "uri: invalid host name at offset 7 (number): its last label is a number, which a resolver may read as an IPv4 address (RFC 3986 §7.4)"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := uri.MustParse(tt.in).ASCIIHostname()
			var he *uri.HostError
			if !errors.As(err, &he) {
				t.Fatalf("ASCIIHostname(%q) = %v, want a *HostError", tt.in, err)
			}
			if diff := cmp.Diff([]any{tt.offset, tt.message}, []any{he.Offset, he.Error()}); diff != "" {
				t.Errorf("ASCIIHostname(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if strings.Contains(he.Error(), "secret") {
				t.Errorf("error %q shows the password", he.Error())
			}
		})
	}
}

// TestOneHostOneAnswer is the x/net #80417 class of bug (the host dialed,
// the Host header and Hostname() differ): every form of one host, and
// every value derived from it, gives the same ASCIIHostname, which is also
// the host of ToURI, of the origin and of the net/url value.
func TestOneHostOneAnswer(t *testing.T) {
	groups := []struct {
		want    string
		forms   []string // parsed as IRIs; every URI is one
		unicode bool
	}{
		{"example.com", []string{"http://example.com/", "HTTP://EXAMPLE.COM:80/", "http://%65xample.com/", "http://ＥＸＡＭＰＬＥ.com/"}, true},
		{"xn--bcher-kva.de", []string{"http://bücher.de/", "http://BÜCHER.de/", "http://xn--bcher-kva.de/", "http://XN--BCHER-KVA.DE/", "http://b%C3%BCcher.de/", "http://B%C3%9Ccher.de/"}, true},
		{"example.org", []string{"http://example.org/", "http://Example.ORG/"}, false},
	}
	for _, g := range groups {
		t.Run(g.want, func(t *testing.T) {
			if g.unicode {
				needIDNA(t)
			}
			for _, in := range g.forms {
				u := uri.RFC3987.MustParse(in)
				views := map[string]uri.URI{"u": u, "ToURI": u.ToURI(), "ToIRI": u.ToIRI(), "Normalize": u.Normalize(),
					"SchemeBased": uri.NormalizeOptions{SchemeBased: true}.Normalize(u)}
				if nu, err := neturl.FromURI(u); err == nil {
					if v, err := neturl.ToURI(nu); err == nil {
						views["URL"] = v
					}
				}
				for name, v := range views {
					if got := asciiHostnameOf(v); got != (hostResult{Name: g.want}) {
						t.Errorf("%q: ASCIIHostname of %s %q = %+v, want %q", in, name, v, got, g.want)
					}
				}
				if got := origin.Of(u).Host(); got != g.want {
					t.Errorf("%q: origin.Of().Host() = %q, want %q", in, got, g.want)
				}
				if got := u.ToURI().Hostname(); got != g.want && !strings.Contains(in, "%") && !ascii.Is(in) {
					t.Errorf("%q: ToURI().Hostname() = %q, want %q", in, got, g.want)
				}
			}
		})
	}
}

// TestToURIHost checks the host of ToURI (RFC 3987 §3.1): A-labels for a
// scheme that uses domain names, the percent-encoded form otherwise and
// when the conversion fails.
func TestToURIHost(t *testing.T) {
	tests := []struct {
		in, want string
		unicode  bool
	}{
		{"http://résumé.example.org/ré?é#é", "http://xn--rsum-bpad.example.org/r%C3%A9?%C3%A9#%C3%A9", true},
		{"HTTPS://BÜCHER.de:8443/", "HTTPS://xn--bcher-kva.de:8443/", true},
		{"ws://納豆.example.org/", "ws://xn--99zt52a.example.org/", true},
		{"ftp://u@例え.jp/", "ftp://u@xn--r8jz45g.jp/", true},
		{"file://résumé.example/p", "file://xn--rsum-bpad.example/p", true},
		// Other schemes: §3.1 step 2 only.
		{"foo://résumé.example.org/", "foo://r%C3%A9sum%C3%A9.example.org/", false},
		{"//résumé.example.org/", "//r%C3%A9sum%C3%A9.example.org/", false},
		// An ASCII host, percent-encoded or not, is written as it is.
		{"http://Example.ORG/é", "http://Example.ORG/%C3%A9", false},
		{"http://r%C3%A9sum%C3%A9.org/é", "http://r%C3%A9sum%C3%A9.org/%C3%A9", false},
		// A host UTS #46 rejects, or whose ASCII form cannot be a host,
		// keeps the percent-encoded form.
		{"http://a／b.example/", "http://a%EF%BC%8Fb.example/", false},
		{"http://xn--a-ä.é/", "http://xn--a-%C3%A4.%C3%A9/", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if tt.unicode {
				needIDNA(t)
			}
			got := uri.RFC3987.MustParseReference(tt.in).ToURI()
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("ToURI(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if got.Syntax() == uri.RFC3987 {
				t.Errorf("ToURI(%q) has the syntax %v", tt.in, got.Syntax())
			}
			v, err := uri.IRIToURI(tt.in)
			if err != nil || v != got {
				t.Errorf("IRIToURI(%q) = %q, %v; ToURI gives %q", tt.in, v, err, got)
			}
		})
	}
}

// TestCompareIDNA checks the IRI comparison ladder (RFC 3987 §5.3) and the
// issue's reproducers.
func TestCompareIDNA(t *testing.T) {
	tests := []struct {
		a, b    string
		want    uri.Comparison
		unicode bool
	}{
		// §5.3.2.3: percent-encoding aligned.
		{"http://example.org/rosé", "http://example.org/ros%C3%A9", uri.Comparison{Level: uri.SyntaxBased}, false},
		{"http://example.org/rosé", "http://example.org/ros%c3%a9", uri.Comparison{Level: uri.SyntaxBased}, false},
		{"example://a/b/c/%7Bfoo%7D/rosé", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", uri.Comparison{Level: uri.SyntaxBased}, false},
		{"http://r%C3%A9sum%C3%A9.org/", "http://résumé.org/", uri.Comparison{Level: uri.SyntaxBased}, false},
		{"foo://é/?é#é", "foo://%C3%A9/?%C3%A9#%C3%A9", uri.Comparison{Level: uri.SyntaxBased}, false},
		// §5.3.2.2: no character normalization in comparison.
		{"http://example.org/re\u0301sume\u0301", "http://example.org/résumé", uri.Comparison{Component: "path"}, false},
		// §5.3.3: IDN components and their punycode.
		{"http://BÜCHER.de/", "http://xn--bcher-kva.de/", uri.Comparison{Level: uri.SchemeBased}, true},
		{"http://résumé.example.org", "http://xn--rsum-bpad.example.org/", uri.Comparison{Level: uri.SchemeBased}, true},
		{"https://bücher.de:443/", "https://B%C3%9Ccher.de/", uri.Comparison{Level: uri.SchemeBased}, true},
		{"wss://ＥＸＡＭＰＬＥ.com/", "wss://example.com/", uri.Comparison{Level: uri.SchemeBased}, true},
		{"http://bücher.de/", "http://bucher.de/", uri.Comparison{Component: "host"}, true},
		// Not for a scheme that does not use domain names.
		{"foo://BÜCHER.de/", "foo://xn--bcher-kva.de/", uri.Comparison{Component: "host"}, false},
		// A host UTS #46 rejects compares by its text.
		{"http://xn--a.de/", "http://XN--A.de/", uri.Comparison{Level: uri.SyntaxBased}, false},
	}
	for _, tt := range tests {
		t.Run(tt.a, func(t *testing.T) {
			if tt.unicode {
				needIDNA(t)
			}
			a, b := uri.RFC3987.MustParseReference(tt.a), uri.RFC3987.MustParseReference(tt.b)
			got := uri.Compare(a, b)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Compare(%q, %q) mismatch (-want +got):\n%s", tt.a, tt.b, diff)
			}
			if back := uri.Compare(b, a); back != got {
				t.Errorf("Compare(%q, %q) = %+v, but reversed %+v", tt.a, tt.b, got, back)
			}
			// An IRI and the URI of the other compare alike.
			if got.Level != uri.Exact {
				if mixed := uri.Compare(a, b.ToURI()); mixed.Equivalent() != got.Equivalent() {
					t.Errorf("Compare(%q, %q) = %+v, but with the URI %q: %+v", tt.a, tt.b, got, b.ToURI(), mixed)
				}
			}
		})
	}
}

// TestNormalizeIDNA checks scheme-based normalization of international
// hosts (RFC 3987 §5.3.3) and character normalization (§5.3.2.2).
func TestNormalizeIDNA(t *testing.T) {
	sb := uri.NormalizeOptions{SchemeBased: true}
	tests := []struct {
		syntax  uri.Syntax
		opts    uri.NormalizeOptions
		in      string
		want    string
		unicode bool
	}{
		{uri.RFC3987, sb, "HTTP://BÜCHER.de:80/", "http://bücher.de/", true},
		{uri.RFC3987, sb, "http://bücher.DE", "http://bücher.de/", true},
		{uri.RFC3987, sb, "http://B%C3%9Ccher.dé/", "http://bücher.dé/", true},
		// An ASCII IRI is a URI (RFC 3987 §3.1): A-labels.
		{uri.RFC3987, sb, "http://xn--bcher-kva.DE", "http://xn--bcher-kva.de/", true},
		{uri.RFC3986, sb, "http://B%C3%9Ccher.de/", "http://xn--bcher-kva.de/", true},
		{uri.RFC3986, sb, "HTTP://XN--BCHER-KVA.DE:80", "http://xn--bcher-kva.de/", true},
		{uri.RFC3987, sb, "ftp://ＥＸＡＭＰＬＥ.com:21/", "ftp://example.com/", true},
		// Syntax-based normalization lower-cases ASCII only (RFC 3987
		// §5.3.2.1).
		{uri.RFC3987, uri.NormalizeOptions{}, "HTTP://BÜCHER.de:80/", "http://bÜcher.de:80/", false},
		// Other schemes, and hosts UTS #46 rejects, keep the syntax form.
		{uri.RFC3987, sb, "foo://BÜCHER.de/", "foo://bÜcher.de/", false},
		{uri.RFC3987, sb, "http://XN--A.de/", "http://xn--a.de/", false},
		{uri.RFC3986, sb, "http://A%2Fb/", "http://a%2Fb/", false},
		// NFC (RFC 3987 §5.3.2.2, UAX #15).
		{uri.RFC3987, uri.NormalizeOptions{NFC: true}, "http://example.org/re\u0301sume\u0301?e\u0301#e\u0301", "http://example.org/résumé?é#é", true},
		{uri.RFC3987, uri.NormalizeOptions{}, "http://example.org/re\u0301sume\u0301", "http://example.org/re\u0301sume\u0301", false},
		{uri.RFC3986, uri.NormalizeOptions{NFC: true}, "http://example.org/re%CC%81", "http://example.org/re%CC%81", false},
		// U+037E GREEK QUESTION MARK is canonically ";".
		{uri.RFC3987, uri.NormalizeOptions{NFC: true}, "http://h/a\u037eb", "http://h/a;b", true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if tt.unicode {
				needIDNA(t)
			}
			got := tt.opts.Normalize(tt.syntax.MustParseReference(tt.in))
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("%+v.Normalize(%q) mismatch (-want +got):\n%s", tt.opts, tt.in, diff)
			}
			if again := tt.opts.Normalize(got); again != got {
				t.Errorf("%+v.Normalize is not idempotent on %q: %q", tt.opts, got, again)
			}
		})
	}
}

// TestUsesDomainNames checks the one table of schemes whose reg-name is a
// domain name (RFC 3987 §3.1).
func TestUsesDomainNames(t *testing.T) {
	var got []string
	for _, s := range []string{"http", "HTTPS", "ws", "Wss", "ftp", "file", "urn", "mailto", "foo", "", "data"} {
		if uri.UsesDomainNames(s) {
			got = append(got, s)
		}
	}
	if diff := cmp.Diff([]string{"http", "HTTPS", "ws", "Wss", "ftp", "file"}, got); diff != "" {
		t.Errorf("UsesDomainNames mismatch (-want +got):\n%s", diff)
	}
}

// The net/url value of an IRI with an international host names the host
// in A-labels, as a dialer needs.
func TestURLHostIDNA(t *testing.T) {
	needIDNA(t)
	v, err := neturl.FromURI(uri.RFC3987.MustParse("http://résumé.example.org:8080/é"))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := url.Parse("http://xn--rsum-bpad.example.org:8080/%C3%A9")
	if diff := cmp.Diff(want.String(), v.String()); diff != "" {
		t.Errorf("neturl.FromURI mismatch (-want +got):\n%s", diff)
	}
}

// TestASCIIHostFastPath checks that an all-ASCII lower-case host costs no
// allocation in the operations that now apply UTS #46.
func TestASCIIHostFastPath(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector drops pooled values at random, which changes allocation counts")
	}
	u := uri.MustParse("https://www.example.com:8443/a/b?q=1#f")
	iri := uri.RFC3987.MustParse("https://www.example.com/é")
	sb := uri.NormalizeOptions{SchemeBased: true}
	n := sb.Normalize(u)
	tests := []struct {
		name string
		max  float64
		op   func()
	}{
		{"ASCIIHostname", 0, func() { _, _ = u.ASCIIHostname() }},
		{"origin.Of", 0, func() { _ = origin.Of(u) }},
		{"origin.Of an IRI", 0, func() { _ = origin.Of(iri) }},
		{"Compare at the exact rung", 0, func() { _ = uri.Compare(u, u) }},
		{"UsesDomainNames", 0, func() { _ = uri.UsesDomainNames("https") }},
		// Normalization of a normal URI: the recomposition and its parse,
		// nothing for the host.
		{"scheme-based Normalize", testing.AllocsPerRun(10, func() { _ = n.Normalize() }), func() { _ = sb.Normalize(n) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := testing.AllocsPerRun(20, tt.op); got > tt.max {
				t.Errorf("%s: %.0f allocations, want at most %.0f", tt.name, got, tt.max)
			}
		})
	}
}

// FuzzHost runs the host operations on a host in the URIs of a scheme that
// uses domain names and of one that does not, in every syntax: the matrix
// operations never panic and keep their promises, ASCIIHostname is
// idempotent, and an IRI is equivalent to its URI.
func FuzzHost(f *testing.F) {
	for _, s := range []string{"example.com", "納豆.example.org", "BÜCHER.de", "xn--bcher-kva.de", "XN--A", "B%C3%9Ccher.de",
		"a／b", "%C2%AD", "１.２.３.４", "0x7f.1", "é..é", "[fe80::1%25en0]", "[v1.x]", "", "u:p@h:80", "a\u200db", "\u0627\u0644\u0639\u0631\u0628\u064a\u0629"} {
		f.Add(s)
	}
	var ops []matrixOp
	for _, op := range matrixOps() {
		switch op.name {
		case "ASCIIHostname/Origin/UsesDomainNames", "ToURI", "ToIRI", "Normalize", "Hostname/Username/Password":
			ops = append(ops, op)
		}
	}
	if len(ops) != 5 {
		f.Fatalf("found %d of the 5 matrix operations", len(ops))
	}
	f.Fuzz(func(t *testing.T, host string) {
		if len(host) > 1024 {
			return
		}
		for _, prefix := range []string{"http://", "foo://"} {
			for _, u := range parseEverySyntax(prefix + host + "/p") {
				for _, op := range ops {
					if err := runMatrixOp(op, u); err != nil {
						t.Errorf("%s: %v %q: %v", op.name, u.Syntax(), u, err)
					}
				}
				if c := uri.Compare(u, u.ToURI()); !c.Equivalent() {
					t.Errorf("Compare(%q, ToURI() = %q) = %+v", u, u.ToURI(), c)
				}
			}
		}
	})
}
