package neturl_test

import (
	"errors"
	"fmt"
	"net/url"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/neturl"
)

func TestFromURI(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://u:p@h:8/a%2Fb?q#f", "http://u:p@h:8/a%2Fb?q#f"},
		{"http://h/?", "http://h/?"},
		{"http://[::1]:80/", "http://[::1]:80/"},
		{"file:///etc/hosts", "file:///etc/hosts"},
		{"mailto:a@b", "mailto:a@b"},
		{"urn:x:y?z", "urn:x:y?z"},
		{"a:/b", "a:/b"},
		{"a:", "a:"},
		{"/p?q", "/p?q"},
		{"p", "p"},
		{"//h/p", "//h/p"},
		{"http://h:/", "http://h:/"},
		{"http://Ex%41mple/", "http://ExAmple/"}, // net/url stores hosts decoded: equivalent (§6.2.2)
		{"http://@h/", "http://@h/"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			v, err := neturl.FromURI(uri.MustParseReference(tt.in))
			if err != nil {
				t.Errorf("FromURI(%q): %v", tt.in, err)
				return
			}
			if diff := cmp.Diff(tt.want, v.String()); diff != "" {
				t.Errorf("FromURI(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			back, err := neturl.ToURI(v)
			if err != nil {
				t.Errorf("ToURI(FromURI(%q)): %v", tt.in, err)
				return
			}
			if !uri.Compare(uri.MustParseReference(tt.in), back).Equivalent() {
				t.Errorf("ToURI(FromURI(%q)) = %q, not equivalent", tt.in, back)
			}
		})
	}
}

// TestFromURISyntaxes converts values of the syntaxes beyond RFC 3986:
// zone identifiers (RFC 6874 §2), with a userinfo and a port, and IRIs
// (RFC 3987), whose international host and characters FromURI writes as
// the URI they map to (§3.1); and an empty reference and a path starting
// with "//" after an authority (RFC 3986 §3.3). ToURI gives back a
// reference equivalent to u.ToURI().
func TestFromURISyntaxes(t *testing.T) {
	tests := []struct {
		syntax   uri.Syntax
		in, want string
	}{
		{uri.RFC6874, "http://u:p%C3%A9@[fe80::1%25en0]:8/", "http://u:p%C3%A9@[fe80::1%25en0]:8/"},
		{uri.RFC3987, "http://résumé.example/é?é#é", "http://xn--rsum-bpad.example/%C3%A9?%C3%A9#%C3%A9"},
		{uri.RFC3986, "", ""},
		{uri.RFC3986, "http://h//a", "http://h//a"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u := tt.syntax.MustParseReference(tt.in)
			v, err := neturl.FromURI(u)
			if err != nil {
				t.Fatalf("FromURI(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, v.String()); diff != "" {
				t.Errorf("FromURI(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			back, err := neturl.ToURI(v)
			if err != nil {
				t.Fatalf("ToURI(FromURI(%q)): %v", tt.in, err)
			}
			if !uri.Compare(u.ToURI(), back).Equivalent() {
				t.Errorf("ToURI(FromURI(%q)) = %q, not equivalent to %q", tt.in, back, u.ToURI())
			}
		})
	}
}

func TestFromURIErrors(t *testing.T) {
	tests := []struct {
		in   string
		want error
	}{
		{"http://h/#", neturl.ErrEmptyFragment},
		{"http://[v1.x]/", neturl.ErrIPvFuture},
		{"//", neturl.ErrEmptyAuthority},
		{"s://", neturl.ErrEmptyAuthority},
		{"//?q", neturl.ErrEmptyAuthority},
		{"///p", neturl.ErrEmptyAuthority},  // net/url writes "/p" without a scheme
		{"http://h%2F/", neturl.ErrChanged}, // host decoded as "h/", re-encoded as "h%2F" but read by net/url differently
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := neturl.FromURI(uri.MustParseReference(tt.in))
			if !errors.Is(err, tt.want) {
				t.Errorf("FromURI(%q) error = %v, want %v", tt.in, err, tt.want)
			}
		})
	}
}

func TestToURI(t *testing.T) {
	tests := []struct {
		name    string
		v       *url.URL
		want    string
		wantErr bool
	}{
		{"plain", &url.URL{Scheme: "http", Host: "h", Path: "/a b"}, "http://h/a%20b", false},
		{"force query", &url.URL{Scheme: "http", Host: "h", Path: "/", ForceQuery: true}, "http://h/?", false},
		{"opaque", &url.URL{Scheme: "mailto", Opaque: "a@b"}, "mailto:a@b", false},
		{"raw query kept", &url.URL{Scheme: "http", Host: "h", RawQuery: "a=|"}, "", true},
		{"fragment", &url.URL{Scheme: "http", Host: "h", Fragment: "x y"}, "http://h#x%20y", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := neturl.ToURI(tt.v)
			if (err != nil) != tt.wantErr {
				t.Errorf("%s: ToURI error = %v, want error %v", tt.name, err, tt.wantErr)
				return
			}
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("%s: ToURI mismatch (-want +got):\n%s", tt.name, diff)
			}
		})
	}
}

func ExampleFromURI() {
	v, err := neturl.FromURI(uri.MustParse("http://h/a%2Fb?q"))
	fmt.Println(v, err)
	_, err = neturl.FromURI(uri.MustParse("http://h/#"))
	fmt.Println(err)
	v, err = neturl.FromURI(uri.RFC6874.MustParseReference("http://[fe80::1%25en0]:8080/"))
	fmt.Println(v.Hostname(), err)
	// Output:
	// http://h/a%2Fb?q <nil>
	// neturl: net/url cannot represent an empty fragment (RFC 3986 §3.5)
	// fe80::1%en0 <nil>
}
