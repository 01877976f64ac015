package uri

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/versus"
	schemes "github.com/specuri/specuri/uri/internal/scheme"
)

// TestCheckHTTP checks the rules of RFC 9110 §4.2 and RFC 6455 §3 on
// values of every syntax: nil, or the error's Want, Rule, Offset, Kind,
// Byte and Hint.
func TestCheckHTTP(t *testing.T) {
	type errFields struct {
		Want, Rule string
		Offset     int
		Kind       ErrorKind
		Byte       int
		Hint       string
	}
	tests := []struct {
		syntax Syntax
		in     string
		want   *errFields // nil: valid
	}{
		// RFC 9110 §4.2.1, §4.2.3 (its examples), §4.2.2, §4.2.5.
		{RFC3986, "http://www.example.com/", nil},
		{RFC3986, "http://example.com:80/~smith/home.html", nil},
		{RFC3986, "http://EXAMPLE.com/%7Esmith/home.html", nil},
		{RFC3986, "http://EXAMPLE.com:/%7esmith/home.html", nil},
		{RFC3986, "HTTPS://example.com", nil},
		{RFC3986, "https://example.com/a?b#frag", nil}, // §4.2.5: a reference may have a fragment
		{RFC3986, "http://example.com#", nil},
		{RFC3986, "http:///x", &errFields{"http-URI", "host", 7, UnexpectedByte, '/', hintHTTPEmptyHost}},
		{RFC3986, "http://", &errFields{"http-URI", "host", 7, UnexpectedEnd, -1, hintHTTPEmptyHost}},
		{RFC3986, "https://:443/", &errFields{"https-URI", "host", 8, UnexpectedByte, ':', hintHTTPEmptyHost}},
		{RFC3986, "http://user@example.com/", &errFields{"http-URI", "userinfo", 7, UnexpectedByte, 'u', hintHTTPUserinfo}},
		{RFC3986, "http://:secret@example.com/", &errFields{"http-URI", "userinfo", 7, UnexpectedByte, ':', hintHTTPUserinfo}},
		{RFC3986, "http://@example.com/", &errFields{"http-URI", "userinfo", 7, UnexpectedByte, '@', hintHTTPUserinfo}},
		{RFC3986, "http:/x", &errFields{"http-URI", "scheme", 5, UnexpectedByte, '/', hintHTTPAuthority}},
		{RFC3986, "http:x", &errFields{"http-URI", "scheme", 5, UnexpectedByte, 'x', hintHTTPAuthority}},
		{RFC3986, "http:", &errFields{"http-URI", "scheme", 5, UnexpectedEnd, -1, hintHTTPAuthority}},
		// RFC 6455 §3.
		{RFC3986, "ws://example.com/chat", nil},
		{RFC3986, "wss://example.com:443/chat?x", nil},
		{RFC3986, "WS://example.com", nil},
		{RFC3986, "ws:///x", nil}, // ws-URI's host may be empty
		{RFC3986, "ws://example.com/#f", &errFields{"ws-URI", "path-abempty", 17, UnexpectedByte, '#', hintWSFragment}},
		{RFC3986, "wss://h#", &errFields{"wss-URI", "reg-name", 7, UnexpectedByte, '#', hintWSFragment}},
		{RFC3986, "ws://u@h/", &errFields{"ws-URI", "reg-name", 6, UnexpectedByte, '@', hintWSUserinfo}},
		{RFC3986, "ws://u:pw@h/", &errFields{"ws-URI", "port", 7, UnexpectedByte, -1, ""}},
		{RFC3986, "ws:/x", &errFields{"ws-URI", "scheme", 3, UnexpectedByte, '/', hintHTTPAuthority}},
		// Zones (RFC 6874) and IRIs (RFC 3987).
		{RFC6874, "http://[fe80::1%25eth0]/", nil},
		{RFC6874, "ws://[fe80::1%25eth0]:80/", nil},
		{RFC6874, "http://u@[fe80::1%25eth0]/", &errFields{"http-URI", "userinfo", 7, UnexpectedByte, 'u', hintHTTPUserinfo}},
		{RFC6874, "ws://[fe80::1%25eth0]/#f", &errFields{"ws-URI", "path-abempty", 22, UnexpectedByte, '#', hintWSFragment}},
		{RFC3987, "http://bücher.example/straße", nil},
		{RFC3987, "https://例え.jp/?q#ü", nil},
		{RFC3987, "http:/bücher", &errFields{"http-URI", "scheme", 5, UnexpectedByte, '/', hintHTTPAuthority}},
		{RFC3987, "ws://ü@h/", &errFields{"ws-URI", "userinfo", 5, UnexpectedByte, 0xc3, hintWSUserinfo}},
		{RFC3987, "wss://ü/#f", &errFields{"wss-URI", "path-abempty", 9, UnexpectedByte, '#', hintWSFragment}},
		{RFC3987, "http:///ü", &errFields{"http-URI", "host", 7, UnexpectedByte, '/', hintHTTPEmptyHost}},
	}
	for _, tt := range tests {
		t.Run(tt.syntax.String()+"/"+tt.in, func(t *testing.T) {
			u, err := tt.syntax.ParseReference(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			err = rulesOf(mustScheme(t, u)).check(u)
			var got *errFields
			if err != nil {
				pe, ok := err.(*SchemeError)
				if !ok {
					t.Fatalf("check(%q) = %T %v, want a *SchemeError", tt.in, err, err)
				}
				got = &errFields{pe.Want, pe.Rule, pe.Offset, pe.Kind, pe.Byte, pe.Hint}
				if strings.Contains(err.Error(), "secret") || strings.Contains(err.Error(), tt.in) {
					t.Errorf("check(%q) error %q shows the input", tt.in, err)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("check(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func mustScheme(t *testing.T, u URI) string {
	t.Helper()
	s, ok := u.Scheme()
	if !ok {
		t.Fatalf("%q has no scheme", u)
	}
	return s
}

// TestNormalizeHTTP applies RFC 3986 §6.2.3's port rules (schemeBased)
// and normalizeHTTP after syntax-based normalization: RFC 9110 §4.2.3's
// examples all give one URI.
func TestNormalizeHTTP(t *testing.T) {
	tests := []struct {
		syntax  Syntax
		in, out string
	}{
		{RFC3986, "http://example.com:80/~smith/home.html", "http://example.com/~smith/home.html"},
		{RFC3986, "http://EXAMPLE.com/%7Esmith/home.html", "http://example.com/~smith/home.html"},
		{RFC3986, "http://EXAMPLE.com:/%7esmith/home.html", "http://example.com/~smith/home.html"},
		{RFC3986, "http://example.com", "http://example.com/"},
		{RFC3986, "http://example.com?q", "http://example.com/?q"},
		{RFC3986, "http://example.com:080", "http://example.com/"},
		{RFC3986, "http://example.com:443", "http://example.com:443/"},
		{RFC3986, "https://example.com:443#f", "https://example.com/#f"},
		{RFC3986, "https://example.com:80", "https://example.com:80/"},
		{RFC3986, "https://example.com:99999", "https://example.com:99999/"},
		{RFC3986, "ws://example.com:80", "ws://example.com/"},
		{RFC3986, "wss://example.com:443/chat", "wss://example.com/chat"},
		{RFC3986, "ftp://example.com:21", "ftp://example.com"}, // RFC 3986 §6.2.3's default, not an http scheme's path rule
		{RFC3986, "http:/x", "http:/x"},                        // no authority: nothing to fill
		{RFC6874, "http://[FE80::1%25eth0]:80", "http://[fe80::1%25eth0]/"},
		{RFC3987, "http://Bücher.example:80", "http://bücher.example/"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u := tt.syntax.MustParseReference(tt.in).Normalize()
			p := refPartsOf(u)
			schemeBased(&p)
			if r := rulesOf(p.scheme); r != nil {
				r.normalize(&p)
			}
			if diff := cmp.Diff(tt.out, p.String()); diff != "" {
				t.Errorf("normalizeHTTP(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// httpPartsAgree reports whether the grammar of u's scheme (http-URI,
// https-URI, ws-URI, wss-URI) and checkHTTPParts agree on u, a value of
// RFC 3986's syntax, which checkHTTP relies on to match the grammar only
// to explain a failure; it is true for a value of another scheme.
func httpPartsAgree(u URI) bool {
	sch, _ := u.Scheme()
	lower := strings.ToLower(sch)
	isWS := lower == "ws" || lower == "wss"
	if !isWS && lower != "http" && lower != "https" {
		return true
	}
	text := u.String()
	if f, ok := u.Fragment(); ok && !isWS {
		text = text[:len(text)-len(f)-1]
	}
	grammar := schemes.MatchHTTP(lower, text) == nil
	parts := checkHTTPParts(u, lower+"-URI", isWS) == nil
	return grammar == parts
}

// TestCheckHTTPPartsAgree checks httpPartsAgree on every combination of
// the parts of an http, https, ws or wss URI that matter to the grammars
// (the "//", userinfo, host forms, port, path, query, fragment), and on
// the realistic links of testdata/bench.
func TestCheckHTTPPartsAgree(t *testing.T) {
	var in []string
	for _, sch := range []string{"http", "HTTPS", "ws", "wsS"} {
		for _, slashes := range []string{"://", ":", ":/", ":///"} {
			for _, ui := range []string{"", "u@", "u:p@", "@"} {
				for _, host := range []string{"h", "", "[::1]", "1.2.3.4", "h%20x", "[v1.x]"} {
					for _, port := range []string{"", ":", ":80", ":99999"} {
						for _, path := range []string{"", "/", "/a/b", "//x", "a"} {
							for _, qf := range []string{"", "?", "?q", "#", "#f", "?q#f"} {
								in = append(in, sch+slashes+ui+host+port+path+qf)
							}
						}
					}
				}
			}
		}
	}
	in = append(in, versus.Lines(t, "../testdata/bench/realistic-abs.txt")...)
	n := 0
	for _, s := range in {
		u, err := RFC3986.ParseReference(s)
		if err != nil {
			continue
		}
		n++
		if !httpPartsAgree(u) {
			t.Errorf("%q: the grammar of its scheme and checkHTTPParts disagree", s)
		}
	}
	if n < 10000 {
		t.Errorf("only %d references parsed", n)
	}
}

// FuzzCheckHTTP checks, on values of every syntax, that check never
// panics, that an error's offset is inside the input and reveals no
// byte of a password, that normalizeHTTP is idempotent, and that the
// grammar and checkHTTPParts agree (httpPartsAgree).
func FuzzCheckHTTP(f *testing.F) {
	for _, s := range []string{
		"http://www.example.com/", "http:///x", "https://u:pw@h/", "ws://h/#f", "wss://u@h",
		"HTTP://[fe80::1%25eth0]:80", "http://bücher.example/", "ws:/x", "http://h:99999",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, syntax := range []Syntax{RFC3986, RFC6874, RFC3987} {
			u, err := syntax.ParseReference(s)
			if err != nil {
				continue
			}
			sch, ok := u.Scheme()
			r := rulesOf(sch)
			if !ok || r == nil || r.normalize == nil || rulesOf("http") != r {
				continue
			}
			if syntax == RFC3986 && !httpPartsAgree(u) {
				t.Fatalf("%q: the grammar of its scheme and checkHTTPParts disagree", s)
			}
			if err := r.check(u); err != nil {
				pe, ok := err.(*SchemeError)
				if !ok || pe.Offset < 0 || pe.Offset > len(s) {
					t.Fatalf("check(%q) = %v", s, err)
				}
				if b, e, ok := passwordSpan(s); ok && b <= pe.Offset && pe.Offset < e && pe.Byte >= 0 {
					t.Fatalf("check(%q) reveals byte %d of a password", s, pe.Offset)
				}
			}
			p := refPartsOf(u.Normalize())
			r.normalize(&p)
			once := p.String()
			r.normalize(&p)
			if p.String() != once {
				t.Fatalf("normalizeHTTP(%q) not idempotent: %q, then %q", s, once, p.String())
			}
		}
	})
}
