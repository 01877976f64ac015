package uri_test

import (
	"errors"
	"net/url"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

func TestURL(t *testing.T) {
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
			v, err := uri.MustParseReference(tt.in).URL()
			if err != nil {
				t.Errorf("URL(%q): %v", tt.in, err)
				return
			}
			if diff := cmp.Diff(tt.want, v.String()); diff != "" {
				t.Errorf("URL(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			back, err := uri.FromURL(v)
			if err != nil {
				t.Errorf("FromURL(URL(%q)): %v", tt.in, err)
				return
			}
			if !uri.Compare(uri.MustParseReference(tt.in), back).Equivalent() {
				t.Errorf("FromURL(URL(%q)) = %q, not equivalent", tt.in, back)
			}
		})
	}
}

func TestURLErrors(t *testing.T) {
	tests := []struct {
		in   string
		want error
	}{
		{"http://h/#", uri.ErrURLEmptyFragment},
		{"http://[v1.x]/", uri.ErrURLIPvFuture},
		{"//", uri.ErrURLEmptyAuthority},
		{"s://", uri.ErrURLEmptyAuthority},
		{"//?q", uri.ErrURLEmptyAuthority},
		{"///p", uri.ErrURLEmptyAuthority},  // net/url writes "/p" without a scheme
		{"http://h%2F/", uri.ErrURLChanged}, // host decoded as "h/", re-encoded as "h%2F" but read by net/url differently
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := uri.MustParseReference(tt.in).URL()
			if !errors.Is(err, tt.want) {
				t.Errorf("URL(%q) error = %v, want %v", tt.in, err, tt.want)
			}
		})
	}
}

func TestFromURL(t *testing.T) {
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
			got, err := uri.FromURL(tt.v)
			if (err != nil) != tt.wantErr {
				t.Errorf("%s: FromURL error = %v, want error %v", tt.name, err, tt.wantErr)
				return
			}
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("%s: FromURL mismatch (-want +got):\n%s", tt.name, diff)
			}
		})
	}
}
