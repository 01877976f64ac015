package rfc8141

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func rule(t *testing.T, name string) Rule {
	t.Helper()
	r, ok := Lookup(name)
	if !ok {
		t.Fatalf("no rule %q", name)
	}
	return r
}

// TestEveryABNFRuleHasAPEGRule checks that the rules of RFC 8141 §2 are
// rules of the grammar under their ABNF names.
func TestEveryABNFRuleHasAPEGRule(t *testing.T) {
	for _, name := range []string{
		"namestring", "assigned-name", "NID", "ldh", "NSS", "rq-components",
		"r-component", "q-component", "f-component", "alphanum",
		// RFC 3986 rules it uses.
		"pchar", "fragment", "pct-encoded", "URI",
	} {
		r := rule(t, name)
		if got := r.String(); got != name {
			t.Errorf("Lookup(%q).String() = %q", name, got)
		}
	}
}

// TestNamestring matches URNs, RFC 8141's own examples first, and
// compares the components they are made of.
func TestNamestring(t *testing.T) {
	type parts struct{ NID, NSS, R, Q, F string }
	tests := []struct {
		in    string
		valid bool
		want  parts
	}{
		// RFC 8141 §3.2.
		{"urn:example:a123,z456", true, parts{NID: "example", NSS: "a123,z456"}},
		{"URN:EXAMPLE:a123,z456", true, parts{NID: "EXAMPLE", NSS: "a123,z456"}},
		{"urn:example:a123,z456%2D", true, parts{NID: "example", NSS: "a123,z456%2D"}},
		{"urn:example:a123,z456?+abc", true, parts{NID: "example", NSS: "a123,z456", R: "abc"}},
		{"urn:example:a123,z456?=xyz", true, parts{NID: "example", NSS: "a123,z456", Q: "xyz"}},
		{"urn:example:a123,z456#789", true, parts{NID: "example", NSS: "a123,z456", F: "789"}},
		{"urn:example:a123,z456/foo", true, parts{NID: "example", NSS: "a123,z456/foo"}},
		// RFC 8141 §2.3.1 and §2.3.2.
		{"urn:example:foo-bar-baz-qux?+CCResolve:cc=uk", true, parts{NID: "example", NSS: "foo-bar-baz-qux", R: "CCResolve:cc=uk"}},
		{"urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z", true,
			parts{NID: "example", NSS: "weather", Q: "op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z"}},
		// The r-component ends where a q-component begins.
		{"urn:ab:x?+a?b?=c?d#e?f", true, parts{NID: "ab", NSS: "x", R: "a?b", Q: "c?d", F: "e?f"}},
		{"urn:ab:x?+a?=?b", true, parts{NID: "ab", NSS: "x", R: "a?=?b"}},
		{"urn:ab:x#", true, parts{NID: "ab", NSS: "x"}},
		{"urn:a-b:x", true, parts{NID: "a-b", NSS: "x"}},
		{"urn:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa:x", true, parts{NID: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", NSS: "x"}},
		// Invalid: NID starting or ending with "-", too short or long;
		// empty NSS; "?" alone; r-component after q-component.
		{"urn:-bad:x", false, parts{}},
		{"urn:bad-:x", false, parts{}},
		{"urn:a:x", false, parts{}},
		{"urn:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa:x", false, parts{}},
		{"urn:ab:", false, parts{}},
		{"urn:ab:/x", false, parts{}},
		{"urn:ab:x?y", false, parts{}},
		{"urn:ab:x?+", false, parts{}},
		{"urn:ab:x?=b?+a", true, parts{NID: "ab", NSS: "x", Q: "b?+a"}},
		{"urn:ab:x%2", false, parts{}},
		{"urx:ab:x", false, parts{}},
	}
	p := NewParser()
	ns := rule(t, "namestring")
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := p.Match(ns, tt.in); got != tt.valid {
				t.Fatalf("Match(namestring, %q) = %v, want %v", tt.in, got, tt.valid)
			}
			if !tt.valid {
				return
			}
			var got parts
			for i := 0; i < p.Tokens().Len(); i++ {
				tok := p.Tokens().At(i)
				s := tt.in[tok.Begin:tok.End]
				switch Rule(tok.Rule).String() {
				case "NID":
					got.NID = s
				case "NSS":
					got.NSS = s
				case "r-component":
					got.R = s
				case "q-component":
					got.Q = s
				case "f-component":
					got.F = s
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Match(namestring, %q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}
