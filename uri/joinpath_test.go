package uri_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// mustParseIn parses s as a URI-reference in syntax x, or panics.
func mustParseIn(x uri.Syntax, s string) uri.URI {
	u, err := x.ParseReference(s)
	if err != nil {
		panic(err)
	}
	return u
}

// decodedSegments returns the segments of u's path, decoded (RFC 3986
// §3.3, §2.1).
func decodedSegments(u uri.URI) []string {
	segs := []string{}
	for s := range u.Path().Segments() {
		segs = append(segs, mustDecode(s))
	}
	return segs
}

// joinedSegments is what JoinPath promises: u's segments, without a final
// empty one, followed by elem.
func joinedSegments(u uri.URI, elem []string) []string {
	segs := decodedSegments(u)
	if len(elem) > 0 && len(segs) > 0 && segs[len(segs)-1] == "" {
		segs = segs[:len(segs)-1]
	}
	return append(segs, elem...)
}

func TestJoinPath(t *testing.T) {
	tests := []struct {
		name   string
		syntax uri.Syntax
		in     string
		elem   []string
		want   string
	}{
		{"encoded slash kept", uri.RFC3986, "https://h/a%2Fb/", []string{"c"}, "https://h/a%2Fb/c"},
		{"after a segment", uri.RFC3986, "https://h/a", []string{"c"}, "https://h/a/c"},
		{"trailing slash replaced", uri.RFC3986, "https://h/a/", []string{"c"}, "https://h/a/c"},
		{"final empty element", uri.RFC3986, "https://h/a", []string{"c", ""}, "https://h/a/c/"},
		{"empty element inside", uri.RFC3986, "https://h/a", []string{"x", "", "y"}, "https://h/a/x//y"},
		{"only an empty element", uri.RFC3986, "https://h/a", []string{""}, "https://h/a/"},
		{"empty element on a trailing slash", uri.RFC3986, "https://h/a/", []string{""}, "https://h/a/"},
		{"root", uri.RFC3986, "https://h/", []string{"c"}, "https://h/c"},
		{"empty path with authority", uri.RFC3986, "https://h", []string{"c"}, "https://h/c"},
		{"empty path, empty element", uri.RFC3986, "https://h", []string{""}, "https://h/"},
		{"query and fragment kept", uri.RFC3986, "https://h?q=1#f", []string{"c", "d"}, "https://h/c/d?q=1#f"},
		{"slash encoded", uri.RFC3986, "https://h/a", []string{"b/c"}, "https://h/a/b%2Fc"},
		{"escapes encoded", uri.RFC3986, "https://h/a", []string{"a b", "100%", "?#[]"}, "https://h/a/a%20b/100%25/%3F%23%5B%5D"},
		{"encoded text is text", uri.RFC3986, "https://h/a", []string{"%2F"}, "https://h/a/%252F"},
		{"dots that are not dot-segments", uri.RFC3986, "https://h/a", []string{"...", ".a", "a."}, "https://h/a/.../.a/a."},
		{"colon after the first segment", uri.RFC3986, "https://h/a", []string{"a:b"}, "https://h/a/a:b"},
		{"sub-delims and @ kept", uri.RFC3986, "https://h", []string{"!$&'()*+,;=@:"}, "https://h/!$&'()*+,;=@:"},
		{"existing dot-segments kept", uri.RFC3986, "https://h/a/../b", []string{"c"}, "https://h/a/../b/c"},
		{"path starting with //", uri.RFC3986, "https://h//a", []string{"b"}, "https://h//a/b"},
		{"non-ASCII encoded", uri.RFC3986, "https://h/", []string{"caf\u00e9"}, "https://h/caf%C3%A9"},
		{"invalid UTF-8 encoded", uri.RFC3986, "https://h/", []string{"\xff"}, "https://h/%FF"},
		{"no elements", uri.RFC3986, "https://h/a%2fb?q#f", nil, "https://h/a%2fb?q#f"},
		{"rootless", uri.RFC3986, "mailto:", []string{"a@example.com"}, "mailto:a@example.com"},
		{"rootless keeps a colon", uri.RFC3986, "s:", []string{"a:b"}, "s:a:b"},
		{"rootless, after a segment", uri.RFC3986, "urn:x", []string{"y"}, "urn:x/y"},
		{"absolute without authority", uri.RFC3986, "file:/", []string{"etc", "hosts"}, "file:/etc/hosts"},
		{"empty reference", uri.RFC3986, "", []string{"a", "b"}, "a/b"},
		{"relative first colon encoded", uri.RFC3986, "", []string{"a:b", "c:d"}, "a%3Ab/c:d"},
		{"relative query kept", uri.RFC3986, "?q", []string{"a"}, "a?q"},
		{"relative path", uri.RFC3986, "a", []string{"b"}, "a/b"},
		{"relative with colon later", uri.RFC3986, "./a:b", []string{"c"}, "./a:b/c"},
		{"network-path", uri.RFC3986, "//h", []string{"a:b"}, "//h/a:b"},
		{"absolute-path", uri.RFC3986, "/", []string{"a:b"}, "/a:b"},
		{"zone", uri.RFC6874, "http://[fe80::1%25en0]/a", []string{"b c"}, "http://[fe80::1%25en0]/a/b%20c"},
		{"zone, empty path", uri.RFC6874, "http://[fe80::1%25en0]?q", []string{"b"}, "http://[fe80::1%25en0]/b?q"},
		{"IRI characters kept", uri.RFC3987, "http://h/r\u00e9", []string{"caf\u00e9", "\u6771\u4eac"}, "http://h/r\u00e9/caf\u00e9/\u6771\u4eac"},
		{"IRI encodes what it refuses", uri.RFC3987, "http://h/r\u00e9", []string{"\u200e", "\ue000", "\xff", "a b"}, "http://h/r\u00e9/%E2%80%8E/%EE%80%80/%FF/a%20b"},
		{"IRI relative first colon", uri.RFC3987, "?\u00e9", []string{"\u00e9:b"}, "\u00e9%3Ab?\u00e9"},
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
			if diff := cmp.Diff(tt.syntax, got.Syntax()); diff != "" && tt.syntax != uri.RFC3987 {
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
		syntax uri.Syntax
		in     string
		elem   []string
		want   error
	}{
		{"dot", uri.RFC3986, "https://h/a", []string{"."}, uri.ErrDotSegment},
		{"dot-dot", uri.RFC3986, "https://h/a/b", []string{".."}, uri.ErrDotSegment},
		{"dot-dot after others", uri.RFC3986, "https://h/a", []string{"b", "..", "c"}, uri.ErrDotSegment},
		{"dot-dot in a relative reference", uri.RFC3986, "", []string{".."}, uri.ErrDotSegment},
		{"empty first segment of a relative path", uri.RFC3986, "", []string{""}, uri.ErrPathForm},
		{"empty first segment of a rootless path", uri.RFC3986, "s:", []string{"", "x"}, uri.ErrPathForm},
		{"path would start with //", uri.RFC3986, "/", []string{"", "x"}, uri.ErrPathForm},
		{"path would start with // after a scheme", uri.RFC3986, "file:/", []string{"", "x"}, uri.ErrPathForm},
		{"zone, dot-dot", uri.RFC6874, "http://[fe80::1%25en0]/", []string{".."}, uri.ErrDotSegment},
		{"IRI, dot", uri.RFC3987, "http://h/\u00e9", []string{"."}, uri.ErrDotSegment},
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
		syntax := syntaxes[x%uint8(len(syntaxes))]
		u, err := syntax.ParseReference(s)
		if err != nil {
			return
		}
		elem := []string{e1, e2, e3}[:1+int(x/4)%3]
		got, err := u.JoinPath(elem...)
		if err != nil {
			switch {
			case errors.Is(err, uri.ErrDotSegment):
				if !slices.Contains(elem, ".") && !slices.Contains(elem, "..") {
					t.Errorf("JoinPath(%q, %q): %v without a dot-segment", s, elem, err)
				}
			case errors.Is(err, uri.ErrPathForm):
			default:
				t.Errorf("JoinPath(%q, %q): undocumented error %v", s, elem, err)
			}
			return
		}
		if diff := cmp.Diff(joinedSegments(u, elem), decodedSegments(got)); diff != "" {
			t.Errorf("JoinPath(%q, %q) segments mismatch (-want +got):\n%s", s, elem, diff)
		}
		w, g := componentsOf(u), componentsOf(got)
		w.Path, g.Path = nil, nil
		if diff := cmp.Diff(w, g); diff != "" {
			t.Errorf("JoinPath(%q, %q) = %q changed more than the path (-want +got):\n%s", s, elem, got, diff)
		}
	})
}
