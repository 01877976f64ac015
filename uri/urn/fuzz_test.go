package urn_test

import (
	"errors"
	"testing"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/urn"
)

// FuzzParse checks that Parse never panics; that a URN gives its input
// back and is its assigned name followed by its components (RFC 8141 §2);
// that it is Equivalent to itself (§3.1); and that an error is a
// *uri.ParseError or *uri.SchemeError with an offset inside the input.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"urn:example:a123,z456", "URN:EXAMPLE:a123,z456", "urn:example:A123,z456",
		"urn:example:a123%2Cz456", "urn:example:a%2c", "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",
		"urn:example:weather?=op=map&lat=39.56&lon=-104.85", "urn:example:a?+r?=q#f", "urn:example:a#",
		"urn:ex:", "urn:a:x", "urn:urn-1:x", "urn:x-:y", "urn:example:/a", "urn:example:a?+", "urn:example:a?=",
		"http://h/", "", "urn:", "urn:example", "urn:ex-ample:%zz", "urn:example:a b",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := urn.Parse(s)
		if err != nil {
			var pe *uri.ParseError
			var se *uri.SchemeError
			switch {
			case errors.As(err, &pe):
				if pe.Offset < 0 || pe.Offset > len(s) {
					t.Fatalf("Parse(%q) offset %d outside the input", s, pe.Offset)
				}
			case errors.As(err, &se):
				if se.Offset < 0 || se.Offset > len(s) {
					t.Fatalf("Parse(%q) offset %d outside the input", s, se.Offset)
				}
			default:
				t.Fatalf("Parse(%q) error %T, want *uri.ParseError or *uri.SchemeError", s, err)
			}
			return
		}
		if n.String() != s || n.URI().String() != s {
			t.Fatalf("Parse(%q).String() = %q, URI() = %q", s, n.String(), n.URI())
		}
		rebuilt := n.AssignedName()
		if r, ok := n.RComponent(); ok {
			rebuilt += "?+" + r
		}
		if q, ok := n.QComponent(); ok {
			rebuilt += "?=" + q
		}
		if fr, ok := n.FComponent(); ok {
			rebuilt += "#" + fr
		}
		if rebuilt != s || n.AssignedName() != s[:4]+n.NID()+":"+n.NSS() {
			t.Fatalf("Parse(%q): components rebuild %q", s, rebuilt)
		}
		if n.NID() == "" || n.NSS() == "" || !n.Equivalent(n) {
			t.Fatalf("Parse(%q): NID %q, NSS %q, Equivalent to itself %v", s, n.NID(), n.NSS(), n.Equivalent(n))
		}
		if m, err := urn.FromURI(n.URI()); err != nil || !m.Equal(n) {
			t.Fatalf("FromURI(Parse(%q).URI()) = %q, %v", s, m, err)
		}
	})
}
