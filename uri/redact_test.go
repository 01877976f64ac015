package uri_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// TestRedactInputWHATWG checks that RedactInput also hides what a WHATWG
// parser reads as a password (RFC 3986 §7.5), and that URI.Redacted agrees
// with it on every valid input.
func TestRedactInputWHATWG(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http:///user:pw@evil.com", "http:///user:xxxxx@evil.com"},
		{"http:user:pw@evil.com", "http:user:xxxxx@evil.com"},
		{"https:/u:pw@h/p", "https:/u:xxxxx@h/p"},
		{"ws:////u:p:q@h", "ws:////u:xxxxx@h"},
		{`http:\\user:S3cr3tPW@host/`, `http:\\user:xxxxx@host/`},
		{"http:\t//u:p\tw@h/", "http:\t//u:xxxxx@h/"},
		{"http:u:a@b@h/", "http:u:xxxxx@h/"},
		// The WHATWG parse fails after the credentials: at the port, at
		// the host.
		{"http:///u:pw@h:x/", "http:///u:xxxxx@h:x/"},
		{"ws:u:pw@[::1/", "ws:u:xxxxx@[::1/"},
		{"https:\\\\u:pw@a b/", "https:\\\\u:xxxxx@a b/"},
		// §3.2.1: encoded "@" and ":" are part of the user name or password.
		{"http://u%3Aa:p%40w@h/", "http://u%3Aa:xxxxx@h/"},
		// Not special, or file: no authority without "//".
		{"foo:u:pw@h", "foo:u:pw@h"},
		{"file:u:pw@h", "file:u:pw@h"},
		{"file://u:pw@h/", "file://u:xxxxx@h/"},
		// A query or fragment ends the authority.
		{"http:?u:pw@h", "http:?u:pw@h"},
		{"http:#u:pw@h", "http:#u:pw@h"},
		{"http:/x/u:pw@h", "http:/x/u:pw@h"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, uri.RedactInput(tt.in)); diff != "" {
				t.Errorf("RedactInput(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			for _, x := range []uri.Syntax{uri.RFC3986, uri.RFC6874, uri.RFC3987} {
				if u, err := x.ParseReference(tt.in); err == nil {
					if diff := cmp.Diff(tt.want, u.Redacted()); diff != "" {
						t.Errorf("%v.ParseReference(%q).Redacted() mismatch (-want +got):\n%s", x, tt.in, diff)
					}
				}
			}
		})
	}
}

// TestRedactSpan checks that RedactSpan names the bytes RedactInput masks.
func TestRedactSpan(t *testing.T) {
	for _, in := range []string{"http://u:pw@h/", "http:///u:pw@h", "http://h/", "http://u:p@x@h/", "http:\\\\u:pw@h", ""} {
		t.Run(in, func(t *testing.T) {
			b, e, ok := uri.RedactSpan(in)
			want := in
			if ok {
				want = in[:b] + "xxxxx" + in[e:]
			}
			if diff := cmp.Diff(want, uri.RedactInput(in)); diff != "" {
				t.Errorf("RedactSpan(%q) = %d, %d, %v: mismatch (-want +got):\n%s", in, b, e, ok, diff)
			}
		})
	}
}

