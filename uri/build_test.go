package uri_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/specuri/specuri/uri"
)

// builderFields compares the exported fields of Builders: what URI.Builder
// remembers of the original text is not part of a Builder's value.
var builderFields = cmpopts.IgnoreUnexported(uri.Builder{})

func TestBuilder(t *testing.T) {
	tests := []struct {
		name string
		b    uri.Builder
		want string
	}{
		{"zero", uri.Builder{}, ""},
		{"full", uri.Builder{Scheme: "http", HasAuthority: true, Userinfo: "a b:c@d", HasUserinfo: true,
			Host: "Ex ample", Port: "8080", HasPort: true, Path: "/a b/c%d", Query: "x=1 2&y", HasQuery: true,
			Fragment: "f#g", HasFragment: true},
			"http://a%20b:c%40d@Ex%20ample:8080/a%20b/c%25d?x=1%202&y#f%23g"},
		{"empty parts", uri.Builder{Scheme: "s", HasAuthority: true, HasPort: true, HasQuery: true, HasFragment: true}, "s://:?#"},
		{"ipv6", uri.Builder{Scheme: "http", HasAuthority: true, Host: "[::1]", Path: "/"}, "http://[::1]/"},
		{"ipv4", uri.Builder{Scheme: "http", HasAuthority: true, Host: "10.0.0.1"}, "http://10.0.0.1"},
		{"colon first segment", uri.Builder{Path: "a:b/c:d"}, "a%3Ab/c:d"},
		{"colon with scheme", uri.Builder{Scheme: "urn", Path: "a:b"}, "urn:a:b"},
		{"relative abs", uri.Builder{Path: "/a:b"}, "/a:b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := tt.b.URI()
			if err != nil {
				t.Errorf("%s: URI(): %v", tt.name, err)
				return
			}
			if diff := cmp.Diff(tt.want, u.String()); diff != "" {
				t.Errorf("%s: URI() mismatch (-want +got):\n%s", tt.name, diff)
			}
			if diff := cmp.Diff(tt.b, u.Builder(), builderFields); diff != "" {
				t.Errorf("%s: Builder() mismatch (-want +got):\n%s", tt.name, diff)
			}
		})
	}
}

func TestBuilderErrors(t *testing.T) {
	tests := []struct {
		name string
		b    uri.Builder
		want error
	}{
		{"scheme", uri.Builder{Scheme: "1x"}, uri.ErrBadScheme},
		{"scheme byte", uri.Builder{Scheme: "a b"}, uri.ErrBadScheme},
		{"port", uri.Builder{HasAuthority: true, Port: "8a", HasPort: true}, uri.ErrBadPort},
		{"userinfo without authority", uri.Builder{Userinfo: "u", HasUserinfo: true}, uri.ErrNoAuthority},
		{"host without authority", uri.Builder{Host: "h"}, uri.ErrNoAuthority},
		{"rootless after authority", uri.Builder{HasAuthority: true, Host: "h", Path: "p"}, uri.ErrPathForm},
		{"double slash without authority", uri.Builder{Scheme: "s", Path: "//p"}, uri.ErrPathForm},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := tt.b.URI(); !errors.Is(err, tt.want) {
				t.Errorf("%s: URI() error = %v, want %v", tt.name, err, tt.want)
			}
		})
	}
	var pe *uri.ParseError
	if _, err := (uri.Builder{HasAuthority: true, Host: "[::g]"}).URI(); !errors.As(err, &pe) {
		t.Errorf("URI() with host [::g]: error = %v, want a *ParseError", err)
	}
}

