package uri

import (
	"errors"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// mustParseIn parses s as a URI-reference in syntax x, or panics.
func mustParseIn(x Syntax, s string) URI {
	u, err := x.ParseReference(s)
	if err != nil {
		panic(err)
	}
	return u
}

// decodedSegments returns the segments of u's path, decoded (RFC 3986
// §3.3, §2.1).
func decodedSegments(u URI) []string {
	segs := []string{}
	for s := range u.Path().Segments() {
		segs = append(segs, mustDecode(s))
	}
	return segs
}

// joinedSegments is what JoinPath promises: u's segments, without a final
// empty one, followed by elem.
func joinedSegments(u URI, elem []string) []string {
	segs := decodedSegments(u)
	if len(elem) > 0 && len(segs) > 0 && segs[len(segs)-1] == "" {
		segs = segs[:len(segs)-1]
	}
	return append(segs, elem...)
}

func TestJoinPath(t *testing.T) {
	tests := []struct {
		name   string
		syntax Syntax
		in     string
		elem   []string
		want   string
	}{
		{"encoded slash kept", RFC3986, "https://h/a%2Fb/", []string{"c"}, "https://h/a%2Fb/c"},
		{"after a segment", RFC3986, "https://h/a", []string{"c"}, "https://h/a/c"},
		{"trailing slash replaced", RFC3986, "https://h/a/", []string{"c"}, "https://h/a/c"},
		{"final empty element", RFC3986, "https://h/a", []string{"c", ""}, "https://h/a/c/"},
		{"empty element inside", RFC3986, "https://h/a", []string{"x", "", "y"}, "https://h/a/x//y"},
		{"only an empty element", RFC3986, "https://h/a", []string{""}, "https://h/a/"},
		{"empty element on a trailing slash", RFC3986, "https://h/a/", []string{""}, "https://h/a/"},
		{"root", RFC3986, "https://h/", []string{"c"}, "https://h/c"},
		{"empty path with authority", RFC3986, "https://h", []string{"c"}, "https://h/c"},
		{"empty path, empty element", RFC3986, "https://h", []string{""}, "https://h/"},
		{"query and fragment kept", RFC3986, "https://h?q=1#f", []string{"c", "d"}, "https://h/c/d?q=1#f"},
		{"slash encoded", RFC3986, "https://h/a", []string{"b/c"}, "https://h/a/b%2Fc"},
		{"escapes encoded", RFC3986, "https://h/a", []string{"a b", "100%", "?#[]"}, "https://h/a/a%20b/100%25/%3F%23%5B%5D"},
		{"encoded text is text", RFC3986, "https://h/a", []string{"%2F"}, "https://h/a/%252F"},
		{"dots that are not dot-segments", RFC3986, "https://h/a", []string{"...", ".a", "a."}, "https://h/a/.../.a/a."},
		{"colon after the first segment", RFC3986, "https://h/a", []string{"a:b"}, "https://h/a/a:b"},
		{"sub-delims and @ kept", RFC3986, "https://h", []string{"!$&'()*+,;=@:"}, "https://h/!$&'()*+,;=@:"},
		{"existing dot-segments kept", RFC3986, "https://h/a/../b", []string{"c"}, "https://h/a/../b/c"},
		{"path starting with //", RFC3986, "https://h//a", []string{"b"}, "https://h//a/b"},
		{"non-ASCII encoded", RFC3986, "https://h/", []string{"caf\u00e9"}, "https://h/caf%C3%A9"},
		{"invalid UTF-8 encoded", RFC3986, "https://h/", []string{"\xff"}, "https://h/%FF"},
		{"no elements", RFC3986, "https://h/a%2fb?q#f", nil, "https://h/a%2fb?q#f"},
		{"rootless", RFC3986, "mailto:", []string{"a@example.com"}, "mailto:a@example.com"},
		{"rootless keeps a colon", RFC3986, "s:", []string{"a:b"}, "s:a:b"},
		{"rootless, after a segment", RFC3986, "urn:x", []string{"y"}, "urn:x/y"},
		{"absolute without authority", RFC3986, "file:/", []string{"etc", "hosts"}, "file:/etc/hosts"},
		{"empty reference", RFC3986, "", []string{"a", "b"}, "a/b"},
		{"relative first colon encoded", RFC3986, "", []string{"a:b", "c:d"}, "a%3Ab/c:d"},
		{"relative query kept", RFC3986, "?q", []string{"a"}, "a?q"},
		{"relative path", RFC3986, "a", []string{"b"}, "a/b"},
		{"relative with colon later", RFC3986, "./a:b", []string{"c"}, "./a:b/c"},
		{"network-path", RFC3986, "//h", []string{"a:b"}, "//h/a:b"},
		{"absolute-path", RFC3986, "/", []string{"a:b"}, "/a:b"},
		{"zone", RFC6874, "http://[fe80::1%25en0]/a", []string{"b c"}, "http://[fe80::1%25en0]/a/b%20c"},
		{"zone, empty path", RFC6874, "http://[fe80::1%25en0]?q", []string{"b"}, "http://[fe80::1%25en0]/b?q"},
		{"IRI characters kept", RFC3987, "http://h/r\u00e9", []string{"caf\u00e9", "\u6771\u4eac"}, "http://h/r\u00e9/caf\u00e9/\u6771\u4eac"},
		{"IRI encodes what it refuses", RFC3987, "http://h/r\u00e9", []string{"\u200e", "\ue000", "\xff", "a b"}, "http://h/r\u00e9/%E2%80%8E/%EE%80%80/%FF/a%20b"},
		{"IRI relative first colon", RFC3987, "?\u00e9", []string{"\u00e9:b"}, "\u00e9%3Ab?\u00e9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := tt.syntax.ParseReference(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			got, err := u.JoinPath(tt.elem...)
			if err != nil {
				t.Fatalf("JoinPath(%q, %q): %v", tt.in, tt.elem, err)
			}
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("JoinPath(%q, %q) mismatch (-want +got):\n%s", tt.in, tt.elem, diff)
			}
			if diff := cmp.Diff(tt.syntax, got.Syntax()); diff != "" && tt.syntax != RFC3987 {
				t.Errorf("JoinPath(%q, %q) syntax mismatch (-want +got):\n%s", tt.in, tt.elem, diff)
			}
			if diff := cmp.Diff(joinedSegments(u, tt.elem), decodedSegments(got)); diff != "" {
				t.Errorf("JoinPath(%q, %q) segments mismatch (-want +got):\n%s", tt.in, tt.elem, diff)
			}
		})
	}
}

