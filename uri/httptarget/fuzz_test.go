package httptarget_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/httptarget"
)

// FuzzParse checks that Parse never panics, that a target gives its input
// back and is made of its components, and that an error is a
// *uri.ParseError with an offset inside the input and no password byte.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"/where?q=now", "http://www.example.org/pub/WWW/TheProject.html", "www.example.com:80",
		"*", "/a b", "/a#f", "[::1]:443", "http://u:pw@h/", "", "?", "//x", "a:b", "%zz",
		"http:///x", "h:", ":80", "h:99999", "u:s3cret@h:80", "http:///u:s3cret@h/",
	} {
		for _, m := range []string{"GET", "CONNECT", "OPTIONS", "GE T", ""} {
			f.Add(m, s)
		}
	}
	f.Fuzz(func(t *testing.T, method, s string) {
		got, err := httptarget.Parse(method, s)
		if err != nil {
			var pe *uri.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q, %q) error %T, want *uri.ParseError", method, s, err)
			}
			in := s
			if pe.Want == "method" {
				in = method
			}
			if pe.Offset < 0 || pe.Offset > len(in) {
				t.Fatalf("Parse(%q, %q) offset %d outside the input", method, s, pe.Offset)
			}
			if pe.Want == "method" {
				return
			}
			if b, e, ok := httptarget.RedactSpan(method, s); ok && b <= pe.Offset && pe.Offset < e && pe.Byte >= 0 {
				t.Fatalf("Parse(%q, %q) reveals byte %d of a password", method, s, pe.Offset)
			}
			return
		}
		if got.String() != s {
			t.Fatalf("Parse(%q, %q).String() = %q", method, s, got.String())
		}
		q, hasQ := got.Query()
		switch got.Form() {
		case httptarget.OriginForm:
			want := got.Path()
			if hasQ {
				want += "?" + q
			}
			if want != s || !strings.HasPrefix(s, "/") {
				t.Fatalf("Parse(%q, %q): origin-form path %q query %q", method, s, got.Path(), q)
			}
		case httptarget.AbsoluteForm:
			u, ok := got.URI()
			if !ok || u.String() != s {
				t.Fatalf("Parse(%q, %q): absolute-form URI %q", method, s, u)
			}
		case httptarget.AuthorityForm:
			h, _ := got.Host()
			p, _ := got.Port()
			if method != "CONNECT" || h+":"+p != s {
				t.Fatalf("Parse(%q, %q): authority-form host %q port %q", method, s, h, p)
			}
		case httptarget.AsteriskForm:
			if method != "OPTIONS" || s != "*" {
				t.Fatalf("Parse(%q, %q): asterisk-form", method, s)
			}
		default:
			t.Fatalf("Parse(%q, %q): form %v", method, s, got.Form())
		}
	})
}