func TestWith(t *testing.T) {
	u := uri.MustParse("http://u@h:1/a%2Fb?q#f")
	tests := []struct {
		name string
		f    func() (uri.URI, error)
		want string
	}{
		{"scheme", func() (uri.URI, error) { return u.WithScheme("https") }, "https://u@h:1/a%2Fb?q#f"},
		{"no scheme", func() (uri.URI, error) { return u.WithScheme("") }, "//u@h:1/a%2Fb?q#f"},
		{"userinfo", func() (uri.URI, error) { return u.WithUserinfo("a:b c") }, "http://a:b%20c@h:1/a%2Fb?q#f"},
		{"no userinfo", u.WithoutUserinfo, "http://h:1/a%2Fb?q#f"},
		{"host", func() (uri.URI, error) { return u.WithHost("[v1.x]") }, "http://u@[v1.x]:1/a%2Fb?q#f"},
		{"port", func() (uri.URI, error) { return u.WithPort("") }, "http://u@h:/a%2Fb?q#f"},
		{"no port", u.WithoutPort, "http://u@h/a%2Fb?q#f"},
		{"path", func() (uri.URI, error) { return u.WithPath("/x y") }, "http://u@h:1/x%20y?q#f"},
		{"query", func() (uri.URI, error) { return u.WithQuery("") }, "http://u@h:1/a%2Fb?#f"},
		{"raw query", func() (uri.URI, error) { return u.WithRawQuery("a=%20") }, "http://u@h:1/a%2Fb?a=%20#f"},
		{"no query", u.WithoutQuery, "http://u@h:1/a%2Fb#f"},
		{"fragment", func() (uri.URI, error) { return u.WithFragment("#") }, "http://u@h:1/a%2Fb?q#%23"},
		{"no fragment", u.WithoutFragment, "http://u@h:1/a%2Fb?q"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.f()
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
				return
			}
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("%s: With mismatch (-want +got):\n%s", tt.name, diff)
			}
		})
	}
	errs := []struct {
		name string
		f    func() (uri.URI, error)
		want error
	}{
		{"bad scheme", func() (uri.URI, error) { return u.WithScheme("-") }, uri.ErrBadScheme},
		{"bad port", func() (uri.URI, error) { return u.WithPort("x") }, uri.ErrBadPort},
		{"userinfo without authority", func() (uri.URI, error) { return uri.MustParse("a:b").WithUserinfo("u") }, uri.ErrNoAuthority},
		{"port without authority", func() (uri.URI, error) { return uri.MustParse("a:b").WithPort("1") }, uri.ErrNoAuthority},
		{"rootless path", func() (uri.URI, error) { return u.WithPath("x") }, uri.ErrPathForm},
		{"bad raw query", func() (uri.URI, error) { return u.WithRawQuery("a b") }, nil},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.f()
			if tt.want == nil {
				if err == nil {
					t.Errorf("%s: no error", tt.name)
				}
				return
			}
			if !errors.Is(err, tt.want) {
				t.Errorf("%s: error = %v, want %v", tt.name, err, tt.want)
			}
		})
	}
}

func TestBuilderSyntax(t *testing.T) {
	tests := []struct {
		name string
		b    uri.Builder
		want string // "" for a *ParseError
		syn  uri.Syntax
	}{
		{"zone host in RFC 6874", uri.Builder{Syntax: uri.RFC6874, Scheme: "http", HasAuthority: true, Host: "[fe80::1%25en0]", Path: "/"},
			"http://[fe80::1%25en0]/", uri.RFC6874},
		{"zone host in RFC 3986", uri.Builder{Scheme: "http", HasAuthority: true, Host: "[fe80::1%25en0]", Path: "/"}, "", 0},
		{"RFC 6874 without a zone is RFC 3986", uri.Builder{Syntax: uri.RFC6874, Scheme: "http", HasAuthority: true, Host: "[::1]"},
			"http://[::1]", uri.RFC3986},
		{"IRI fields are encoded", uri.Builder{Syntax: uri.RFC3987, Scheme: "http", HasAuthority: true, Host: "é", Path: "/ü"},
			"http://%C3%A9/%C3%BC", uri.RFC3986},
		{"IP literal checked", uri.Builder{HasAuthority: true, Host: "[::1]/x]"}, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := tt.b.URI()
			if tt.want == "" {
				var pe *uri.ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("URI() = %q, %v; want a *ParseError", u, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("URI(): %v", err)
			}
			if diff := cmp.Diff(tt.want, u.String()); diff != "" {
				t.Errorf("URI() mismatch (-want +got):\n%s", diff)
			}
			if u.Syntax() != tt.syn {
				t.Errorf("URI().Syntax() = %v, want %v", u.Syntax(), tt.syn)
			}
		})
	}
}