func TestJoinPathErrors(t *testing.T) {
	tests := []struct {
		name   string
		syntax Syntax
		in     string
		elem   []string
		want   error
	}{
		{"dot", RFC3986, "https://h/a", []string{"."}, ErrDotSegment},
		{"dot-dot", RFC3986, "https://h/a/b", []string{".."}, ErrDotSegment},
		{"dot-dot after others", RFC3986, "https://h/a", []string{"b", "..", "c"}, ErrDotSegment},
		{"dot-dot in a relative reference", RFC3986, "", []string{".."}, ErrDotSegment},
		{"empty first segment of a relative path", RFC3986, "", []string{""}, ErrPathForm},
		{"empty first segment of a rootless path", RFC3986, "s:", []string{"", "x"}, ErrPathForm},
		{"path would start with //", RFC3986, "/", []string{"", "x"}, ErrPathForm},
		{"path would start with // after a scheme", RFC3986, "file:/", []string{"", "x"}, ErrPathForm},
		{"zone, dot-dot", RFC6874, "http://[fe80::1%25en0]/", []string{".."}, ErrDotSegment},
		{"IRI, dot", RFC3987, "http://h/\u00e9", []string{"."}, ErrDotSegment},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := tt.syntax.ParseReference(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			got, err := u.JoinPath(tt.elem...)
			if !errors.Is(err, tt.want) {
				t.Errorf("JoinPath(%q, %q) = %q, %v; want error %v", tt.in, tt.elem, got, err, tt.want)
			}
		})
	}
}

// FuzzJoinPath checks that JoinPath never panics, that it fails only with
// a documented error, and that the segments of its result decode to u's
// segments, without a final empty one, followed by the elements.
func FuzzJoinPath(f *testing.F) {
	f.Add(uint8(0), "https://h/a%2Fb/", "c", "", "d")
	f.Add(uint8(0), "", "a:b", "c", "..")
	f.Add(uint8(0), "s:", "", "x", "y")
	f.Add(uint8(1), "http://[fe80::1%25en0]", "a b", "/", "%")
	f.Add(uint8(2), "http://h/r\u00e9?q#f", "caf\u00e9", "\ue000", "\xff")
	f.Fuzz(func(t *testing.T, x uint8, s, e1, e2, e3 string) {
		syntax := Syntax(x % uint8(numSyntaxes))
		u, err := syntax.ParseReference(s)
		if err != nil {
			return
		}
		elem := []string{e1, e2, e3}[:1+int(x/4)%3]
		got, err := u.JoinPath(elem...)
		if err != nil {
			switch {
			case errors.Is(err, ErrDotSegment):
				if !slices.Contains(elem, ".") && !slices.Contains(elem, "..") {
					t.Errorf("JoinPath(%q, %q): %v without a dot-segment", s, elem, err)
				}
			case errors.Is(err, ErrPathForm):
			default:
				t.Errorf("JoinPath(%q, %q): undocumented error %v", s, elem, err)
			}
			return
		}
		if diff := cmp.Diff(joinedSegments(u, elem), decodedSegments(got)); diff != "" {
			t.Errorf("JoinPath(%q, %q) segments mismatch (-want +got):\n%s", s, elem, diff)
		}
		for _, c := range []int{cScheme, cAuthority, cQuery, cFragment} {
			w, wok := u.get(c)
			g, gok := got.get(c)
			if w != g || wok != gok {
				t.Errorf("JoinPath(%q, %q) = %q changed component %d", s, elem, got, c)
			}
		}
	})
}
