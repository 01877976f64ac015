package uri_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// userinfoParts is what Username and Password return together.
type userinfoParts struct {
	User    string
	HasUser bool
	Pass    string
	HasPass bool
}

func userinfoOf(u uri.URI) userinfoParts {
	var p userinfoParts
	p.User, p.HasUser = u.Username()
	p.Pass, p.HasPass = u.Password()
	return p
}

func TestHostname(t *testing.T) {
	tests := []struct {
		name   string
		syntax uri.Syntax
		in     string
		want   string
	}{
		{"reg-name", uri.RFC3986, "http://example.com:80/", "example.com"},
		{"reg-name case kept", uri.RFC3986, "http://Example.COM/", "Example.COM"},
		{"reg-name decoded", uri.RFC3986, "http://ex%41mple.com/", "exAmple.com"},
		{"reg-name decodes to a slash", uri.RFC3986, "http://a%2Fb/", "a/b"},
		{"IPv4", uri.RFC3986, "http://192.0.2.1:8080/", "192.0.2.1"},
		{"IPv4-like reg-name", uri.RFC3986, "http://256.1.1.1/", "256.1.1.1"},
		{"IPv6", uri.RFC3986, "http://[2001:db8::7]:443/", "2001:db8::7"},
		{"IPv6 with IPv4 tail", uri.RFC3986, "http://[::ffff:192.0.2.1]/", "::ffff:192.0.2.1"},
		{"IPvFuture", uri.RFC3986, "http://[v1.x]/", ""},
		{"empty host", uri.RFC3986, "file:///etc/hosts", ""},
		{"empty host with port", uri.RFC3986, "http://:80/", ""},
		{"no authority", uri.RFC3986, "mailto:a@example.com", ""},
		{"relative", uri.RFC3986, "/a/b", ""},
		{"network-path", uri.RFC3986, "//h/p", "h"},
		{"userinfo not included", uri.RFC3986, "http://u:p@h/", "h"},
		{"zero URI", uri.RFC3986, "", ""},
		{"zone", uri.RFC6874, "http://[fe80::1%25en0]:8080/", "fe80::1%en0"},
		{"zone decoded", uri.RFC6874, "http://[fe80::1%25%65n0]/", "fe80::1%en0"},
		{"zone holding a percent", uri.RFC6874, "http://[fe80::1%25%25]/", "fe80::1%%"},
		{"zone syntax without zone", uri.RFC6874, "http://[fe80::1]/", "fe80::1"},
		{"IRI reg-name", uri.RFC3987, "http://r\u00e9sum\u00e9.example/", "r\u00e9sum\u00e9.example"},
		{"IRI reg-name decoded", uri.RFC3987, "http://r%C3%A9sum\u00e9.example/", "r\u00e9sum\u00e9.example"},
		{"IRI IPv6", uri.RFC3987, "http://[::1]/\u00e9", "::1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := tt.syntax.ParseReference(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, u.Hostname()); diff != "" {
				t.Errorf("Hostname(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestUsernamePassword(t *testing.T) {
	tests := []struct {
		name   string
		syntax uri.Syntax
		in     string
		want   userinfoParts
	}{
		{"none", uri.RFC3986, "http://h/", userinfoParts{}},
		{"no authority", uri.RFC3986, "mailto:u:p@h", userinfoParts{}},
		{"empty userinfo", uri.RFC3986, "http://@h/", userinfoParts{HasUser: true}},
		{"user", uri.RFC3986, "http://user@h/", userinfoParts{User: "user", HasUser: true}},
		{"empty password", uri.RFC3986, "http://user:@h/", userinfoParts{User: "user", HasUser: true, HasPass: true}},
		{"password", uri.RFC3986, "http://user:secret@h/", userinfoParts{"user", true, "secret", true}},
		{"only password", uri.RFC3986, "http://:secret@h/", userinfoParts{"", true, "secret", true}},
		{"colon in password", uri.RFC3986, "http://u:a:b@h/", userinfoParts{"u", true, "a:b", true}},
		{"decoded", uri.RFC3986, "http://a%40b%3Ac:p%40ss%2F@h/", userinfoParts{"a@b:c", true, "p@ss/", true}},
		{"plus is not a space", uri.RFC3986, "http://a+b:c+d@h/", userinfoParts{"a+b", true, "c+d", true}},
		{"relative", uri.RFC3986, "//u:p@h", userinfoParts{"u", true, "p", true}},
		{"zone", uri.RFC6874, "http://u:p@[fe80::1%25en0]/", userinfoParts{"u", true, "p", true}},
		{"IRI", uri.RFC3987, "http://\u00fcser:p\u00e4ss@h/", userinfoParts{"\u00fcser", true, "p\u00e4ss", true}},
		{"IRI decoded", uri.RFC3987, "http://%C3%BCser@h/\u00e9", userinfoParts{User: "\u00fcser", HasUser: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := tt.syntax.ParseReference(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, userinfoOf(u)); diff != "" {
				t.Errorf("Username, Password(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestRequestURI(t *testing.T) {
	tests := []struct {
		name   string
		syntax uri.Syntax
		in     string
		want   string
	}{
		{"RFC 9112 example", uri.RFC3986, "http://www.example.org/where?q=now", "/where?q=now"},
		{"empty path", uri.RFC3986, "http://h", "/"},
		{"empty path with query", uri.RFC3986, "http://h?q", "/?q"},
		{"empty query kept", uri.RFC3986, "http://h/p?", "/p?"},
		{"empty path, empty query", uri.RFC3986, "http://h?", "/?"},
		{"fragment dropped", uri.RFC3986, "http://h/p?q#f", "/p?q"},
		{"fragment only", uri.RFC3986, "http://h#f", "/"},
		{"encodings kept", uri.RFC3986, "http://h/a%2Fb%20c?x=%41", "/a%2Fb%20c?x=%41"},
		{"path starting with //", uri.RFC3986, "http://h//a/b", "//a/b"},
		{"userinfo and port dropped", uri.RFC3986, "http://u:p@h:8/a", "/a"},
		{"dot segments as written", uri.RFC3986, "http://h/a/../b", "/a/../b"},
		{"opaque", uri.RFC3986, "mailto:a@example.com", "a@example.com"},
		{"opaque with query", uri.RFC3986, "urn:x:y?z", "x:y?z"},
		{"path-absolute without authority", uri.RFC3986, "file:/etc/hosts", "/etc/hosts"},
		{"relative-path reference", uri.RFC3986, "a/b?c", "a/b?c"},
		{"empty reference", uri.RFC3986, "", "/"},
		{"query only", uri.RFC3986, "?q", "/?q"},
		{"zone", uri.RFC6874, "http://[fe80::1%25en0]/p?q", "/p?q"},
		{"IRI maps to URI", uri.RFC3987, "http://h/r\u00e9sum\u00e9?q=\u00e9#\u00e9", "/r%C3%A9sum%C3%A9?q=%C3%A9"},
		{"IRI with private use in query", uri.RFC3987, "http://h/?\ue000", "/?%EE%80%80"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := tt.syntax.ParseReference(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, u.RequestURI()); diff != "" {
				t.Errorf("RequestURI(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestConvNetURL checks Hostname, Username, Password and RequestURI against
// net/url on every valid input of the conformance corpus that net/url
// accepts, and zone identifiers on the corpus's RFC 6874 cases. The
// deliberate differences are skipped with their reason.
func TestConvNetURL(t *testing.T) {
	compared := map[uri.Syntax]int{}
	for _, c := range loadParseCases(t) {
		syntax, ok := c.syntax()
		if !ok {
			continue
		}
		u, err := syntax.ParseReference(c.Input)
		if err != nil {
			continue
		}
		v, err := url.Parse(c.Input)
		if err != nil {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			h, _ := u.Host()
			// net/url has no IPvFuture: it reads "[v1.x]" as a name.
			if h.Kind() != uri.IPvFuture {
				if diff := cmp.Diff(v.Hostname(), u.Hostname()); diff != "" {
					t.Errorf("Hostname(%q) mismatch (-want +got):\n%s", c.Input, diff)
				}
			}
			var want userinfoParts
			if v.User != nil {
				want.User, want.HasUser = v.User.Username(), true
				want.Pass, want.HasPass = v.User.Password()
			}
			if diff := cmp.Diff(want, userinfoOf(u)); diff != "" {
				t.Errorf("Username, Password(%q) mismatch (-want +got):\n%s", c.Input, diff)
			}
			// net/url reads "///x" without a scheme as the path "///x",
			// not as an empty authority and the path "/x" (RFC 3986 §3.2).
			netPath := u.IsRelative() && strings.HasPrefix(c.Input, "///")
			if diff := cmp.Diff(v.RequestURI(), u.RequestURI()); diff != "" && !netPath {
				t.Errorf("RequestURI(%q) mismatch (-want +got):\n%s", c.Input, diff)
			}
		})
		compared[syntax]++
	}
	t.Logf("corpus inputs compared with net/url, by syntax: %v", compared)
	if compared[uri.RFC3986] < 1000 || compared[uri.RFC6874] < 40 {
		t.Errorf("too few corpus inputs compared with net/url: %v", compared)
	}
}