// TestBuilderKeepsText checks that URI writes the original text of every
// component whose field the caller left unchanged (RFC 3986 §2.2: "%2F" and
// "/" are different data), and encodes the fields that changed.
func TestBuilderKeepsText(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		change func(*uri.Builder)
		want   string
	}{
		{"nothing changed", "http://a%3Ab@h%2Ex:1/a%2Fb;%3B?q=%26&r#%23", func(*uri.Builder) {}, "http://a%3Ab@h%2Ex:1/a%2Fb;%3B?q=%26&r#%23"},
		{"path changed", "http://a%3Ab@h/a%2Fb?q=%26", func(b *uri.Builder) { b.Path = "/a/c" }, "http://a%3Ab@h/a/c?q=%26"},
		{"query changed", "http://h/a%2Fb?q=%26", func(b *uri.Builder) { b.Query = "q=&x" }, "http://h/a%2Fb?q=&x"},
		{"userinfo changed", "http://a%3Ab@h/a%2Fb", func(b *uri.Builder) { b.Userinfo = "x y" }, "http://x%20y@h/a%2Fb"},
		{"host changed", "http://h%2Ex/a%2Fb", func(b *uri.Builder) { b.Host = "h.y" }, "http://h.y/a%2Fb"},
		{"same value set again", "http://h/a%2Fb", func(b *uri.Builder) { b.Path = "/a" + "/b" }, "http://h/a%2Fb"},
		{"query removed and added", "http://h/?%26", func(b *uri.Builder) { b.HasQuery = false }, "http://h/"},
		{"scheme removed", "urn:a:b%2Fc", func(b *uri.Builder) { b.Scheme = "" }, "a%3Ab%2Fc"},
		{"authority removed", "//h/%2F%2Fx", func(b *uri.Builder) { b.HasAuthority, b.Host = false, "" }, "/%2F%2Fx"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := uri.MustParseReference(tt.in).Builder()
			tt.change(&b)
			u, err := b.URI()
			if err != nil {
				t.Fatalf("URI(): %v", err)
			}
			if diff := cmp.Diff(tt.want, u.String()); diff != "" {
				t.Errorf("Builder(%q) changed: URI() mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestWithHostIPv6 checks that WithHost writes a bare IPv6 address, as
// ASCIIHostname and netip give it, as the IP-literal it is (RFC 3986
// §3.2.2), with its zone after "%25" (RFC 6874 §2) or an error where zones
// are not allowed; it never encodes the colons into a reg-name, which
// would name another host.
func TestWithHostIPv6(t *testing.T) {
	tests := []struct {
		syntax uri.Syntax
		in     string
		host   string
		want   string // "" for an error
	}{
		{uri.RFC3986, "https://example.com/", "fd00::1", "https://[fd00::1]/"},
		{uri.RFC3986, "https://example.com:8443/a", "2001:DB8::1", "https://[2001:DB8::1]:8443/a"},
		{uri.RFC3986, "https://example.com/", "::ffff:192.0.2.1", "https://[::ffff:192.0.2.1]/"},
		{uri.RFC3986, "https://example.com/", "[fd00::1]", "https://[fd00::1]/"},
		{uri.RFC3986, "https://example.com/", "fe80::1%en0", ""},
		{uri.RFC6874, "https://[fe80::2%25eth0]/", "fe80::1%en0", "https://[fe80::1%25en0]/"},
		{uri.RFC6874, "https://[fe80::2%25eth0]/", "fe80::1%a/b", "https://[fe80::1%25a%2Fb]/"},
		{uri.RFC3986, "https://example.com/", "192.0.2.1", "https://192.0.2.1/"},
		{uri.RFC3986, "https://example.com/", "a:b", "https://a%3Ab/"},
	}
	for _, tt := range tests {
		t.Run(tt.syntax.String()+" "+tt.host, func(t *testing.T) {
			u := tt.syntax.MustParse(tt.in)
			got, err := u.WithHost(tt.host)
			if tt.want == "" {
				var pe *uri.ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("WithHost(%q) = %q, %v; want a *ParseError", tt.host, got, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("WithHost(%q): %v", tt.host, err)
			}
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("WithHost(%q) mismatch (-want +got):\n%s", tt.host, diff)
			}
		})
	}
	// The composition that failed: the ASCII host of an IPv6 URI put back.
	u := uri.MustParse("https://[FD00:0::1]/x")
	a, err := u.ASCIIHostname()
	if err != nil {
		t.Fatal(err)
	}
	v, err := u.WithHost(a)
	if err != nil || v.String() != "https://[fd00::1]/x" {
		t.Errorf("WithHost(ASCIIHostname() = %q) = %q, %v; want https://[fd00::1]/x", a, v, err)
	}
}

// TestHostErrorOffset checks that an IP-literal the host rule rejects is
// reported at its offset in the caller's host, not in the IP-literal
// written for it, with the hint that names the syntax a zone needs.
func TestHostErrorOffset(t *testing.T) {
	tests := []struct {
		name   string
		with   bool       // WithHost on http://a/, else a Builder
		syntax uri.Syntax // of the Builder
		host   string
		offset int
		hint   string
	}{
		{"WithHost decoded zone", true, 0, "fe80::1%en0", 7, "with a Builder"},
		{"WithHost literal zone", true, 0, "[fe80::1%25en0]", 8, "with a Builder"},
		{"Builder decoded zone", false, uri.RFC3986, "fe80::1%en0", 7, "RFC 6874 syntax (RFC6874)"},
		{"Builder zone in IRI", false, uri.RFC3987, "[fe80::1%25en0]", 8, "RFC 6874 syntax (RFC6874)"},
		{"Builder zone without 25", false, uri.RFC6874, "[fe80::1%en0]", 8, `written "%25"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			if tt.with {
				_, err = uri.MustParse("http://a/").WithHost(tt.host)
			} else {
				_, err = uri.Builder{Scheme: "http", HasAuthority: true, Host: tt.host, Syntax: tt.syntax}.URI()
			}
			var pe *uri.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v; want a *ParseError", err)
			}
			if diff := cmp.Diff([]any{tt.offset, int('%'), true}, []any{pe.Offset, pe.Byte, strings.Contains(pe.Hint, tt.hint)}); diff != "" {
				t.Errorf("%v: offset, byte, hint mismatch (-want +got):\n%s", err, diff)
			}
		})
	}
}
