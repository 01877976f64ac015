package uri_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/ascii"
	"github.com/specuri/specuri/uri"
)

func TestParseIRI(t *testing.T) {
	type result struct {
		Valid    bool
		Syntax   string
		Host     string
		HostKind string
		Path     string
		Query    string
		Fragment string
		Err      string // Kind, Rule and Offset of the error
	}
	for _, tc := range []struct {
		in   string
		want result
	}{
		{"http://r\u00e9sum\u00e9.example.org", result{Valid: true, Syntax: "RFC 3987", Host: "r\u00e9sum\u00e9.example.org", HostKind: "reg-name"}},
		{"http://www.example.org/D\u00fcrst", result{Valid: true, Syntax: "RFC 3987", Host: "www.example.org", HostKind: "reg-name", Path: "/D\u00fcrst"}},
		{"http://\u4f8b\u3048.\u30c6\u30b9\u30c8/\u30d1\u30b9?\u30af=\u30a8#\u00a7", result{Valid: true, Syntax: "RFC 3987", Host: "\u4f8b\u3048.\u30c6\u30b9\u30c8", HostKind: "reg-name", Path: "/\u30d1\u30b9", Query: "\u30af=\u30a8", Fragment: "\u00a7"}},
		// iprivate only in the query (RFC 3987 §2.2).
		{"http://a/?\ue000", result{Valid: true, Syntax: "RFC 3987", Host: "a", HostKind: "reg-name", Path: "/", Query: "\ue000"}},
		{"http://a/\ue000", result{Err: "unexpected character ipath-abempty 9"}},
		{"http://a/#\ue000", result{Err: "unexpected character ifragment 10"}},
		// Outside ucschar: U+FFFE, U+FFF0 (after FDF0-FFEF), U+EFFFE.
		{"http://a/\ufffe", result{Err: "unexpected character ipath-abempty 9"}},
		{"http://a/x\ufff0", result{Err: "unexpected character ipath-abempty 10"}},
		{"\U000EFFFE", result{Err: "unexpected character IRI-reference 0"}},
		// Invalid UTF-8 at its first byte.
		{"http://a/b\xffc", result{Err: "invalid UTF-8 ipath-abempty 10"}},
		{"http://a/\xc3", result{Err: "invalid UTF-8 ipath-abempty 9"}},
		{"http://a/\xed\xa0\x80", result{Err: "invalid UTF-8 ipath-abempty 9"}}, // a surrogate
		{"http://a/\xc0\x80", result{Err: "invalid UTF-8 ipath-abempty 9"}},     // overlong
		// ASCII IRIs are URIs, with the same syntax.
		{"http://a/b?c#d", result{Valid: true, Syntax: "RFC 3986", Host: "a", HostKind: "reg-name", Path: "/b", Query: "c", Fragment: "d"}},
		{"http://a b", result{Err: "unexpected byte ireg-name 8"}},
		// "first-match-wins": an IPv4address followed by a ucschar is a
		// reg-name (RFC 3986 §3.2.2).
		{"http://1.2.3.4\u00e9/", result{Valid: true, Syntax: "RFC 3987", Host: "1.2.3.4\u00e9", HostKind: "reg-name", Path: "/"}},
		{"//[::1]/\u00e9", result{Valid: true, Syntax: "RFC 3987", Host: "[::1]", HostKind: "IPv6", Path: "/\u00e9"}},
		// No zones in IRIs (RFC 3987 §2.2).
		{"http://[fe80::1%25en0]/", result{Err: "unexpected byte IPv6address 15"}},
	} {
		t.Run(tc.in, func(t *testing.T) {
			var got result
			u, err := uri.RFC3987.ParseReference(tc.in)
			if err != nil {
				pe := err.(*uri.ParseError)
				got.Err = strings.Join([]string{pe.Kind.String(), pe.Rule, strconv.Itoa(pe.Offset)}, " ")
				if strings.Contains(pe.Error(), "RFC 3986 Appendix A") {
					t.Errorf("%q: %v cites no section", tc.in, pe)
				}
			} else {
				got.Valid = true
				got.Syntax = u.Syntax().String()
				h, _ := u.Host()
				got.Host, got.HostKind = h.String(), h.Kind().String()
				got.Path = u.Path().String()
				got.Query, _ = u.Query()
				got.Fragment, _ = u.Fragment()
				if u.String() != tc.in {
					t.Errorf("String() = %q, want %q", u.String(), tc.in)
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("RFC3987.ParseReference(%q) (-want +got):\n%s", tc.in, diff)
			}
			if uri.RFC3987.ValidReference(tc.in) != tc.want.Valid {
				t.Errorf("RFC3987.ValidReference(%q) = %v", tc.in, !tc.want.Valid)
			}
			if _, err := uri.ParseReference(tc.in); err == nil && got.Syntax == "RFC 3987" {
				t.Errorf("ParseReference(%q) accepts an IRI", tc.in)
			}
		})
	}
}

// TestIRIExtendsStrict checks that RFC3987 changes nothing for ASCII: on
// every strict corpus case it gives RFC 3986's verdict and value.
func TestIRIExtendsStrict(t *testing.T) {
	for _, c := range loadParseCases(t) {
		if c.Mode != "" || !ascii.Is(c.Input) {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			u, err := uri.ParseReference(c.Input)
			v, verr := uri.RFC3987.ParseReference(c.Input)
			if (err == nil) != (verr == nil) || err == nil && u != v {
				t.Errorf("%s: %q: RFC 3986 %#v, %v; RFC 3987 %#v, %v", c.ID, c.Input, u, err, v, verr)
			}
		})
	}
}

