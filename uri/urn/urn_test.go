package urn_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/urn"
)

// parts is what the tests compare of a URN; nil pointers are undefined
// components.
type parts struct {
	NID, NSS, AssignedName string
	R, Q, F                *string
}

func partsOf(n urn.URN) parts {
	opt := func(s string, ok bool) *string {
		if !ok {
			return nil
		}
		return &s
	}
	return parts{
		NID: n.NID(), NSS: n.NSS(), AssignedName: n.AssignedName(),
		R: opt(n.RComponent()), Q: opt(n.QComponent()), F: opt(n.FComponent()),
	}
}

func str(s string) *string { return &s }

// TestParse reads RFC 8141's own examples (§2.3, §3.2) and the edges of
// the grammar.
func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want parts
	}{
		{"urn:example:a123,z456", parts{NID: "example", NSS: "a123,z456", AssignedName: "urn:example:a123,z456"}},
		{"URN:EXAMPLE:a123,z456", parts{NID: "EXAMPLE", NSS: "a123,z456", AssignedName: "URN:EXAMPLE:a123,z456"}},
		{"urn:example:a123,z456%2d", parts{NID: "example", NSS: "a123,z456%2d", AssignedName: "urn:example:a123,z456%2d"}},
		{"urn:example:a123,z456?+abc", parts{NID: "example", NSS: "a123,z456", AssignedName: "urn:example:a123,z456", R: str("abc")}},
		{"urn:example:a123,z456?=xyz", parts{NID: "example", NSS: "a123,z456", AssignedName: "urn:example:a123,z456", Q: str("xyz")}},
		{"urn:example:a123,z456#789", parts{NID: "example", NSS: "a123,z456", AssignedName: "urn:example:a123,z456", F: str("789")}},
		{"urn:example:a123,z456/foo", parts{NID: "example", NSS: "a123,z456/foo", AssignedName: "urn:example:a123,z456/foo"}},
		{"urn:example:foo-bar-baz-qux?+CCResolve:cc=uk", parts{NID: "example", NSS: "foo-bar-baz-qux",
			AssignedName: "urn:example:foo-bar-baz-qux", R: str("CCResolve:cc=uk")}},
		{"urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z", parts{NID: "example", NSS: "weather",
			AssignedName: "urn:example:weather", Q: str("op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z")}},
		{"urn:example:foo-bar-baz-qux#somepart", parts{NID: "example", NSS: "foo-bar-baz-qux",
			AssignedName: "urn:example:foo-bar-baz-qux", F: str("somepart")}},
		// Defined but empty: only the f-component can be.
		{"urn:ex:a#", parts{NID: "ex", NSS: "a", AssignedName: "urn:ex:a", F: str("")}},
		{"urn:ex:a?+r?=q#f", parts{NID: "ex", NSS: "a", AssignedName: "urn:ex:a", R: str("r"), Q: str("q"), F: str("f")}},
		{"urn:ex:a?+r?x?=q?y#f?z", parts{NID: "ex", NSS: "a", AssignedName: "urn:ex:a", R: str("r?x"), Q: str("q?y"), F: str("f?z")}},
		{"urn:ex:a/../b", parts{NID: "ex", NSS: "a/../b", AssignedName: "urn:ex:a/../b"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			n, err := urn.Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, partsOf(n)); diff != "" {
				t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if got := n.String(); got != tt.in {
				t.Errorf("Parse(%q).String() = %q", tt.in, got)
			}
			if got := n.URI().String(); got != tt.in {
				t.Errorf("Parse(%q).URI() = %q", tt.in, got)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	type errInfo struct {
		Type         string
		Want, Rule   string
		Offset, Byte int
	}
	tests := []struct {
		in   string
		want errInfo
	}{
		{"urn:-bad:x", errInfo{"scheme", "namestring", "NID", 4, '-'}},
		{"urn:ex:", errInfo{"scheme", "namestring", "assigned-name", 7, -1}},
		{"urn:ex:a?b", errInfo{"scheme", "namestring", "NSS", 8, '?'}},
		{"isbn:0451450523", errInfo{"scheme", "namestring", "assigned-name", 0, 'i'}},
		{"urn:ex:a b", errInfo{"parse", "URI", "path-rootless", 8, ' '}},
		{"", errInfo{"parse", "URI", "URI", 0, -1}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := urn.Parse(tt.in)
			var got errInfo
			var se *uri.SchemeError
			var pe *uri.ParseError
			switch {
			case errors.As(err, &se):
				got = errInfo{"scheme", se.Want, se.Rule, se.Offset, se.Byte}
			case errors.As(err, &pe):
				got = errInfo{"parse", pe.Want, pe.Rule, pe.Offset, pe.Byte}
			default:
				t.Fatalf("Parse(%q) error = %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Parse(%q) error mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestEquivalent checks the examples of RFC 8141 §3.2.
func TestEquivalent(t *testing.T) {
	groups := [][]string{
		{"urn:example:a123,z456", "URN:example:a123,z456", "urn:EXAMPLE:a123,z456",
			"urn:example:a123,z456?+abc", "urn:example:a123,z456?=xyz", "urn:example:a123,z456#789"},
		{"urn:example:a123,z456%2d", "urn:example:a123,z456%2D"},
		{"urn:example:a123,z456-"},
		{"urn:example:a123,z456/foo"}, {"urn:example:a123,z456/bar"}, {"urn:example:a123,z456/baz"},
		{"urn:example:a123%2Cz456", "URN:EXAMPLE:a123%2cz456"},
		{"urn:example:A123,z456"},
		{"urn:example:a123,Z456"},
	}
	for i, g := range groups {
		for j, h := range groups {
			for _, a := range g {
				for _, b := range h {
					na, nb := urn.MustParse(a), urn.MustParse(b)
					if got, want := na.Equivalent(nb), i == j; got != want {
						t.Errorf("Equivalent(%q, %q) = %v, want %v", a, b, got, want)
					}
					if got, want := na.Equal(nb), a == b; got != want {
						t.Errorf("Equal(%q, %q) = %v, want %v", a, b, got, want)
					}
					// uri.Compare agrees with Equivalent on URNs.
					if got, want := uri.Compare(na.URI(), nb.URI()).Equivalent(), i == j; got != want {
						t.Errorf("uri.Compare(%q, %q).Equivalent() = %v, want %v", a, b, got, want)
					}
				}
			}
		}
	}
}

// TestFromURISyntaxes reads URNs of every syntax: an IRI gives the URN of
// the URI it maps to.
func TestFromURISyntaxes(t *testing.T) {
	tests := []struct {
		syntax uri.Syntax
		in     string
		want   string
	}{
		{uri.RFC3986, "urn:ex:a", "urn:ex:a"},
		{uri.RFC6874, "urn:ex:a", "urn:ex:a"},
		{uri.RFC3987, "urn:ex:a", "urn:ex:a"},
		{uri.RFC3987, "urn:ex:\u00e9?+\u00e9#\u00e9", "urn:ex:%C3%A9?+%C3%A9#%C3%A9"},
	}
	for _, tt := range tests {
		t.Run(tt.syntax.String()+" "+tt.in, func(t *testing.T) {
			u, err := tt.syntax.Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			n, err := urn.FromURI(u)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, n.String()); diff != "" {
				t.Errorf("FromURI(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestZeroValue(t *testing.T) {
	var n urn.URN
	got := partsOf(n)
	if diff := cmp.Diff(parts{}, got); diff != "" {
		t.Errorf("URN{} parts mismatch (-want +got):\n%s", diff)
	}
	if n.String() != "" || n.URI().String() != "" || !n.Equal(urn.URN{}) {
		t.Errorf("URN{}: String %q, URI %q", n.String(), n.URI().String())
	}
}

func TestHugeNSS(t *testing.T) {
	s := "urn:ex:" + strings.Repeat("a/", 1<<20)
	n, err := urn.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(n.NSS()) != 2<<20 {
		t.Errorf("len(NSS) = %d", len(n.NSS()))
	}
}
