package uri_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// FuzzNormalize checks that normalization (RFC 3986 §6.2.2, §6.2.3) is
// idempotent under every option, that its result parses to the same
// structure, and that Compare puts the input and its syntax-based
// normalization on the exact or syntax-based rung (for a URN with
// percent-encodings, which URN-equivalence does not decode, RFC 8141 §3.1:
// equivalent, or differing in the NSS).
func FuzzNormalize(f *testing.F) {
	var ns []normalizeCase
	readConformance(f, "normalize.json", &ns)
	for _, c := range ns {
		f.Add(c.Input)
	}
	var es []equivalentCase
	readConformance(f, "equivalent.json", &es)
	for _, c := range es {
		f.Add(c.A)
		f.Add(c.B)
	}
	for _, s := range []string{"urn:ex:a%2D", "URN:EX:a/../b?+r#f", "urn:-bad:%41", "data:a/./b", "mailto:a@b?x=./.."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.ParseReference(s)
		if err != nil {
			return
		}
		for _, o := range []uri.NormalizeOptions{{}, {SchemeBased: true}, {IPv6Canonical: true}, {SchemeBased: true, IPv6Canonical: true}} {
			n := o.Normalize(u)
			again, err := uri.ParseReference(n.String())
			if err != nil {
				t.Fatalf("%+v.Normalize(%q) = %q does not parse: %v", o, s, n, err)
			}
			if diff := cmp.Diff(shapeOf(n), shapeOf(again), cmp.AllowUnexported(uri.RefPartsOf(uri.URI{}))); diff != "" {
				t.Fatalf("Parse(%+v.Normalize(%q)) mismatch (-want +got):\n%s", o, s, diff)
			}
			if diff := cmp.Diff(n.String(), o.Normalize(n).String()); diff != "" {
				t.Fatalf("%+v.Normalize(%q) not idempotent (-once +twice):\n%s", o, s, diff)
			}
			_, hadScheme := u.Scheme()
			_, hasScheme := n.Scheme()
			_, hadAuth := u.Authority()
			_, hasAuth := n.Authority()
			_, hadQ := u.Query()
			_, hasQ := n.Query()
			_, hadF := u.Fragment()
			_, hasF := n.Fragment()
			if hadScheme != hasScheme || hadAuth != hasAuth || hadQ != hasQ || hadF != hasF {
				t.Fatalf("%+v.Normalize(%q) = %q changed which components are defined", o, s, n)
			}
		}
		c := uri.Compare(u, u.Normalize())
		if isURN(s) && strings.Contains(s, "%") {
			// RFC 8141 §3.1: URN-equivalence does not decode
			// percent-encodings, which §6.2.2.2 decodes.
			if c.Level == uri.Different && c.Component != "NSS" {
				t.Fatalf("Compare(%q, Normalize(%q)) = %+v, want equivalent or a different NSS", s, s, c)
			}
		} else if c.Level != uri.Exact && c.Level != uri.SyntaxBased {
			t.Fatalf("Compare(%q, Normalize(%q)) = %v, want exact or syntax-based", s, s, c.Level)
		}
	})
}