// TestConformanceIRIModes runs the corpus cases marked as IRIs.
func TestConformanceIRIModes(t *testing.T) {
	ran := 0
	for _, c := range loadParseCases(t) {
		if !strings.HasPrefix(c.Mode, "iri") {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			ran++
			if _, err := uri.RFC3987.ParseReference(c.Input); err != nil {
				t.Errorf("%s: RFC3987.ParseReference(%q): %v", c.ID, c.Input, err)
			}
		})
	}
	if ran == 0 {
		t.Error("no IRI cases in the corpus")
	}
}

func TestIRIToURI(t *testing.T) {
	for _, tc := range []struct{ iri, uri string }{
		// RFC 3987 §3.1 and §3.2.1; a host of a scheme that uses domain
		// names in A-labels (§3.1), any other by step 2.
		{"http://r\u00e9sum\u00e9.example.org", "http://xn--rsum-bpad.example.org"},
		{"foo://r\u00e9sum\u00e9.example.org", "foo://r%C3%A9sum%C3%A9.example.org"},
		{"http://www.example.org/D\u00fcrst", "http://www.example.org/D%C3%BCrst"},
		{"http://www.example.org/red%09ros\u00e9#red", "http://www.example.org/red%09ros%C3%A9#red"},
		// Only non-ASCII characters change; existing encodings stay.
		{"/a%2fb/\u00e9?\ue000=%e9#\U00010000", "/a%2fb/%C3%A9?%EE%80%80=%e9#%F0%90%80%80"},
		{"http://a/b", "http://a/b"},
	} {
		t.Run(tc.iri, func(t *testing.T) {
			if strings.Contains(tc.uri, "xn--") {
				needIDNA(t)
			}
			u, err := uri.IRIToURI(tc.iri)
			if err != nil {
				t.Errorf("IRIToURI(%q): %v", tc.iri, err)
				return
			}
			if u.String() != tc.uri || u.Syntax() != uri.RFC3986 {
				t.Errorf("IRIToURI(%q) = %q (%v), want %q", tc.iri, u, u.Syntax(), tc.uri)
			}
		})
	}
	if _, err := uri.IRIToURI("http://a/\xff"); err == nil {
		t.Error("IRIToURI accepted invalid UTF-8")
	}
}

