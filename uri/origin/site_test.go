package origin_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/origin"
	"github.com/specuri/specuri/uri/publicsuffix"
)

func mustOrigin(t *testing.T, s string) origin.Origin {
	t.Helper()
	u, err := uri.RFC3987.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return origin.Of(u)
}

// TestSite checks Origin.Site (HTML "obtain a site") on every kind of
// host: a registrable domain, a name under one, a public suffix of
// either section, an IP address, an IDN, a trailing dot, and an opaque
// origin.
func TestSite(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://example.com/", "https://example.com"},
		{"https://www.example.com:8443/x", "https://example.com"},
		{"http://a.b.example.co.uk/", "http://example.co.uk"},
		{"https://whatwg.github.io/", "https://whatwg.github.io"},
		{"https://a.b.github.io/", "https://b.github.io"},
		{"https://github.io/", "https://github.io"},
		{"https://co.uk/", "https://co.uk"},
		{"http://localhost:8080/", "http://localhost"},
		{"http://127.0.0.1/", "http://127.0.0.1"},
		{"http://[::1]/", "http://[::1]"},
		{"https://www.食狮.公司.cn/", "https://xn--85x722f.xn--55qx5d.cn"},
		{"https://WWW.Example.COM./", "https://example.com."},
		{"https://paypal.com.evil.net/", "https://evil.net"},
		{"data:,x", "null"},
		{"file:///etc/hosts", "null"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			s := mustOrigin(t, tt.in).Site()
			if got := s.String(); got != tt.want {
				t.Errorf("Of(%q).Site() = %q, want %q", tt.in, got, tt.want)
			}
			if got := s.Scheme() + "://" + s.Host(); !s.IsOpaque() && got != tt.want {
				t.Errorf("Scheme, Host = %q, want %q", got, tt.want)
			}
			text, _ := s.MarshalText()
			if string(text) != tt.want {
				t.Errorf("MarshalText = %q, want %q", text, tt.want)
			}
		})
	}
}

// TestSameSite checks SchemelesslySameSite and SameSite (HTML "same
// site", "schemelessly same site") and Site.Same on pairs of origins.
func TestSameSite(t *testing.T) {
	tests := []struct {
		a, b                 string
		schemeless, sameSite bool
	}{
		{"https://example.com/", "https://sub.example.com/", true, true},
		{"https://example.com/", "https://sub.other.example.com/", true, true},
		{"https://example.com/", "http://non-existent.example.com/", true, false},
		{"https://example.com/", "https://example.com:8443/", true, true},
		{"https://example.com/", "https://example.org/", false, false},
		{"https://a.github.io/", "https://b.github.io/", false, false},
		{"https://a.github.io/", "https://x.a.github.io/", true, true},
		{"https://github.io/", "https://github.io/", true, true},
		{"https://github.io/", "https://a.github.io/", false, false},
		{"http://127.0.0.1/", "http://127.0.0.1:8080/", true, true},
		{"http://127.0.0.1/", "http://127.0.0.2/", false, false},
		{"http://localhost/", "http://localhost:3000/", true, true},
		{"https://paypal.com/", "https://paypal.com.evil.net/", false, false},
		{"https://食狮.公司.cn/", "https://www.xn--85x722f.xn--55qx5d.cn/", true, true},
		{"data:,x", "data:,x", false, false},
		{"https://example.com/", "data:,x", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.a+" "+tt.b, func(t *testing.T) {
			a, b := mustOrigin(t, tt.a), mustOrigin(t, tt.b)
			got := []bool{a.SchemelesslySameSite(b), a.SameSite(b), b.SameSite(a), a.Site().Same(b.Site())}
			want := []bool{tt.schemeless, tt.sameSite, tt.sameSite, tt.sameSite}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("SchemelesslySameSite, SameSite, SameSite reversed, Site().Same mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestSiteIn: a list read at run time gives the sites of its rules; its
// ICANN section alone puts github.io's names in one site.
func TestSiteIn(t *testing.T) {
	l, err := publicsuffix.Parse(strings.NewReader("// ===BEGIN ICANN DOMAINS===\nio\n// ===END ICANN DOMAINS===\n// ===BEGIN PRIVATE DOMAINS===\ngithub.io\n"))
	if err != nil {
		t.Fatal(err)
	}
	o := mustOrigin(t, "https://a.b.github.io/")
	got := []string{o.SiteIn(l).String(), o.SiteIn(l.ICANN()).String()}
	if diff := cmp.Diff([]string{"https://b.github.io", "https://github.io"}, got); diff != "" {
		t.Errorf("SiteIn mismatch (-want +got):\n%s", diff)
	}
}

func ExampleOrigin_Site() {
	for _, s := range []string{"https://www.example.co.uk:8443/", "https://whatwg.github.io/", "https://paypal.com.evil.net/"} {
		u := uri.MustParse(s)
		fmt.Println(origin.Of(u).Site())
	}
	a, b := origin.Of(uri.MustParse("https://a.github.io/")), origin.Of(uri.MustParse("https://b.github.io/"))
	fmt.Println(a.SameSite(b))
	// Output:
	// https://example.co.uk
	// https://whatwg.github.io
	// https://evil.net
	// false
}
