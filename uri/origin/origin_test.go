package origin_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/ascii"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/origin"
)

type originFields struct {
	Opaque       bool
	Scheme, Host string
	Port         uint16
	String       string
}

func originOf(o origin.Origin) originFields {
	return originFields{o.IsOpaque(), o.Scheme(), o.Host(), o.Port(), o.String()}
}

// TestOf checks Of on values of every syntax (URL Standard §4 origin;
// RFC 6454 §4, §6.2).
func TestOf(t *testing.T) {
	tests := []struct {
		syntax uri.Syntax
		in     string
		want   originFields
	}{
		{uri.RFC3986, "http://example.com/", originFields{false, "http", "example.com", 80, "http://example.com"}},
		{uri.RFC3986, "http://example.com:80/", originFields{false, "http", "example.com", 80, "http://example.com"}},
		{uri.RFC3986, "http://example.com:/", originFields{false, "http", "example.com", 80, "http://example.com"}},
		{uri.RFC3986, "http://example.com:8080/", originFields{false, "http", "example.com", 8080, "http://example.com:8080"}},
		{uri.RFC3986, "HTTPS://WWW.Example.COM:443/a?b#c", originFields{false, "https", "www.example.com", 443, "https://www.example.com"}},
		{uri.RFC3986, "https://example.com:80/", originFields{false, "https", "example.com", 80, "https://example.com:80"}},
		{uri.RFC3986, "https://example.com:0080/", originFields{false, "https", "example.com", 80, "https://example.com:80"}},
		{uri.RFC3986, "ws://example.com/chat", originFields{false, "ws", "example.com", 80, "ws://example.com"}},
		{uri.RFC3986, "wss://example.com:8443/", originFields{false, "wss", "example.com", 8443, "wss://example.com:8443"}},
		{uri.RFC3986, "http://[::1]:8080/", originFields{false, "http", "[::1]", 8080, "http://[::1]:8080"}},
		{uri.RFC3986, "http://192.0.2.1/", originFields{false, "http", "192.0.2.1", 80, "http://192.0.2.1"}},
		{uri.RFC3986, "http://%C3%BC.example/", originFields{false, "http", "xn--tda.example", 80, "http://xn--tda.example"}},
		{uri.RFC3986, "http://user:secret@example.com/", originFields{false, "http", "example.com", 80, "http://example.com"}},
		// Opaque origins (RFC 6454 §4 steps 1, 3, 4; URL Standard §4).
		{uri.RFC3986, "blob:ftp://example.com/6f1e", originFields{Opaque: true, String: "null"}},
		{uri.RFC3986, "blob:6f1e", originFields{Opaque: true, String: "null"}},
		{uri.RFC3986, "blob:blob:https://example.com/6f1e", originFields{Opaque: true, String: "null"}},
		{uri.RFC3986, "gopher://example.com/", originFields{Opaque: true, String: "null"}},
		{uri.RFC3986, "file:///etc/hosts", originFields{Opaque: true, String: "null"}},
		{uri.RFC3986, "urn:isbn:0451450523", originFields{Opaque: true, String: "null"}},
		{uri.RFC3986, "data:text/plain,hi", originFields{Opaque: true, String: "null"}},
		{uri.RFC3986, "mailto:a@example.com", originFields{Opaque: true, String: "null"}},
		{uri.RFC3986, "ftp://example.com/", originFields{false, "ftp", "example.com", 21, "ftp://example.com"}},
		{uri.RFC3986, "ftp://example.com:8021/", originFields{false, "ftp", "example.com", 8021, "ftp://example.com:8021"}},
		{uri.RFC3986, "blob:https://example.com:443/6f1e", originFields{false, "https", "example.com", 443, "https://example.com"}},
		{uri.RFC3986, "BLOB:http://example.com:8080/6f1e", originFields{false, "http", "example.com", 8080, "http://example.com:8080"}},
		{uri.RFC3986, "//example.com/", originFields{Opaque: true, String: "null"}},
		{uri.RFC3986, "", originFields{Opaque: true, String: "null"}},
		{uri.RFC3986, "http:///x", originFields{Opaque: true, String: "null"}},
		{uri.RFC3986, "http:/x", originFields{Opaque: true, String: "null"}},
		{uri.RFC3986, "http://example.com:65536/", originFields{Opaque: true, String: "null"}},
		{uri.RFC3986, "http://example.com:" + strings.Repeat("9", 1000) + "/", originFields{Opaque: true, String: "null"}},
		// Zones (RFC 6874): no browser reads one (the URL Standard's IPv6
		// parser has no "%"), so the origin is opaque.
		{uri.RFC6874, "http://[FE80::1%25eth0]/", originFields{Opaque: true, String: "null"}},
		{uri.RFC6874, "http://[fe80::1%25%4a%4A]/", originFields{Opaque: true, String: "null"}},
		// IRIs (RFC 3987).
		{uri.RFC3987, "http://Bücher.example/", originFields{false, "http", "xn--bcher-kva.example", 80, "http://xn--bcher-kva.example"}},
		{uri.RFC3987, "https://例え.jp:8443/", originFields{false, "https", "xn--r8jz45g.jp", 8443, "https://xn--r8jz45g.jp:8443"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if !ascii.Is(tt.in) || strings.Contains(tt.in, "%C3") {
				needIDNA(t)
			}
			u := tt.syntax.MustParseReference(tt.in)
			if diff := cmp.Diff(tt.want, originOf(origin.Of(u))); diff != "" {
				t.Errorf("Origin(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestOriginSame checks RFC 6454 §5's examples: the first three URIs have
// the same origin, and each of the others has an origin different from
// every other.
func TestOriginSame(t *testing.T) {
	same := []string{"http://example.com/", "http://example.com:80/", "http://example.com/path/file"}
	different := []string{
		"http://example.com/", "http://example.com:8080/", "http://www.example.com/",
		"https://example.com:80/", "https://example.com/", "http://example.org/", "http://ietf.org/",
	}
	for _, a := range same {
		for _, b := range same {
			if !origin.Of(uri.MustParse(a)).Same(origin.Of(uri.MustParse(b))) {
				t.Errorf("Origin(%q).Same(Origin(%q)) = false, want true", a, b)
			}
		}
	}
	for i, a := range different {
		for j, b := range different {
			if got := origin.Of(uri.MustParse(a)).Same(origin.Of(uri.MustParse(b))); got != (i == j) {
				t.Errorf("Origin(%q).Same(Origin(%q)) = %v, want %v", a, b, got, i == j)
			}
		}
	}
	// Hosts that RFC 3986 §6.2.2 normalization makes equal are the same
	// origin, as Compare finds them equivalent.
	for _, tt := range []struct {
		a, b string
		same bool
	}{
		{"http://ex%61mple.com/", "http://example.com/", true},
		{"http://EX%61MPLE.com/", "http://example.com/", true},
		{"http://[FE80::1]/", "http://[fe80::1]/", true},
		{"http://example.com:08080/", "http://example.com:8080/", true},
	} {
		a, b := uri.RFC6874.MustParseReference(tt.a), uri.RFC6874.MustParseReference(tt.b)
		if got := origin.Of(a).Same(origin.Of(b)); got != tt.same {
			t.Errorf("Origin(%q).Same(Origin(%q)) = %v, want %v", tt.a, tt.b, got, tt.same)
		}
		if c := uri.Compare(a, b); c.Equivalent() != tt.same {
			t.Errorf("Compare(%q, %q) = %v; Origin.Same %v", tt.a, tt.b, c, tt.same)
		}
	}
	// An opaque origin is not the same as any value, itself included.
	o := origin.Of(uri.MustParse("urn:x:y"))
	if o.Same(o) || o.Same(origin.Origin{}) {
		t.Errorf("opaque Origin.Same = true, want false")
	}
	if b, _ := o.MarshalText(); string(b) != "null" {
		t.Errorf("opaque Origin.MarshalText() = %q, want %q", b, "null")
	}
}

func ExampleOf() {
	for _, s := range []string{
		"https://Example.com/a?b#c",
		"http://example.com:8080/",
		"wss://example.com:443/chat",
		"urn:isbn:0451450523",
	} {
		fmt.Println(origin.Of(uri.MustParse(s)))
	}
	// Output:
	// https://example.com
	// http://example.com:8080
	// wss://example.com
	// null
}

// TestOfIDNA checks that the origin's host is what a browser
// serializes (RFC 6454 §6.2, URL Standard host serializing), in every
// syntax, and that Same compares those.
func TestOfIDNA(t *testing.T) {
	needIDNA(t)
	tests := []struct {
		syntax uri.Syntax
		in     string
		want   string
	}{
		{uri.RFC3987, "http://納豆.example.org/", "http://xn--99zt52a.example.org"},
		{uri.RFC3986, "http://%e7%b4%8d%e8%b1%86.example.org/", "http://xn--99zt52a.example.org"},
		{uri.RFC3986, "http://xn--99zt52a.EXAMPLE.org/", "http://xn--99zt52a.example.org"},
		{uri.RFC3987, "https://BÜCHER.de:8443/x", "https://xn--bcher-kva.de:8443"},
		{uri.RFC3987, "wss://ＥＸＡＭＰＬＥ.com/", "wss://example.com"},
		// A host no browser contacts: opaque.
		{uri.RFC3987, "http://a／b.example/", "null"},
		{uri.RFC3986, "http://a%2Fb/", "null"},
		{uri.RFC3986, "http://xn--a-%C3%A4.example/", "null"},
		{uri.RFC3986, "http://xn--a.example/", "http://xn--a.example"},
		{uri.RFC3986, "http://%C2%AD/", "null"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, origin.Of(tt.syntax.MustParseReference(tt.in)).String()); diff != "" {
				t.Errorf("Origin(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
	a := origin.Of(uri.RFC3987.MustParse("http://納豆.example.org/a"))
	b := origin.Of(uri.MustParse("http://XN--99ZT52A.example.org:80/b"))
	if !a.Same(b) {
		t.Errorf("%v and %v are not the same origin", a, b)
	}
}