func TestToIRI(t *testing.T) {
	for _, tc := range []struct{ uri, iri string }{
		// RFC 3987 §3.2.1, the three examples.
		{"http://www.example.org/D%C3%BCrst", "http://www.example.org/D\u00fcrst"},
		{"http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst"},
		{"http://xn--99zt52a.example.org/%e2%80%ae", "http://xn--99zt52a.example.org/%E2%80%AE"},
		// Never "%25", reserved characters, or ASCII not allowed in URIs.
		{"/%25C3%25A9/%2F%3F%23/%20%22", "/%25C3%25A9/%2F%3F%23/%20%22"},
		// Unreserved characters are decoded (§3.2 step 2).
		{"/%41%7e%2D", "/A~-"},
		// iprivate only in the query.
		{"/%EE%80%80?%EE%80%80#%EE%80%80", "/%EE%80%80?\ue000#%EE%80%80"},
		// Every bidi formatting character stays encoded (§4.1).
		{"/%E2%80%8E%E2%80%8F%E2%80%AA%E2%80%AB%E2%80%AC%E2%80%AD%E2%80%AE", "/%E2%80%8E%E2%80%8F%E2%80%AA%E2%80%AB%E2%80%AC%E2%80%AD%E2%80%AE"},
		// Not UTF-8, or cut short: each octet stays encoded ("(" is
		// reserved, so it does too).
		{"/%C3%28/%E2%82", "/%C3%28/%E2%82"},
		{"/%c3%41", "/%C3A"},
		{"/%C3%A9%C3", "/\u00e9%C3"},
		// A character outside ucschar (U+FFFE) stays encoded.
		{"/%EF%BF%BE", "/%EF%BF%BE"},
		// Userinfo, host, query and fragment too; scheme and port never.
		{"s://%C3%A9@%C3%A9:1/?%C3%A9#%C3%A9", "s://\u00e9@\u00e9:1/?\u00e9#\u00e9"},
		{"http://a/b", "http://a/b"},
	} {
		t.Run(tc.uri, func(t *testing.T) {
			u := uri.MustParseReference(tc.uri)
			got := u.ToIRI()
			if got.String() != tc.iri {
				t.Errorf("%q.ToIRI() = %q, want %q", tc.uri, got, tc.iri)
			}
			// §3.2: the IRI maps back to the URI, up to the case of
			// percent-encodings and decoded unreserved characters.
			if back := got.ToURI(); back.Normalize() != u.Normalize() {
				t.Errorf("%q.ToIRI().ToURI() = %q, not equivalent", tc.uri, back)
			}
		})
	}
}

// TestIRIRoundTrip checks §3.1 and §3.2 against each other on the corpus:
// an IRI's URI converts back to the IRI, as long as the IRI has no
// percent-encodings of its own to decode.
func TestIRIRoundTrip(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// The host of a scheme that uses domain names stays in A-labels
		// (RFC 3987 §3.1; §3.2 converts no punycode label).
		{"http://r\u00e9sum\u00e9.example.org/\u30d1\u30b9?q=\ue000&r=\U00100000#\u00a7", "http://xn--rsum-bpad.example.org/\u30d1\u30b9?q=\ue000&r=\U00100000#\u00a7"},
		{"foo://r\u00e9sum\u00e9.example.org/\u30d1\u30b9?q=\ue000&r=\U00100000#\u00a7", ""},
		{"//\u00e9@\u00e9:80/\u00e9/\u00e9;\u00e9?\u00e9#\u00e9", ""},
		{"\u00e9/\u00e9:x", ""},
		{"urn:x:\U0001F600", ""},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if tc.want == "" {
				tc.want = tc.in
			} else {
				needIDNA(t)
			}
			u, err := uri.RFC3987.ParseReference(tc.in)
			if err != nil {
				t.Fatalf("%q: %v", tc.in, err)
			}
			if back := u.ToURI().ToIRI(); back.String() != tc.want {
				t.Errorf("%q.ToURI().ToIRI() = %q, want %q", tc.in, back, tc.want)
			}
		})
	}
}

func TestResolveIRIs(t *testing.T) {
	base := mustIRI(t, "http://\u00e9.example/a/b")
	for _, tc := range []struct {
		base uri.URI
		ref  string
		want string
	}{
		{base, "../\u00fc?\u00e9", "http://\u00e9.example/\u00fc?\u00e9"},
		{base, "//x/y", "//x/y"},
		// Zones and IRI characters: resolved as URIs (RFC 3987 §3.1).
		{MustZone(t, "http://[fe80::1%25en0]/a/b"), "c/\u00e9", "http://[fe80::1%25en0]/a/c/%C3%A9"},
	} {
		t.Run(tc.ref, func(t *testing.T) {
			ref := mustIRI(t, tc.ref)
			if tc.want == "//x/y" {
				tc.want = "http://x/y"
			}
			if got := tc.base.ResolveReference(ref).String(); got != tc.want {
				t.Errorf("%q + %q = %q, want %q", tc.base, tc.ref, got, tc.want)
			}
		})
	}
	if got := base.Normalize().String(); got != "http://\u00e9.example/a/b" {
		t.Errorf("Normalize = %q", got)
	}
}

func mustIRI(t *testing.T, s string) uri.URI {
	t.Helper()
	u, err := uri.RFC3987.ParseReference(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func MustZone(t *testing.T, s string) uri.URI {
	t.Helper()
	u, err := uri.RFC6874.ParseReference(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
