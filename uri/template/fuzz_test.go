package template

import (
	"errors"
	"testing"

	"github.com/specuri/specuri/internal/ascii"
	"github.com/specuri/specuri/uri"
)

// FuzzParseExpand checks that Parse never panics, that String gives the
// template back, and that every successful expansion, of values made from
// the fuzzed strings, parses as a URI-reference (RFC 3986 §4.1), or with
// IRI as an IRI-reference (RFC 3987 §2.2).
func FuzzParseExpand(f *testing.F) {
	for _, c := range loadSuite(f) {
		f.Add(c.template, "a b%2F%zz\u00fc", ",\xff/;?")
	}
	f.Fuzz(func(t *testing.T, tmpl, a, b string) {
		tm, err := Parse(tmpl)
		if err != nil {
			if _, ok := err.(*uri.ParseError); !ok {
				t.Fatalf("Parse(%q) error %T, want *uri.ParseError", tmpl, err)
			}
			return
		}
		if tm.String() != tmpl {
			t.Fatalf("Parse(%q).String() = %q", tmpl, tm.String())
		}
		// Each variable gets a value of each kind in turn; undefined too.
		for k := range 5 {
			vars := make(Values)
			for i, name := range tm.Varnames() {
				switch (i + k) % 5 {
				case 0:
					vars[name] = String(a)
				case 1:
					vars[name] = List(a, b)
				case 2:
					vars[name] = Assoc(Pair{a, b}, Pair{b, ""})
				case 3:
					vars[name] = String(b)
				}
			}
			got, err := tm.Expand(vars)
			if err == nil && !ascii.Is(got) {
				t.Fatalf("Expand(%q) = %q: not ASCII", tmpl, got)
			} else if err != nil {
				if _, ok := err.(*ExpandError); !ok {
					t.Fatalf("Expand(%q) error %T, want *ExpandError", tmpl, err)
				}
			}
			checked, cerr := ExpandOptions{Check: true}.Expand(tm, vars)
			switch _, perr := uri.ParseReference(got); {
			case err != nil:
			case perr == nil && (cerr != nil || checked != got):
				t.Fatalf("Expand(%q) with Check = %q, %v; want %q", tmpl, checked, cerr, got)
			case perr != nil:
				var e *ExpandError
				if !errors.As(cerr, &e) || e.Kind != NotReference {
					t.Fatalf("Expand(%q) with Check = %q, %v; want a NotReference error", tmpl, checked, cerr)
				}
			}
			iri, err := ExpandOptions{IRI: true, Check: true}.Expand(tm, vars)
			if err == nil {
				if _, perr := uri.RFC3987.ParseReference(iri); perr != nil {
					t.Fatalf("Expand IRI(%q) = %q, not an IRI-reference: %v", tmpl, iri, perr)
				}
			}
		}
	})
}