// TestRedactSpanMatrix checks the span RedactSpan gives (RFC 3986
// §3.2.1, §7.5) on zones (RFC 6874), IRIs (RFC 3987), international
// hosts, empty and undefined components and 1 MB inputs.
func TestRedactSpanMatrix(t *testing.T) {
	const mb = 1 << 20
	type span struct {
		Begin, End int
		OK         bool
	}
	tests := []struct {
		in   string
		want span
	}{
		{"http://u:pw@[fe80::1%25eth0]/", span{9, 11, true}},
		{"http://u:pw@[fe80::1%eth0]/", span{9, 11, true}},        // a zone RFC 6874 rejects
		{"http://u:pw@[fe80::1%25eth0/", span{9, 11, true}},       // unclosed
		{"http://ü:pässwort@bücher.example/", span{10, 19, true}}, // IRI userinfo and host
		{"http://u:pä@bücher.example/", span{9, 12, true}},
		{"https://u:pw@xn--bcher-kva.example/", span{10, 12, true}},
		{"https://u:pw@bücher.example:8080/", span{10, 12, true}},
		{"http://u:@h/", span{9, 9, true}},   // an empty password
		{"http://:pw@h/", span{8, 10, true}}, // an empty user name
		{"http://:@h/", span{8, 8, true}},
		{"http://u:pw@/", span{9, 11, true}}, // an empty host
		{"http://u:pw@", span{9, 11, true}},
		{"http://u@h/", span{}},   // no password
		{"http://@h/", span{}},    // an empty userinfo
		{"http://h/", span{}},     // no userinfo
		{"mailto:u:pw@h", span{}}, // no authority
		{"", span{}},
		{"http://u:" + strings.Repeat("p", mb) + "@h/", span{9, 9 + mb, true}},
		{"http://u:pw@h/" + strings.Repeat("a", mb), span{9, 11, true}},
		{"http://h/" + strings.Repeat("a", mb) + "@", span{}},
		{"http://u:pw@[fe80::1%25" + strings.Repeat("a", mb) + "]/", span{9, 11, true}},
		{"http://u:pw@" + strings.Repeat("ü", mb/2) + "/", span{9, 11, true}},
	}
	for _, tt := range tests {
		t.Run(tt.in[:min(len(tt.in), 40)], func(t *testing.T) {
			var got span
			got.Begin, got.End, got.OK = uri.RedactSpan(tt.in)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("RedactSpan(%.60q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestRedactInputLinear checks that RedactInput on a long hostile input
// masks the password and returns (RFC 3986 §7.5; every operation linear).
func TestRedactInputLinear(t *testing.T) {
	for i, in := range []string{
		"http:///u:" + strings.Repeat("p", 1<<20) + "@h",
		"http://u:" + strings.Repeat("p", 1<<20) + " @h/",
		"http:" + strings.Repeat("/", 1<<20) + "u:pw@h",
		"http://u:pw@" + strings.Repeat("@", 1<<20),
	} {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			out := uri.RedactInput(in)
			if strings.Contains(out, "pw") || strings.Contains(out, "pppp") {
				t.Errorf("RedactInput(%.30q...) shows the password", in)
			}
		})
	}
}

// FuzzRedactInput checks on any input that RedactInput never panics, that
// RedactSpan is a span of the input that RedactInput masks, that the mask
// covers every password a WHATWG parser or this library reads, and that
// URI.Redacted agrees on valid inputs in every syntax (RFC 3986 §7.5).
func FuzzRedactInput(f *testing.F) {
	for _, s := range []string{"http://u:pw@h/", "http:///u:pw@h", `http:\\u:p@h`, "http://u:p@a@b/",
		"http://u:p w@h/", "ws:\t//u:p@h", "//u:p@h", "file://u:p@h/", "foo://u:p@h",
		"http://\u00fc:p@\u00e9/", "http://u:p@[fe80::1%25en0]/", "http:/\u00fc:\u00e9@h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, e, ok := uri.RedactSpan(s)
		got := uri.RedactInput(s)
		if !ok {
			if got != s {
				t.Fatalf("RedactInput(%q) = %q without a span", s, got)
			}
		} else if b < 0 || b > e || e > len(s) || got != s[:b]+"xxxxx"+s[e:] {
			t.Fatalf("RedactSpan(%q) = %d, %d; RedactInput = %q", s, b, e, got)
		}
		if u, err := uri.ParseReference(s); err == nil {
			if pw, hasPW := u.Userinfo(); hasPW && strings.Contains(pw, ":") && (!ok || userinfoEnd(u) > e) {
				t.Fatalf("RedactSpan(%q) does not cover the password of %q", s, pw)
			}
		}
		for _, x := range []uri.Syntax{uri.RFC3986, uri.RFC6874, uri.RFC3987} {
			if u, err := x.ParseReference(s); err == nil && u.Redacted() != got {
				t.Fatalf("%v: Redacted(%q) = %q, RedactInput = %q", x, s, u.Redacted(), got)
			}
		}
	})
}
